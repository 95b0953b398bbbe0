/** The bearer middleware: a valid session token or 401; sets c.var.userId and c.var.tokenHash. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { HttpError } from '../errors';
import { bearerToken, sessionUserId } from '../services/auth';

export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new HttpError(401, 'Unauthorized');
  const session = await sessionUserId(c.var.deps, token, c.var.deps.now());
  if (!session) throw new HttpError(401, 'Unauthorized');
  c.set('userId', session.userId);
  c.set('tokenHash', session.tokenHash);
  await next();
});
