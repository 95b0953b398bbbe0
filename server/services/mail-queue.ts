/**
 * The mail queue: a message is written to mail_queue in the same transaction as what caused it (an
 * account, a token), and delivered after the answer — so a mailer outage neither fails the request nor
 * leaves a half-made account, and a request takes the same time whether it sends mail or not.
 *
 * Delivery claims due rows in ONE statement (UPDATE … WHERE id IN (SELECT … FOR UPDATE SKIP LOCKED)),
 * so several instances never send a message twice; a failure is retried with a growing delay
 * (30 s, 1 min, 2 min, … up to 1 h) and given up after MAX_ATTEMPTS. Sent rows are deleted: they hold
 * sign-in links. Log lines name the queue id, never the recipient's link.
 */
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
import { mailQueue } from '../db/schema';
import type { MailMessage, Mailer } from './mail';

const MAX_ATTEMPTS = 8;
const CLAIM_MS = 60_000;
const BATCH = 20;

export interface MailQueue {
  /** Writes a message to the queue (inside the caller's transaction when given one). */
  enqueue(db: Executor, message: MailMessage): Promise<void>;
  /** Starts a background delivery of what is due (never rejects, never awaited by requests). */
  kick(): void;
  /** Delivers everything due now and waits for it (the sweeper, /dev/outbox, tests). */
  deliverDue(): Promise<{ sent: number; failed: number }>;
}

export function createMailQueue(deps: {
  db: Db;
  mailer: () => Mailer;
  now: () => Date;
  log: (line: string) => void;
}): MailQueue {
  const { db, now, log } = deps;
  let running: Promise<{ sent: number; failed: number }> | undefined;

  async function deliverOnce(): Promise<{ sent: number; failed: number }> {
    let sent = 0;
    let failed = 0;
    for (;;) {
      const at = now();
      const due = db
        .select({ id: mailQueue.id })
        .from(mailQueue)
        .where(and(lte(mailQueue.nextAttemptAt, at), or(isNull(mailQueue.lockedUntil), lt(mailQueue.lockedUntil, at))))
        .orderBy(asc(mailQueue.id))
        .limit(BATCH)
        .for('update', { skipLocked: true });
      const claimed = await db
        .update(mailQueue)
        .set({ lockedUntil: new Date(at.getTime() + CLAIM_MS), attempts: sql`${mailQueue.attempts} + 1` })
        .where(inArray(mailQueue.id, due))
        .returning();
      if (claimed.length === 0) return { sent, failed };
      for (const row of claimed) {
        try {
          await deps.mailer().send(row.message);
          await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
          sent++;
        } catch (error) {
          failed++;
          const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500);
          if (row.attempts >= MAX_ATTEMPTS) {
            log(`mail ${row.id}: given up after ${row.attempts} attempts: ${reason}`);
            await db.delete(mailQueue).where(eq(mailQueue.id, row.id));
          } else {
            const delay = Math.min(3_600_000, 30_000 * 2 ** (row.attempts - 1));
            log(`mail ${row.id}: attempt ${row.attempts} failed, retrying in ${Math.round(delay / 1000)} s: ${reason}`);
            await db
              .update(mailQueue)
              .set({ nextAttemptAt: new Date(now().getTime() + delay), lockedUntil: null, lastError: reason })
              .where(eq(mailQueue.id, row.id));
          }
        }
      }
    }
  }

  const deliverDue = () => {
    // One delivery loop per process at a time; a call during one waits for it, then runs again.
    const previous = running ?? Promise.resolve({ sent: 0, failed: 0 });
    const next = previous
      .catch(() => ({ sent: 0, failed: 0 }))
      .then(() => deliverOnce())
      .finally(() => {
        if (running === next) running = undefined;
      });
    running = next;
    return next;
  };

  return {
    async enqueue(executor, message) {
      await executor
        .insert(mailQueue)
        .values({ message: { ...message, links: [...message.links] }, nextAttemptAt: now() });
    },
    kick() {
      void deliverDue().catch((error: unknown) => log(`mail queue: ${String(error)}`));
    },
    deliverDue,
  };
}
