/**
 * Rate limits and the sign-in throttle, on rate-limiter-flexible's RateLimiterDrizzle: every counter is
 * a row of rate_limits, and each attempt is ONE statement (INSERT … ON CONFLICT DO UPDATE … RETURNING),
 * so parallel requests and several instances on one database count exactly — no read-then-write.
 *
 * Sign-in: an attempt takes a point from its account's counter (across addresses) and from its
 * address's counter (across accounts) BEFORE the password is checked; a refused attempt never reaches
 * the check. The attempt that takes an account's last point and is wrong locks the account for a back-off
 * that doubles with each lock in 24 h (15 min, 30 min, 1 h, … up to 24 h). A correct password gives back
 * only the point its own attempt took: a success from another address never resets the count.
 */
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import { lt } from 'drizzle-orm';
import type { Config } from '../config';
import type { Executor } from '../db/client';
import { rateLimits } from '../db/schema';
import { HttpError } from '../errors';

const MINUTE = 60;
const HOUR = 3600;
const LOGIN_WINDOW_S = 15 * MINUTE;
const MAX_BACKOFF_S = 24 * HOUR;

export type LimitName =
  | 'register'
  | 'forgot-password'
  | 'forgot-password-email'
  | 'verify'
  | 'reset'
  | 'upload'
  | 'generate'
  | 'share-image'
  | 'enhance';

export const tooManyLogins = 'Too many failed sign-in attempts. Please wait and try again later.';
/** ENHANCE-3: how long to wait, in whole minutes (at least one). */
export const tooManyEnhancements = (msBeforeNext: number) => {
  const minutes = Math.max(1, Math.ceil(msBeforeNext / 60_000));
  return `Too many prompt enhancements. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`;
};
const messages: Record<LimitName, string | ((msBeforeNext: number) => string)> = {
  register: 'Too many sign-ups from this address. Please try again later.',
  'forgot-password': 'Too many password reset requests. Please try again later.',
  'forgot-password-email': 'Too many password reset requests. Please try again later.',
  verify: 'Too many verification attempts. Please try again later.',
  reset: 'Too many password reset attempts. Please try again later.',
  upload: 'Too many uploads. Please wait a moment and try again.',
  generate: 'Too many generations started. Please wait a moment and try again.',
  'share-image': 'Too many preview images asked for. Please try again in a moment.',
  enhance: tooManyEnhancements,
};

/** 429 with a message the SPA shows and Retry-After in seconds. */
export function tooManyRequests(message: string, msBeforeNext: number): HttpError {
  const retryAfter = Math.max(1, Math.ceil(msBeforeNext / 1000));
  return new HttpError(429, message, { retryAfter }, { 'Retry-After': String(retryAfter) });
}

export interface RateLimits {
  /** Takes one point of `name` for `key`; throws 429 when none is left. */
  take(name: LimitName, key: string): Promise<void>;
  /** Admits a sign-in attempt to the password check, or throws 429. */
  admitLogin(email: string, address: string): Promise<LoginAttempt>;
  /** Deletes expired counters (the sweeper). */
  clean(now: Date): Promise<number>;
}

export interface LoginAttempt {
  /** The password was right: give back this attempt's points. */
  succeeded(): Promise<void>;
  /** The password was wrong: on the account's last point, lock it with a growing back-off. */
  failed(): Promise<void>;
}

const isRes = (value: unknown): value is RateLimiterRes => value instanceof RateLimiterRes;

export function createRateLimits(db: Executor, config: Config): RateLimits {
  const limiter = (keyPrefix: string, points: number, duration: number) =>
    new RateLimiterDrizzle({
      storeClient: db,
      schema: rateLimits,
      keyPrefix,
      points,
      duration,
      // The sweeper deletes old rows (no timer held by the limiter).
      clearExpiredByTimeout: false,
    });
  const limits = config.rateLimits;
  const named: Record<LimitName, RateLimiterDrizzle> = {
    register: limiter('register', limits.register, HOUR),
    'forgot-password': limiter('forgot', limits.forgotPassword, HOUR),
    'forgot-password-email': limiter('forgot-email', Math.max(1, Math.ceil(limits.forgotPassword / 2)), HOUR),
    verify: limiter('verify', limits.verify, 15 * MINUTE),
    reset: limiter('reset', limits.reset, 15 * MINUTE),
    upload: limiter('upload', limits.upload, MINUTE),
    generate: limiter('generate', limits.generate, MINUTE),
    'share-image': limiter('share-image', limits.shareImage, MINUTE),
    enhance: limiter('enhance', limits.enhance, HOUR),
  };
  const account = limiter('login-account', limits.loginPerAccount, LOGIN_WINDOW_S);
  const address = limiter('login-address', limits.loginPerAddress, LOGIN_WINDOW_S);
  // How many times an account was locked in the last 24 h: the next lock lasts 15 min × 2^(n−1).
  const locks = limiter('login-locks', 1_000_000, MAX_BACKOFF_S);

  /** consume() resolves, or rejects with a RateLimiterRes when no point is left (anything else is a store error). */
  const consume = async (l: RateLimiterDrizzle, key: string): Promise<RateLimiterRes | { refused: RateLimiterRes }> => {
    try {
      return await l.consume(key, 1);
    } catch (error) {
      if (isRes(error)) return { refused: error };
      throw error;
    }
  };

  return {
    async take(name, key) {
      const result = await consume(named[name], key);
      if ('refused' in result) {
        const message = messages[name];
        const wait = result.refused.msBeforeNext;
        throw tooManyRequests(typeof message === 'string' ? message : message(wait), wait);
      }
    },

    async admitLogin(email, addr) {
      const byAccount = await consume(account, email);
      if ('refused' in byAccount) throw tooManyRequests(tooManyLogins, byAccount.refused.msBeforeNext);
      const byAddress = await consume(address, addr);
      if ('refused' in byAddress) {
        // This attempt never reaches the check: its account point goes back.
        await account.reward(email, 1).catch(() => undefined);
        throw tooManyRequests(tooManyLogins, byAddress.refused.msBeforeNext);
      }
      return {
        async succeeded() {
          // Only this attempt's own points, and never into a window about to end (a reward landing in a
          // fresh window would open an extra attempt there).
          if (byAccount.msBeforeNext > 5_000) await account.reward(email, 1);
          if (byAddress.msBeforeNext > 5_000) await address.reward(addr, 1);
        },
        async failed() {
          if (byAccount.remainingPoints > 0) return;
          const lock = await locks.consume(email, 1);
          const seconds = Math.min(MAX_BACKOFF_S, LOGIN_WINDOW_S * 2 ** Math.min(10, lock.consumedPoints - 1));
          await account.block(email, seconds);
        },
      };
    },

    async clean(now) {
      const removed = await db.delete(rateLimits).where(lt(rateLimits.expire, now)).returning({ key: rateLimits.key });
      return removed.length;
    },
  };
}
