/** Accounts and sign-in: users, argon2id passwords, opaque tokens (session, verify, reset; only hashes stored). */
import crypto from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { and, eq, gt, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { User } from '../../src/api/schemas';
import type { AppDeps } from '../context';
import type { Db, Executor } from '../db/client';
import { tokens, users } from '../db/schema';
import { HttpError } from '../errors';
import { grantCredits } from './credits';
import { accountExistsMail, resetMail, verificationMail } from './mail';

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
  db: Executor,
  userId: string,
  kind: TokenKind,
  now: Date,
  lifetimeMs: number = tokenLifetimeMs[kind],
  claim?: string,
): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await db.insert(tokens).values({
    hash: sha256(token),
    userId,
    kind,
    expiresAt: new Date(now.getTime() + lifetimeMs),
    claimHash: claim === undefined ? null : sha256(claim),
  });
  return token;
}

export type ConsumeResult = { ok: true; userId: string; claimHash: string | null } | { ok: false; expired: boolean };

/** AUTH-18: whether `claim` is the one whose hash the link stored, compared in constant time. */
export function claimMatches(claimHash: string | null, claim: string | undefined): boolean {
  if (claimHash === null || claim === undefined) return false;
  const given = Buffer.from(sha256(claim));
  const stored = Buffer.from(claimHash);
  return given.length === stored.length && crypto.timingSafeEqual(given, stored);
}

