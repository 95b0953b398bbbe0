/** The signed-in user's own data: theme, balance, and deleting the account. */
import DataLoader from 'dataloader';
import * as v from 'valibot';
import { eq, sql } from 'drizzle-orm';
import { ThemeName } from '../../src/api/schemas';
import type { AppDeps } from '../context';
import type { Db, Executor } from '../db/client';
import { HttpError } from '../errors';
import { tokens, users } from '../db/schema';
import { endSessions, loadUser } from './auth';
import { removeUserFiles } from './storage';

/** The saved theme, or null when none (or one no longer offered) is saved. */
export async function getTheme(db: Executor, userId: string): Promise<string | null> {
  const user = await loadUser(db, userId);
  return v.is(ThemeName, user.theme) ? user.theme : null;
}

export async function setTheme(db: Executor, userId: string, theme: string): Promise<void> {
  await db.update(users).set({ theme }).where(eq(users.id, userId));
}

/**
 * Balance reads are batched: the reads that arrive within one turn of the event loop go to the database
 * as one prepared statement (DataLoader, flushed by setImmediate after the poll phase has handed over
 * every request that came in). Nothing is cached between batches, and a batch is sent only after each
 * of its reads arrived, so every answer reflects every write committed before its request came.
 */
export type BalanceLoader = DataLoader<string, number | undefined>;

/** A balance reader on a database (deps.balances keeps one per database, made by server/bootstrap.ts). */
export function createBalanceLoader(db: Db): BalanceLoader {
  const query = db
    .select({ id: users.id, credits: users.credits })
    .from(users)
    .where(sql`${users.id} = any(${sql.placeholder('ids')}::text[])`)
    .prepare('credit_balances');
  return new DataLoader<string, number | undefined>(
    async (ids) => {
      const rows = await query.execute({ ids: [...new Set(ids)] });
      const credits = new Map(rows.map((row) => [row.id, row.credits]));
      return ids.map((id) => credits.get(id));
    },
    { cache: false, maxBatchSize: 500, batchScheduleFn: (flush) => setImmediate(flush) },
  );
}

/** The balance; 401 when the account is gone. */
export async function creditBalance(deps: Pick<AppDeps, 'db' | 'balances'>, userId: string): Promise<number> {
  const credits = await deps.balances(deps.db).load(userId);
  if (credits === undefined) throw new HttpError(401, 'Unauthorized');
  return credits;
}

/** Ends every session, stops a running subscription (best effort), removes the user's files and row. */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'payments' | 'files' | 'log' | 'sessions'>,
  userId: string,
) {
  const { db, payments, files: store, log } = deps;
  const user = await loadUser(db, userId);
  await endSessions(deps, user.id);
  await db.delete(tokens).where(eq(tokens.userId, user.id));
  if (user.providerSubscriptionId && !user.cancelAt) {
    try {
      await payments.cancelSubscription(user.providerSubscriptionId);
    } catch (error) {
      log(`delete-account: could not cancel subscription ${user.providerSubscriptionId}: ${String(error)}`);
    }
  }
  await removeUserFiles(db, store, user.id);
  await db.delete(users).where(eq(users.id, user.id));
}
