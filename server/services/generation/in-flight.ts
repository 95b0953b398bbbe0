/**
 * The runs this process is working (a worker's jobs): each one's abort switch and its end. Held by the app
 * instance (deps.runs, made in server/bootstrap.ts), never by a module. A cancel taken by this process stops
 * its own run at once; a cancel taken elsewhere reaches the run through its job (services/jobs.ts).
 */
import type { RunEnd } from './prediction';

export interface RunsInFlight {
  /** Registers a run this process has just started working. */
  add(id: string, controller: AbortController, end: Promise<RunEnd>): void;
  /** Forgets a run once its attempt has ended. */
  remove(id: string): void;
  /** The end of one of this process's runs still going; undefined when it is not (or no longer) here. */
  endOf(id: string): Promise<RunEnd> | undefined;
  /** Stops one of this process's runs (a cancel); nothing when it is not here. */
  abort(id: string, reason: Error): void;
  /** How many runs are going. */
  readonly size: number;
  /** Stops every run and waits for each attempt to end (the process stops: the runs move to another worker). */
  abortAll(reason: Error): Promise<void>;
}

export function createRunsInFlight(): RunsInFlight {
  const runs = new Map<string, { readonly controller: AbortController; readonly end: Promise<RunEnd> }>();
  return {
    add: (id, controller, end) => void runs.set(id, { controller, end }),
    remove: (id) => void runs.delete(id),
    endOf: (id) => runs.get(id)?.end,
    abort: (id, reason) => runs.get(id)?.controller.abort(reason),
    get size() {
      return runs.size;
    },
    async abortAll(reason) {
      const going = [...runs.values()];
      for (const run of going) run.controller.abort(reason);
      await Promise.all(going.map((run) => run.end.catch(() => undefined)));
    },
  };
}
