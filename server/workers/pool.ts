/**
 * The server's worker pool (piscina) for CPU work: image decode/encode, OCR, audio synthesis,
 * video rendering. Tasks are named in ./tasks.ts and run in worker threads, at most `maxThreads`
 * at a time (config.workerThreads: WORKER_THREADS, default cpus − 1, at least 1); the rest wait in a
 * bounded queue. Each app instance holds its pool (deps.pool, made by server/bootstrap.ts, or handed in
 * by tests that share one between instances):
 *
 *   const png = await deps.pool.run('image.scene', { width, height, seed, prompt, style: 'art' }, { signal });
 *
 * Aborting `signal` rejects at once with the signal's reason; the task sees ctx.cancelled and stops
 * (killing any child process it started); a task still running after `cancelGraceMs` (10 s) is
 * ended by terminating its thread (a last resort: sharp advises against terminating a thread in the
 * middle of an operation). More than maxThreads + maxQueue tasks at once: PoolBusyError.
 *
 * The tasks that run an offline model (./model-tasks.ts) go to threads of their own, `modelThreads` of
 * them (config.models.runs: MODEL_RUNS, default 1), started with the first such task: each holds its
 * loaded models (a few hundred MB), so their number bounds the pool's memory, and one loaded thread
 * serves every model run in turn.
 */
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { TaskInput, TaskName, TaskOutput } from './tasks';
import type { TaskMessage } from './run-task';
import { defaultThreadCount } from './threads';
import { MODEL_TASKS } from './model-tasks';

export { defaultThreadCount };

export interface WorkerPoolOptions {
  /** Most tasks running at once (threads). Default max(1, cpus − 1). */
  readonly maxThreads?: number;
  /** Most tasks waiting for a thread; beyond it run() rejects with PoolBusyError. Default 64. */
  readonly maxQueue?: number;
  /** How long an idle thread is kept. Default 30 s. */
  readonly idleTimeoutMs?: number;
  /** How long a cancelled task may take to stop by itself before its thread is terminated. Default 10 s. */
  readonly cancelGraceMs?: number;
  /** Threads for the offline models' tasks (model runs at once). Default 1. */
  readonly modelThreads?: number;
}

export interface RunOptions {
  readonly signal?: AbortSignal | undefined;
}

export interface WorkerPool {
  run<N extends TaskName>(name: N, input: TaskInput<N>, options?: RunOptions): Promise<TaskOutput<N>>;
  readonly maxThreads: number;
  /** Tasks waiting for a thread. */
  readonly queueSize: number;
  /** Waits for running tasks, then stops the threads. */
  close(): Promise<void>;
}

export class PoolBusyError extends Error {
  constructor() {
    super('The server is busy: too many tasks are waiting');
    this.name = 'PoolBusyError';
  }
}

const entry = fileURLToPath(new URL('./entry.mjs', import.meta.url));

export function createWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const maxThreads = Math.max(1, Math.floor(options.maxThreads ?? defaultThreadCount({})));
  const modelThreads = Math.max(1, Math.floor(options.modelThreads ?? 1));
  const maxQueue = Math.max(0, options.maxQueue ?? 64);
  // sharp (libvips) must stay loaded in the main thread while threads use it: on glibc a thread's
  // exit would otherwise unload the library under the others (sharp's worker-thread advice).
  createRequire(import.meta.url)('sharp');
  const threads = threadGroup(maxThreads, maxQueue, options);
  let models: ThreadGroup | undefined;
  return {
    maxThreads,
    get queueSize() {
      return threads.queueSize + (models?.queueSize ?? 0);
    },
    run(name, input, runOptions = {}) {
      if (!MODEL_TASKS.has(name)) return threads.run(name, input, runOptions) as Promise<TaskOutput<typeof name>>;
      models ??= threadGroup(modelThreads, maxQueue, options);
      return models.run(name, input, runOptions) as Promise<TaskOutput<typeof name>>;
    },
    close: async () => {
      await Promise.all([threads.close(), models?.close()]);
    },
  };
}

interface ThreadGroup {
  run(name: string, input: unknown, options: RunOptions): Promise<unknown>;
  readonly queueSize: number;
  close(): Promise<void>;
}

/** One piscina: at most `maxThreads` tasks running, `maxQueue` waiting, cancellation as described above. */
function threadGroup(maxThreads: number, maxQueue: number, options: WorkerPoolOptions): ThreadGroup {
  const graceMs = options.cancelGraceMs ?? 10_000;
  let inFlight = 0;
  const piscina = new Piscina<TaskMessage, unknown>({
    filename: entry,
    // One thread stays: it also replaces a thread terminated by a hard stop (piscina spawns no
    // replacement below minThreads, and a pool left with none would not start the next task).
    minThreads: 1,
    maxThreads,
    idleTimeout: options.idleTimeoutMs ?? 30_000,
  });
  // A thread that dies outside a task (failed start) is reported here; unhandled, it would end the process.
  piscina.on('error', (error: unknown) => console.error('worker pool:', error));
  return {
    get queueSize() {
      return piscina.queueSize;
    },
    run(name, input, runOptions = {}) {
      const { signal } = runOptions;
      if (signal?.aborted) return Promise.reject(reasonOf(signal));
      // Our own bound: piscina keeps abortable tasks in a side queue that its maxQueue does not count.
      if (inFlight >= maxThreads + maxQueue) return Promise.reject(new PoolBusyError());
      inFlight++;
      const cancel = new Int32Array(new SharedArrayBuffer(4));
      const hardStop = new AbortController();
      const task = piscina.run({ name, input, cancel }, { signal: hardStop.signal }).finally(() => inFlight--);
      if (!signal) return task;
      let killTimer: ReturnType<typeof setTimeout> | undefined;
      const aborted = new Promise<never>((_, reject) => {
        const onAbort = () => {
          Atomics.store(cancel, 0, 1);
          killTimer = setTimeout(() => hardStop.abort(), graceMs);
          killTimer.unref();
          reject(reasonOf(signal));
        };
        signal.addEventListener('abort', onAbort, { once: true });
        void task
          .catch(() => undefined)
          .finally(() => {
            clearTimeout(killTimer);
            signal.removeEventListener('abort', onAbort);
          });
      });
      return Promise.race([task, aborted]);
    },
    close: () => piscina.close(),
  };
}

function reasonOf(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new Error('Aborted');
}

/**
 * A pool whose threads start with its first task: an app instance that never runs CPU work (most tests,
 * a second instance on one database) starts no thread. close() stops the threads if they were started.
 */
export function lazyWorkerPool(options: WorkerPoolOptions = {}): WorkerPool {
  const maxThreads = Math.max(1, Math.floor(options.maxThreads ?? defaultThreadCount({})));
  let pool: WorkerPool | undefined;
  let closed = false;
  return {
    maxThreads,
    get queueSize() {
      return pool?.queueSize ?? 0;
    },
    run(name, input, runOptions) {
      if (closed) return Promise.reject(new Error('The worker pool is closed'));
      pool ??= createWorkerPool({ ...options, maxThreads });
      return pool.run(name, input, runOptions);
    },
    async close() {
      closed = true;
      await pool?.close();
    },
  };
}
