/**
 * The session cache (services/session-cache.ts): a revoked session — logout, password reset, account
 * deletion — is refused by the very next request on the instance that revoked it, and by another
 * instance on the same database once the cache lifetime (1 s, moved forward by a fake clock) has passed.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { createApp } from '../../server/app';
import { createRuntime } from '../../server/bootstrap';
import { issueToken } from '../../server/services/auth';
import { createSessionCache, sessionCacheLifetimeMs } from '../../server/services/session-cache';
import { backends, json, setupApp, type TestContext } from './helpers';

/** A second instance on the same database, whose cache runs on a clock the test moves. */
async function otherInstance(t: TestContext) {
  let clock = 0;
  const runtime = await createRuntime(t.config, {
    database: t.runtime.database,
    now: () => t.now,
    log: () => undefined,
    providers: t.runtime.deps.providers,
    sessions: createSessionCache({ clock: () => clock }),
  });
  // A second instance takes jobs too: it stops with the test.
  onTestFinished(() => runtime.close());
  const app = createApp(runtime.deps);
  return {
    credits: (token: string) => app.request('/api/users/credits', { headers: { authorization: `Bearer ${token}` } }),
    advance(ms: number) {
      clock += ms;
    },
  };
}

const revocations: ReadonlyArray<{
  name: string;
  revoke(t: TestContext, user: { id: string; token: string }): Promise<Response>;
}> = [
  { name: 'logout', revoke: (t, u) => t.request('/api/auth/logout', { method: 'POST', token: u.token }) },
  {
    name: 'password reset',
    revoke: async (t, u) =>
      t.request('/api/auth/reset-password', {
        body: {
          token: await issueToken(t.runtime.deps.db, u.id, 'reset', t.now),
          newPassword: 'a brand new password',
        },
      }),
  },
  {
    name: 'account deletion',
    revoke: (t, u) => t.request('/api/users/delete-account', { method: 'DELETE', token: u.token }),
  },
];

for (const backend of backends) {
  describe(`session cache (${backend})`, () => {
    const t = setupApp(backend);

    for (const { name, revoke } of revocations) {
      it(`refuses a session ended by ${name} on the next request here, and within the lifetime elsewhere`, async () => {
        const user = await t.user({ credits: 7 });
        const other = await otherInstance(t);
        // Both instances have looked the session up (and cached it).
        expect((await t.request('/api/users/credits', { token: user.token })).status).toBe(200);
        expect(await json(await other.credits(user.token))).toEqual({ credits: 7 });

        expect((await revoke(t, user)).status).toBe(200);
        expect((await t.request('/api/users/credits', { token: user.token })).status).toBe(401);
        expect((await t.request('/api/auth/user', { token: user.token })).status).toBe(401);

        other.advance(sessionCacheLifetimeMs);
        expect((await other.credits(user.token)).status).toBe(401);
      });
    }

    it('refuses a cached session once it expires, and other sessions of the user are unaffected by a logout', async () => {
      const user = await t.user();
      const second = await issueToken(t.runtime.deps.db, user.id, 'session', t.now);
      expect((await t.request('/api/users/credits', { token: user.token })).status).toBe(200);
      expect((await t.request('/api/users/credits', { token: second })).status).toBe(200);
      expect((await t.request('/api/auth/logout', { method: 'POST', token: second })).status).toBe(200);
      expect((await t.request('/api/users/credits', { token: second })).status).toBe(401);
      expect((await t.request('/api/users/credits', { token: user.token })).status).toBe(200);
      t.now = new Date(t.now.getTime() + 31 * 24 * 3600_000);
      expect((await t.request('/api/users/credits', { token: user.token })).status).toBe(401);
    });
  });
}

describe('session cache', () => {
  it('keeps an entry for at most its lifetime and ignores a lookup that a revocation overtook', () => {
    let clock = 0;
    const cache = createSessionCache({ clock: () => clock, lifetimeMs: 60_000 });
    const session = { userId: 'u1', expiresAt: new Date(Date.now() + 60_000) };
    cache.set('h1', session, cache.mark());
    clock += sessionCacheLifetimeMs - 1;
    expect(cache.get('h1')?.userId).toBe('u1');
    clock += 1;
    expect(cache.get('h1')).toBeUndefined();

    const mark = cache.mark();
    cache.forgetUser('u1');
    cache.set('h1', session, mark);
    expect(cache.get('h1')).toBeUndefined();
  });

  it('drops the oldest entry when full', () => {
    const cache = createSessionCache({ maxEntries: 2 });
    for (const hash of ['a', 'b', 'c']) cache.set(hash, { userId: hash, expiresAt: new Date() }, cache.mark());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('c')?.userId).toBe('c');
  });
});
