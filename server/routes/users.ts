/**
 * /api/users: theme, credits (also at /users/credits, as the API contract lists it), credit history (pages and
 * CSV), the month's spending by tool, account deletion.
 */
import { Hono, type Context } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindFileOperation, bindOperation as bind } from '../lib/operation';
import { creditBalance, deleteAccount, getTheme, setTheme } from '../services/users';
import { creditHistory, creditHistoryCsv, spendingOf } from '../services/credit-history';

const credits = async (c: Context<AppEnv>) => ({ credits: await creditBalance(c.var.deps, c.var.userId) });

export const userRoutes = new Hono<AppEnv>();

bind(userRoutes, ops.getTheme, async (c) => ({ theme: await getTheme(c.var.deps.db, c.var.userId) }));
bind(userRoutes, ops.saveTheme, async (c, { body }) => {
  await setTheme(c.var.deps.db, c.var.userId, body.theme);
  return { theme: body.theme };
});
bind(userRoutes, ops.getCredits, credits);
bind(userRoutes, ops.getCreditsAlias, credits);
bind(userRoutes, ops.getCreditHistory, async (c, { query }) => creditHistory(c.var.deps.db, c.var.userId, query));
bindFileOperation(userRoutes, ops.getCreditHistoryCsv, async (c) => {
  const csv = await creditHistoryCsv(c.var.deps.db, c.var.userId);
  return c.body(csv, 200, {
    'Content-Type': 'text/csv; charset=utf-8; header=present',
    'Content-Disposition': 'attachment; filename="atelier-credit-history.csv"',
  });
});
bind(userRoutes, ops.getSpending, async (c, { query }) =>
  spendingOf(c.var.deps.db, c.var.userId, query.month ?? c.var.deps.now().toISOString().slice(0, 7)),
);
bind(userRoutes, ops.deleteAccount, async (c) => {
  await deleteAccount(c.var.deps, c.var.userId);
  return { message: 'Account successfully deleted' };
});
