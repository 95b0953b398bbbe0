/**
 * One job engine per test worker and database (pg-boss started once, its workers bound once), lent to each
 * test's app instance in turn. Starting and stopping pg-boss per test cost about a tenth of the server suite's
 * CPU: its start reads its schema and queues, and each of its workers (the run queue has WORKER_CONCURRENCY)
 * fetches as soon as it is bound. The workers hand each job to the instance that holds the engine now (its handlers,
 * bound to its own dependencies); a job taken while none does fails, to be retried, as on a stopped worker
 * (resetDatabase then deletes it before the next test). An instance's close() releases the engine: no job
 * reaches it any more, and it waits (up to the given time) for the jobs it is working, which then fail, as
 * pg-boss fails the jobs still active when it stops.
 *
 * The tests of the engine's own start and stop (a restart, a close), and the instances that take no jobs
 * (ROLE=web) or set their engine up otherwise (another GENERATION_TIMEOUT_MS), open engines of their own
 * (tests/server/helpers.ts chooses): the shared engine is stopped first, so that its workers take none of
 * their jobs, and opened again for the next test that borrows it.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Job } from 'pg-boss';
import type { Database } from '../../server/db/client';
import { openJobs, type JobHandlers, type Jobs } from '../../server/services/jobs';
import { safeLogLine } from '../../server/lib/log';

/** What the engine was opened with: an instance with other settings opens an engine of its own. */
export interface EngineSettings {
  readonly generationTimeoutMs: number;
  readonly concurrency: number;
}

/** One job an instance is working: settled when its handler is, released when its instance stops waiting. */
interface Working {
  readonly settled: Promise<unknown>;
  release(error: Error): void;
}

/** The instance that holds the engine: its handlers, its log and the jobs it is working. */
interface Holder {
  handlers?: JobHandlers;
  readonly log: (line: string) => void;
  readonly working: Set<Working>;
}

export interface SharedEngine {
  /** A view of the engine for one instance (createRuntime's `jobs`), logging its engine's errors to `log`. */
  lend(log: (line: string) => void): Promise<Jobs>;
  /** Stops the engine (pg-boss's own stop), before an instance opens an engine of its own on the database. */
  close(): Promise<void>;
}

const handlerNames = [
  'run',
  'runDead',
  'mail',
  'mailDead',
  'billingFollowUp',
  'billingFollowUpDead',
  'billingClock',
  'uploadSweep',
] as const satisfies readonly (keyof JobHandlers)[];

export async function openSharedEngine(database: Database, settings: EngineSettings): Promise<SharedEngine> {
  let holder: Holder | undefined;
  const jobs = await openJobs(database, {
    generationTimeoutMs: settings.generationTimeoutMs,
    cron: true,
    log: (line) => holder?.log(line),
  });
  /** Hands a job to the holder's handler, as long as the holder waits for it. */
  const dispatch = async (name: keyof JobHandlers, job: Job<never>) => {
    const current = holder;
    const handler = current?.handlers?.[name] as ((job: Job<never>) => Promise<void>) | undefined;
    if (!current || !handler) throw new Error('No instance takes jobs now');
    let release: (error: Error) => void = () => undefined;
    const released = new Promise<never>((_, reject) => (release = reject));
    const running = handler(job);
    const working: Working = { settled: running.catch(() => undefined), release };
    current.working.add(working);
    try {
      await Promise.race([running, released]);
    } finally {
      current.working.delete(working);
    }
  };
  const dispatchers = Object.fromEntries(
    handlerNames.map((name) => [name, (job: Job<never>) => dispatch(name, job)]),
  ) as unknown as JobHandlers;
  await jobs.work(dispatchers, settings.concurrency);
  return {
    close: () => jobs.stop(1000),
    async lend(log) {
      const own: Holder = { log: (line) => log(safeLogLine(line)), working: new Set() };
      return {
        boss: jobs.boss,
        send: (executor, name, data, options) => jobs.send(executor, name, data, options),
        cancel: (executor, name, id) => jobs.cancel(executor, name, id),
        drain: (name, handler, waitMs) => jobs.drain(name, handler, waitMs),
        schedule: () => jobs.schedule(),
        get working() {
          return holder === own;
        },
        async work(handlers) {
          own.handlers = handlers;
          holder = own;
        },
        async stop(timeoutMs) {
          if (holder === own) holder = undefined;
          const settled = Promise.all([...own.working].map((w) => w.settled));
          await Promise.race([settled, sleep(Math.max(1000, timeoutMs), undefined, { ref: false })]);
          for (const working of own.working) working.release(new Error('pg-boss shut down while active'));
        },
      };
    },
  };
}
