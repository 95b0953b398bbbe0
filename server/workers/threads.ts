/** How many threads the worker pool runs (no piscina here: server/config.ts reads it while parsing WORKER_THREADS). */
import os from 'node:os';

/** WORKER_THREADS when it is a whole number ≥ 1, else max(1, CPUs − 1). */
export function defaultThreadCount(env: Readonly<Record<string, string | undefined>>): number {
  const asked = Number(env['WORKER_THREADS']);
  if (Number.isInteger(asked) && asked >= 1) return asked;
  return Math.max(1, os.availableParallelism() - 1);
}
