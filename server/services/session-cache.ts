/**
 * A short-lived, per-instance cache of session lookups (token hash → user), so an authenticated request
 * costs one query (its own) rather than two. Safe across instances by its lifetime: an entry is trusted
 * for at most `lifetimeMs` (1 s), so a session revoked on another instance sharing the database is
 * refused within that time; on this instance logout, password reset and account deletion forget the
 * entries at once, so the very next request is refused. The session's own expiry is kept with the entry
 * and checked on every hit against the app's clock.
 */

export interface CachedSession {
  readonly userId: string;
  readonly expiresAt: Date;
}

export interface SessionCache {
  get(tokenHash: string): CachedSession | undefined;
  /** A mark taken before the database lookup: `set` ignores a lookup that a revocation overtook. */
  mark(): number;
  set(tokenHash: string, session: CachedSession, mark: number): void;
  /** Forgets one session (logout). */
  forgetToken(tokenHash: string): void;
  /** Forgets every session of a user (password reset, account deletion). */
  forgetUser(userId: string): void;
}

export interface SessionCacheOptions {
  /** How long an entry is trusted; at most 1 s (the cross-instance revocation delay). */
  readonly lifetimeMs?: number;
  /** Monotonic milliseconds; tests move it forward instead of waiting. */
  readonly clock?: () => number;
  /** Entries kept at most; the oldest go first. */
  readonly maxEntries?: number;
}

export const sessionCacheLifetimeMs = 1000;

export function createSessionCache(options: SessionCacheOptions = {}): SessionCache {
  const lifetimeMs = Math.min(options.lifetimeMs ?? sessionCacheLifetimeMs, sessionCacheLifetimeMs);
  const clock = options.clock ?? (() => performance.now());
  const maxEntries = options.maxEntries ?? 10_000;
  // Map keeps insertion order: the first key is the oldest entry.
  const entries = new Map<string, CachedSession & { readonly storedAt: number }>();
  // Bumped by every revocation: a lookup that started before it may have read the revoked row.
  let revocations = 0;
  return {
    get(tokenHash) {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (clock() - entry.storedAt >= lifetimeMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry;
    },
    mark: () => revocations,
    set(tokenHash, session, mark) {
      if (mark !== revocations) return;
      entries.delete(tokenHash);
      if (entries.size >= maxEntries) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.set(tokenHash, { userId: session.userId, expiresAt: session.expiresAt, storedAt: clock() });
    },
    forgetToken(tokenHash) {
      revocations++;
      entries.delete(tokenHash);
    },
    forgetUser(userId) {
      revocations++;
      for (const [hash, entry] of entries) if (entry.userId === userId) entries.delete(hash);
    },
  };
}
