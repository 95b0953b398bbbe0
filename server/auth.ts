/** Passwords, opaque tokens and the bearer middleware. */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import type { Db } from './db/client';
import { tokens } from './db/schema';
import { HttpError } from './errors';
import type { AppEnv } from './context';

// OWASP minimum for argon2id (the library's default algorithm; its const enum cannot be imported here).
const argonOptions = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, argonOptions);
export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

export type TokenKind = 'session' | 'verify' | 'reset';
export const tokenLifetimeMs: Record<TokenKind, number> = {
  session: 30 * 24 * 3600_000,
  verify: 24 * 3600_000,
  reset: 3600_000,
};

export const sha256 = (value: string) => crypto.createHash('sha256').update(value).digest('base64url');

/** Creates a 32-byte random token, stores only its hash, returns the token. */
export async function issueToken(
  db: Db,
  userId: string,
  kind: TokenKind,
  now: Date,
  lifetimeMs: number = tokenLifetimeMs[kind],
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db
    .insert(tokens)
    .values({ hash: sha256(token), userId, kind, expiresAt: new Date(now.getTime() + lifetimeMs) });
  return token;
}

export type ConsumeResult = { ok: true; userId: string } | { ok: false; expired: boolean };

/** Uses a single-use token (verify, reset) exactly once, even under concurrent requests. */
export async function consumeToken(db: Db, token: string, kind: 'verify' | 'reset', now: Date): Promise<ConsumeResult> {
  const tokenHash = sha256(token);
  const used = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.hash, tokenHash), eq(tokens.kind, kind), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .returning({ userId: tokens.userId });
  if (used[0]) return { ok: true, userId: used[0].userId };
  const [row] = await db
    .select({ expiresAt: tokens.expiresAt, usedAt: tokens.usedAt })
    .from(tokens)
    .where(and(eq(tokens.hash, tokenHash), eq(tokens.kind, kind)));
  return { ok: false, expired: !!row && !row.usedAt && row.expiresAt <= now };
}

export function bearerToken(header: string | undefined): string | undefined {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
  return match?.[1];
}

/** Requires a valid session token; sets c.var.userId and c.var.tokenHash. */
export const requireAuth = createMiddleware<AppEnv>(async (c, next) => {
  const token = bearerToken(c.req.header('authorization'));
  if (!token) throw new HttpError(401, 'Unauthorized');
  const tokenHash = sha256(token);
  const [row] = await c.var.deps.db
    .select({ userId: tokens.userId })
    .from(tokens)
    .where(and(eq(tokens.hash, tokenHash), eq(tokens.kind, 'session'), gt(tokens.expiresAt, c.var.deps.now())));
  if (!row) throw new HttpError(401, 'Unauthorized');
  c.set('userId', row.userId);
  c.set('tokenHash', tokenHash);
  await next();
});
