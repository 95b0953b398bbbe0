/** Route middleware: one point of a named limit per request, keyed on the caller's address or account. */
import { createMiddleware } from 'hono/factory';
import type { AppEnv } from '../context';
import { clientAddress } from '../lib/client-address';
import type { LimitName } from '../services/rate-limits';

/** Per address (before sign-in routes parse anything). */
export const limitByAddress = (name: LimitName) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await c.var.deps.limits.take(name, clientAddress(c));
    await next();
  });

/** Per signed-in account (after requireAuth). */
export const limitByAccount = (name: LimitName) =>
  createMiddleware<AppEnv>(async (c, next) => {
    await c.var.deps.limits.take(name, c.var.userId);
    await next();
  });
