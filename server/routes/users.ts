/** /api/users: theme, credits, account deletion. */
import { Hono, type Context } from 'hono';
import { CreditHistoryQuery, ThemeBody } from '../../src/api/schemas';
import type { AppEnv } from '../context';
import { requireAuth } from '../middleware/require-auth';
import { creditBalance, deleteAccount, getTheme, setTheme } from '../services/users';
import { creditHistory } from '../services/credit-history';
import { readBody, readQuery } from '../validate';

export async function creditsHandler(c: Context<AppEnv>) {
  return c.json({ credits: await creditBalance(c.var.deps, c.var.userId) });
}

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/theme', async (c) => c.json({ theme: await getTheme(c.var.deps.db, c.var.userId) }))
  .post('/theme', async (c) => {
    const body = await readBody(c, ThemeBody);
    await setTheme(c.var.deps.db, c.var.userId, body.theme);
    return c.json({ theme: body.theme });
  })
  .get('/credits', (c) => creditsHandler(c))
  .get('/credits/history', async (c) => {
    const query = readQuery(c, CreditHistoryQuery);
    return c.json(await creditHistory(c.var.deps.db, c.var.userId, query));
  })
  .delete('/delete-account', async (c) => {
    await deleteAccount(c.var.deps, c.var.userId);
    return c.json({ message: 'Account successfully deleted' });
  });
