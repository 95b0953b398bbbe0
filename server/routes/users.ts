/** /api/users: theme, credits (also at /users/credits, as the API contract lists it), credit history, account deletion. */
import { Hono, type Context } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { bindOperation as bind } from '../lib/operation';
import { creditBalance, deleteAccount, getTheme, setTheme } from '../services/users';
import { creditHistory } from '../services/credit-history';

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
bind(userRoutes, ops.deleteAccount, async (c) => {
  await deleteAccount(c.var.deps, c.var.userId);
  return { message: 'Account successfully deleted' };
});
