/**
 * Mail goes through the job engine (services/jobs.ts, queue `mail`): a message is sent as a job in the same
 * transaction as what caused it (an account, a token), and delivered by a worker after the answer — so a
 * mailer outage neither fails the request nor leaves a half-made account. A failed delivery is retried with
 * backoff (15 s doubling, up to 1 h, 8 retries), then lands in `mail-dead`, whose handler logs it. Log lines
 * name the job id, never the recipient's link; delivered jobs are deleted within a minute (they hold links).
 */
import type { Job } from 'pg-boss';
import type { Executor } from '../db/client';
import { queues, type Jobs } from './jobs';
import type { MailMessage, Mailer } from './mail';

export interface MailJob {
  readonly message: MailMessage;
}

export interface MailQueue {
  /** Sends a message's job (inside the caller's transaction when given one). */
  enqueue(db: Executor, message: MailMessage): Promise<void>;
  /** Delivers every message due now, here or by a worker, and waits for it (the outbox page, tests). */
  deliverDue(): Promise<number>;
  /** The `mail` job: one delivery (a throw is a failed attempt, retried). */
  deliver(job: Pick<Job<MailJob>, 'data' | 'id' | 'retryCount'>): Promise<void>;
  /** The `mail-dead` job: a message given up after its last attempt, logged. */
  givenUp(job: Pick<Job<MailJob>, 'id'>): Promise<void>;
}

export function createMailQueue(deps: { jobs: Jobs; mailer: () => Mailer; log: (line: string) => void }): MailQueue {
  const { jobs, log } = deps;
  const deliver = async (job: Pick<Job<MailJob>, 'data' | 'id' | 'retryCount'>) => {
    try {
      await deps.mailer().send(job.data.message);
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
      log(`mail ${job.id}: attempt ${job.retryCount + 1} failed: ${reason}`);
      throw error;
    }
  };
  return {
    async enqueue(executor, message) {
      await jobs.send(executor, queues.mail, { message: { ...message, links: [...message.links] } });
    },
    deliverDue: () => jobs.drain<MailJob>(queues.mail, deliver),
    deliver,
    async givenUp(job) {
      log(`mail ${job.id}: given up after its last attempt (dead letter)`);
    },
  };
}
