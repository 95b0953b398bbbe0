/** /api/auth: register, verify, login, user, forgot/reset password, logout, change email. */
import crypto from 'node:crypto';
import { Hono, type Context } from 'hono';
import { and, count, eq, gt, lt, ne } from 'drizzle-orm';
import {
  ChangeEmailBody,
  ForgotPasswordBody,
  LoginBody,
  RegisterBody,
  ResetPasswordBody,
  type User,
} from '../../src/api/schemas';
import { consumeToken, hashPassword, issueToken, requireAuth, verifyPassword } from '../auth';
import type { AppEnv } from '../context';
import { loginFailures, tokens, users } from '../db/schema';
import { HttpError } from '../errors';
import { grantCredits } from '../credits';
import { resetMail, verificationMail } from '../mail';
import { readBody } from '../validate';
import type { Db } from '../db/client';

const MAX_FAILURES = 5;
const FAILURE_WINDOW_MS = 15 * 60_000;

export const invalidCredentials = 'Invalid email or password';
export const unverifiedMessage =
  'Please verify your email before signing in. We have sent you a new verification link.';

type UserRow = typeof users.$inferSelect;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    credits: row.credits,
    subscription: {
      plan: row.plan,
      billingCycle: row.billingCycle ?? null,
      nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
      cancelAt: row.cancelAt?.toISOString() ?? null,
    },
    lastPasswordChange: row.lastPasswordChange?.toISOString() ?? null,
  };
}

export async function loadUser(db: Db, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(401, 'Unauthorized');
  return row;
}

function clientIp(c: Context<AppEnv>): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  return incoming?.socket?.remoteAddress ?? 'local';
}

async function sendVerification(c: Context<AppEnv>, user: { id: string; email: string }) {
  const { db, mailer, config, now } = c.var.deps;
  const token = await issueToken(db, user.id, 'verify', now(), config.verificationTokenTtlMs);
  await mailer.send(
    verificationMail(user.email, `${config.appUrl}/verify-email/${token}`, config.verificationTokenTtlMs),
  );
}

/** Ends every session of a user except, optionally, one. */
async function endSessions(db: Db, userId: string, keepHash?: string) {
  await db
    .delete(tokens)
    .where(
      and(eq(tokens.userId, userId), eq(tokens.kind, 'session'), ...(keepHash ? [ne(tokens.hash, keepHash)] : [])),
    );
}

export const authRoutes = new Hono<AppEnv>()
  .post('/register', async (c) => {
    const { db } = c.var.deps;
    const body = await readBody(c, RegisterBody);
    const passwordHash = await hashPassword(body.password);
    const inserted = await db
      .insert(users)
      .values({ id: crypto.randomUUID(), email: body.email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    const user = inserted[0];
    if (!user) throw new HttpError(409, 'An account with this email already exists. Please sign in instead.');
    await sendVerification(c, user);
    return c.json(
      { message: 'Registration successful. Please check your email to verify your account.', email: user.email },
      201,
    );
  })
  .get('/verify-email/:token', async (c) => {
    const { db, config, now } = c.var.deps;
    const result = await consumeToken(db, c.req.param('token'), 'verify', now());
    if (!result.ok) {
      throw result.expired
        ? new HttpError(400, 'Verification link has expired', {
            details: 'Sign in to receive a new verification link.',
            expired: true,
          })
        : new HttpError(400, 'Invalid verification link', {
            details: 'The link is unknown or has already been used.',
            expired: false,
          });
    }
    await db.update(users).set({ emailVerifiedAt: now() }).where(eq(users.id, result.userId));
    // The free credits arrive once, keyed on the user, however often a link is verified.
    await grantCredits(db, result.userId, config.freeCredits, 'signup', `signup:${result.userId}`);
    return c.json({ message: 'Email verified successfully. You can now sign in.' });
  })
  .post('/login', async (c) => {
    const { db, now } = c.var.deps;
    const body = await readBody(c, LoginBody);
    const key = `${body.email}|${clientIp(c)}`;
    const since = new Date(now().getTime() - FAILURE_WINDOW_MS);
    const [failures] = await db
      .select({ n: count() })
      .from(loginFailures)
      .where(and(eq(loginFailures.key, key), gt(loginFailures.at, since)));
    if ((failures?.n ?? 0) >= MAX_FAILURES) {
      throw new HttpError(429, 'Too many failed sign-in attempts. Please wait 15 minutes and try again.');
    }
    const [user] = await db.select().from(users).where(eq(users.email, body.email));
    if (!user || !(await verifyPassword(user.passwordHash, body.password))) {
      await db.insert(loginFailures).values({ key, at: now() });
      await db.delete(loginFailures).where(lt(loginFailures.at, since));
      throw new HttpError(401, invalidCredentials);
    }
    if (!user.emailVerifiedAt) {
      await sendVerification(c, user);
      throw new HttpError(403, unverifiedMessage);
    }
    await db.delete(loginFailures).where(eq(loginFailures.key, key));
    const token = await issueToken(db, user.id, 'session', now());
    return c.json({ token });
  })
  .post('/forgot-password', async (c) => {
    const { db, mailer, config, now } = c.var.deps;
    const body = await readBody(c, ForgotPasswordBody);
    const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, body.email));
    if (user) {
      const token = await issueToken(db, user.id, 'reset', now());
      await mailer.send(resetMail(user.email, `${config.appUrl}/reset-password/${token}`));
    }
    return c.json({ message: 'If an account exists for this email, we have sent a link to reset your password.' });
  })
  .post('/reset-password', async (c) => {
    const { db, now } = c.var.deps;
    const body = await readBody(c, ResetPasswordBody);
    const result = await consumeToken(db, body.token, 'reset', now());
    if (!result.ok) {
      throw new HttpError(
        400,
        result.expired ? 'Reset link has expired. Please request a new one.' : 'Invalid or already used reset link',
        {
          expired: result.expired,
        },
      );
    }
    const passwordHash = await hashPassword(body.newPassword);
    const [user] = await db
      .update(users)
      .set({ passwordHash, lastPasswordChange: now() })
      .where(eq(users.id, result.userId))
      .returning();
    if (!user) throw new HttpError(400, 'Invalid or already used reset link', { expired: false });
    await endSessions(db, user.id);
    return c.json({ message: 'Password has been reset successfully', user: { email: user.email } });
  })
  .get('/user', requireAuth, async (c) => c.json(toUser(await loadUser(c.var.deps.db, c.var.userId))))
  .post('/logout', requireAuth, async (c) => {
    await c.var.deps.db.delete(tokens).where(eq(tokens.hash, c.var.tokenHash));
    return c.json({ message: 'Logged out successfully' });
  })
  .post('/change-email', requireAuth, async (c) => {
    const { db } = c.var.deps;
    const body = await readBody(c, ChangeEmailBody);
    const user = await loadUser(db, c.var.userId);
    if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
      throw new HttpError(401, 'Current password is incorrect');
    }
    if (body.newEmail !== user.email) {
      const updated = await db
        .update(users)
        .set({ email: body.newEmail })
        .where(eq(users.id, user.id))
        .returning()
        .catch(() => []);
      if (!updated[0]) throw new HttpError(409, 'An account with this email already exists.');
    }
    return c.json({ message: 'Email updated successfully', user: toUser(await loadUser(db, user.id)) });
  });
