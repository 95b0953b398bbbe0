/** The signed-in user's own data: theme, balance, and deleting the account. */
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

/** The balance read, prepared once per database: one statement per credits call. */
const balanceQueries = new WeakMap<Db, ReturnType<typeof prepareBalanceQuery>>();
function prepareBalanceQuery(db: Db) {
  return db
    .select({ credits: users.credits })
    .from(users)
    .where(eq(users.id, sql.placeholder('id')))
    .prepare('credit_balance');
}

/** The balance; 401 when the account is gone. */
export async function creditBalance(db: Db, userId: string): Promise<number> {
  let query = balanceQueries.get(db);
  if (!query) balanceQueries.set(db, (query = prepareBalanceQuery(db)));
  const [row] = await query.execute({ id: userId });
  if (!row) throw new HttpError(401, 'Unauthorized');
  return row.credits;
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
