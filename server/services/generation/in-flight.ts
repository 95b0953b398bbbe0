/**
 * The runs an app instance started and has not ended yet: each one's abort switch and its end. Held by
 * the instance (deps.runs, made in server/bootstrap.ts), never by a module: two instances in one process
 * never see each other's runs.
 */
import type { RunEnd } from './prediction';

export interface RunsInFlight {
  /** Registers a run this instance has just started. */
  add(id: string, controller: AbortController, end: Promise<RunEnd>): void;
  /** Forgets a run once it has ended. */
  remove(id: string): void;
  /** The end of one of this instance's runs still going; undefined when it is not (or no longer) ours. */
  endOf(id: string): Promise<RunEnd> | undefined;
  /** Stops one of this instance's runs (the sweeper, past its deadline); nothing when it is not ours. */
  abort(id: string, reason: Error): void;
  /** How many runs are going. */
  readonly size: number;
  /** The ids of the runs going (the sweeper stops those canceled from another instance). */
  ids(): string[];
  /** True once abortAll has been called: the instance is closing and starts no queued run. */
  readonly closed: boolean;
  /** Stops every run and waits for each to end (failed and refunded by its own handler): the instance closes. */
  abortAll(reason: Error): Promise<void>;
}

export function createRunsInFlight(): RunsInFlight {
  const runs = new Map<string, { readonly controller: AbortController; readonly end: Promise<RunEnd> }>();
  let closed = false;
  return {
    add: (id, controller, end) => void runs.set(id, { controller, end }),
    remove: (id) => void runs.delete(id),
    endOf: (id) => runs.get(id)?.end,
    abort: (id, reason) => runs.get(id)?.controller.abort(reason),
    get size() {
      return runs.size;
    },
    ids: () => [...runs.keys()],
    get closed() {
      return closed;
    },
    async abortAll(reason) {
      closed = true;
      const going = [...runs.values()];
      for (const run of going) run.controller.abort(reason);
      await Promise.all(going.map((run) => run.end));
    },
  };
}
