/** /api/users: theme, credits, account deletion. */
import { Hono, type Context } from 'hono';
import { eq } from 'drizzle-orm';
import { ThemeBody } from '../../src/api/schemas';
import { isThemeName } from '../../src/themes/names';
import { requireAuth } from '../auth';
import type { AppEnv } from '../context';
import { files, tokens, users } from '../db/schema';
import { loadUser } from './auth';
import { readBody } from '../validate';

export async function creditsHandler(c: Context<AppEnv>) {
  const user = await loadUser(c.var.deps.db, c.var.userId);
  return c.json({ credits: user.credits });
}

export const userRoutes = new Hono<AppEnv>()
  .use(requireAuth)
  .get('/theme', async (c) => {
    const user = await loadUser(c.var.deps.db, c.var.userId);
    return c.json({ theme: isThemeName(user.theme) ? user.theme : null });
  })
  .post('/theme', async (c) => {
    const body = await readBody(c, ThemeBody);
    await c.var.deps.db.update(users).set({ theme: body.theme }).where(eq(users.id, c.var.userId));
    return c.json({ theme: body.theme });
  })
  .get('/credits', (c) => creditsHandler(c))
  .delete('/delete-account', async (c) => {
    const { db, payments, files: store, log } = c.var.deps;
    const user = await loadUser(db, c.var.userId);
    await db.delete(tokens).where(eq(tokens.userId, user.id));
    if (user.providerSubscriptionId && !user.cancelAt) {
      try {
        await payments.cancelSubscription(user.providerSubscriptionId);
      } catch (error) {
        log(`delete-account: could not cancel subscription ${user.providerSubscriptionId}: ${String(error)}`);
      }
    }
    const owned = await db.select({ path: files.path }).from(files).where(eq(files.userId, user.id));
    await Promise.all(owned.map((f) => store.remove(f.path)));
    await db.delete(users).where(eq(users.id, user.id));
    return c.json({ message: 'Account successfully deleted' });
  });