/** Uses a single-use token (verify, reset) exactly once, even under concurrent requests. */
export async function consumeToken(
  db: Executor,
  token: string,
  kind: 'verify' | 'reset',
  now: Date,
): Promise<ConsumeResult> {
  const tokenHash = sha256(token);
  const used = await db
    .update(tokens)
    .set({ usedAt: now })
    .where(and(eq(tokens.hash, tokenHash), eq(tokens.kind, kind), isNull(tokens.usedAt), gt(tokens.expiresAt, now)))
    .returning({ userId: tokens.userId, claimHash: tokens.claimHash });
  if (used[0]) return { ok: true, userId: used[0].userId, claimHash: used[0].claimHash };
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

/** The session lookup, prepared once per database (deps.sessionQuery, made by server/bootstrap.ts): the auth check is one statement. */
export type SessionQuery = ReturnType<typeof prepareSessionQuery>;
export function prepareSessionQuery(db: Db) {
  return db
    .select({ userId: tokens.userId, expiresAt: tokens.expiresAt })
    .from(tokens)
    .where(and(eq(tokens.hash, sql.placeholder('hash')), eq(tokens.kind, 'session')))
    .prepare('session_user');
}

/**
 * The user behind a live session token, with the token's hash (logout deletes it); undefined otherwise.
 * Served from the instance's session cache when a lookup of the last second holds it (services/session-cache.ts).
 */
export async function sessionUserId(
  deps: Pick<AppDeps, 'db' | 'sessionQuery' | 'sessions'>,
  token: string,
  now: Date,
): Promise<{ userId: string; tokenHash: string } | undefined> {
  const tokenHash = sha256(token);
  let session = deps.sessions.get(tokenHash);
  if (!session) {
    const mark = deps.sessions.mark();
    const [row] = await deps.sessionQuery(deps.db).execute({ hash: tokenHash });
    if (!row) return undefined;
    session = row;
    deps.sessions.set(tokenHash, row, mark);
  }
  return session.expiresAt > now ? { userId: session.userId, tokenHash } : undefined;
}

/* Accounts: register, verify, sign in, passwords, email. Errors are HttpErrors with the spec's texts. */

export const invalidCredentials = 'Invalid email or password';
export const unverifiedMessage =
  'Please verify your email before signing in. We have sent you a new verification link.';

export type UserRow = typeof users.$inferSelect;
type AuthDeps = Pick<AppDeps, 'db' | 'mail' | 'config' | 'now' | 'limits' | 'timingHash'>;

/**
 * The user as the API answers it; `payments` says whether Settings offers "Manage billing" (the provider
 * has a customer portal, CHECKOUT-9).
 */
export function toUser(row: UserRow, payments: Pick<AppDeps['payments'], 'createPortalSession'>): User {
  return {
    id: row.id,
    email: row.email,
    credits: row.credits,
    subscription: {
      plan: row.plan,
      billingCycle: row.billingCycle ?? null,
      nextBillingDate: row.nextBillingDate?.toISOString() ?? null,
      cancelAt: row.cancelAt?.toISOString() ?? null,
      ...subscriptionCreditsOf(row),
    },
    lastPasswordChange: row.lastPasswordChange?.toISOString() ?? null,
    billingPortal: payments.createPortalSession !== undefined,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The current cycle's subscription credits and their dates. They expire when the next cycle starts: the next
 * monthly grant of an annual plan, else the next billing date; a cancelled plan's last cycle ends at its
 * cancellation date, after which nothing more is granted (an annual plan keeps its monthly grants until then).
 */
function subscriptionCreditsOf(row: UserRow) {
  if (row.plan === 'free') return { subscriptionCredits: 0, nextGrantAt: null, creditsExpireAt: null };
  const unspent = Math.min(row.subscriptionCredits, row.credits);
  const monthly = row.billingCycle === 'annually' ? row.nextGrantAt : null;
  const end = row.cancelAt;
  const nextGrant = monthly && (!end || monthly < end) ? monthly : end ? null : row.nextBillingDate;
  const cycleEnd = nextGrant ?? end ?? row.nextBillingDate;
  return {
    subscriptionCredits: unspent,
    nextGrantAt: nextGrant?.toISOString() ?? null,
    creditsExpireAt: unspent > 0 ? (cycleEnd?.toISOString() ?? null) : null,
  };
}

/** The signed-in user's row; 401 when the account is gone. */
export async function loadUser(db: Executor, id: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new HttpError(401, 'Unauthorized');
  return row;
}

/** The signed-in user as the API answers it (User of the API contract). */
export async function currentUser(deps: Pick<AppDeps, 'db' | 'payments'>, id: string): Promise<User> {
  return toUser(await loadUser(deps.db, id), deps.payments);
}

/** Queues a verification link (a mail job, in the caller's transaction when given one). */
async function queueVerification(deps: AuthDeps, db: Executor, user: { id: string; email: string }, claim?: string) {
  const { mail, config, now } = deps;
  const token = await issueToken(db, user.id, 'verify', now(), config.verificationTokenTtlMs, claim);
  await mail.enqueue(
    db,
    verificationMail(user.email, `${config.appUrl}/verify-email/${token}`, config.verificationTokenTtlMs),
  );
}

/**
 * The hash sign-in verifies against when the account does not exist, so an unknown email takes as long as a
 * known one: made on first use, once per instance (deps.timingHash, made by server/bootstrap.ts).
 */
export function createTimingHash(): () => Promise<string> {
  let made: Promise<string> | undefined;
  return () => (made ??= hashPassword(crypto.randomBytes(18).toString('base64url')));
}

/** Revokes every unused verify and reset link of a user (after a password reset or an email change). */
export async function revokeLinks(db: Executor, userId: string) {
  await db.delete(tokens).where(and(eq(tokens.userId, userId), inArray(tokens.kind, ['verify', 'reset'])));
}

/** Ends every session of a user except, optionally, one; this instance forgets them at once. */
export async function endSessions(deps: Pick<AppDeps, 'db' | 'sessions'>, userId: string, keepHash?: string) {
  await deps.db
    .delete(tokens)
    .where(
      and(eq(tokens.userId, userId), eq(tokens.kind, 'session'), ...(keepHash ? [ne(tokens.hash, keepHash)] : [])),
    );
  // After the delete: a lookup racing it cannot put the revoked session back (SessionCache.mark).
  deps.sessions.forgetUser(userId);
}

/**
 * Registers, answering the same whether the email is new or taken (no enumeration): a new account gets
 * a verification link; the owner of an existing one gets a note instead. The account, its token and
 * its mail are one transaction; the mail is delivered after the answer (a mailer outage changes nothing).
 */
export async function register(
  deps: AuthDeps,
  email: string,
  password: string,
  claim?: string,
): Promise<{ email: string }> {
  const passwordHash = await hashPassword(password);
  await deps.db.transaction(async (tx) => {
    const inserted = await tx
      .insert(users)
      .values({ id: crypto.randomUUID(), email, passwordHash })
      .onConflictDoNothing({ target: users.email })
      .returning({ id: users.id, email: users.email });
    const user = inserted[0];
    // AUTH-18: the registering browser's claim goes with the link (its hash), so opening it there signs in.
    if (user) await queueVerification(deps, tx, user, claim);
    else await deps.mail.enqueue(tx, accountExistsMail(email, deps.config.appUrl));
  });
  return { email };
}

/**
 * Verifies an email with a single-use link. AUTH-18: when `claim` is the registering browser's (its hash stored
 * with the link), the answer carries a new session token, as a login's does; otherwise none.
 */
export async function verifyEmail(
  deps: Pick<AppDeps, 'db' | 'config' | 'now'>,
  token: string,
  claim?: string,
): Promise<{ token?: string }> {
  const { db, config, now } = deps;
  const result = await consumeToken(db, token, 'verify', now());
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
  if (!claimMatches(result.claimHash, claim)) return {};
  return { token: await issueToken(db, result.userId, 'session', now()) };
}

/**
 * Signs in. The throttle (services/rate-limits.ts) admits the attempt before the password is checked:
 * at most LOGIN_MAX_FAILURES wrong passwords per account reach the check in 15 minutes, whatever the
 * address. An unverified account gets a new link.
 */
export async function login(
  deps: AuthDeps,
  credentials: { email: string; password: string },
  clientAddress: string,
): Promise<{ token: string }> {
  const { db, now } = deps;
  const attempt = await deps.limits.admitLogin(credentials.email, clientAddress);
  const [user] = await db.select().from(users).where(eq(users.email, credentials.email));
  // An unknown email is checked against a dummy hash: the answer takes as long as a wrong password.
  const passwordOk = await verifyPassword(user?.passwordHash ?? (await deps.timingHash()), credentials.password);
  if (!user || !passwordOk) {
    await attempt.failed();
    throw new HttpError(401, invalidCredentials);
  }
  await attempt.succeeded();
  if (!user.emailVerifiedAt) {
    await db.transaction((tx) => queueVerification(deps, tx, user));
    throw new HttpError(403, unverifiedMessage);
  }
  return { token: await issueToken(db, user.id, 'session', now()) };
}

/**
 * Queues a reset link when the account exists; the caller answers the same either way, and the
 * delivery (or a mailer outage) happens after the answer.
 */
export async function forgotPassword(deps: AuthDeps, email: string): Promise<void> {
  const { db, mail, config, now } = deps;
  await deps.limits.take('forgot-password-email', email);
  const [user] = await db.select({ id: users.id, email: users.email }).from(users).where(eq(users.email, email));
  if (user) {
    await db.transaction(async (tx) => {
      const token = await issueToken(tx, user.id, 'reset', now());
      await mail.enqueue(tx, resetMail(user.email, `${config.appUrl}/reset-password/${token}`));
    });
  }
}

/** Sets a new password with a single-use reset token and ends every session. */
export async function resetPassword(
  deps: Pick<AppDeps, 'db' | 'now' | 'sessions'>,
  token: string,
  newPassword: string,
): Promise<{ email: string }> {
  const { db, now } = deps;
  const result = await consumeToken(db, token, 'reset', now());
  if (!result.ok) {
    throw new HttpError(
      400,
      result.expired ? 'Reset link has expired. Please request a new one.' : 'Invalid or already used reset link',
      {
        expired: result.expired,
      },
    );
  }
  const passwordHash = await hashPassword(newPassword);
  const [user] = await db
    .update(users)
    .set({ passwordHash, lastPasswordChange: now() })
    .where(eq(users.id, result.userId))
    .returning();
  if (!user) throw new HttpError(400, 'Invalid or already used reset link', { expired: false });
  await endSessions(deps, user.id);
  // Links issued before the reset stop working (a leaked older reset link cannot undo it).
  await revokeLinks(db, user.id);
  return { email: user.email };
}

/** Ends one session (the token's hash); this instance forgets it at once. */
export async function logout(deps: Pick<AppDeps, 'db' | 'sessions'>, tokenHash: string): Promise<void> {
  await deps.db.delete(tokens).where(eq(tokens.hash, tokenHash));
  deps.sessions.forgetToken(tokenHash);
}

/** Changes the email after checking the current password; 409 when another account has it. */
export async function changeEmail(
  { db, payments }: Pick<AppDeps, 'db' | 'payments'>,
  userId: string,
  body: { currentPassword: string; newEmail: string },
): Promise<User> {
  const user = await loadUser(db, userId);
  if (!(await verifyPassword(user.passwordHash, body.currentPassword))) {
    // 403, not 401: the session is fine (a 401 to a call with a token ends the session in the app).
    throw new HttpError(403, 'Current password is incorrect');
  }
  if (body.newEmail !== user.email) {
    const updated = await db
      .update(users)
      .set({ email: body.newEmail })
      .where(eq(users.id, user.id))
      .returning()
      .catch(() => []);
    if (!updated[0]) throw new HttpError(409, 'An account with this email already exists.');
    // Links sent to the old address stop working.
    await revokeLinks(db, user.id);
  }
  return toUser(await loadUser(db, user.id), payments);
}
