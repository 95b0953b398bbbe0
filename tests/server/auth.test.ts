import { describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { balance, embedded, json, setupApp } from './helpers';
import { tokens, users } from '../../server/db/schema';
import type { OutboxEntry } from '../../server/services/mail';

for (const backend of embedded) {
  describe(`auth (${backend})`, () => {
    const t = setupApp(backend);

    const outbox = async () => json<OutboxEntry[]>(await t.request('/dev/outbox'));
    const tokenFromLink = (link: string) => link.split('/').pop()!;
    const register = (email = 'ada@example.com', password = 'correct horse') =>
      t.request('/api/auth/register', { body: { email, password } });

    it('registers, emails a verification link, verifies once and grants the free credits once', async () => {
      const res = await register(' Ada@Example.com ');
      expect(res.status).toBe(201);
      expect(await json(res)).toMatchObject({ email: 'ada@example.com', message: expect.any(String) });
      const [mail] = await outbox();
      expect(mail?.to).toBe('ada@example.com');
      expect(mail?.text).toContain('This link expires in 24 hours.');
      const link = mail!.links[0]!;
      expect(link).toMatch(/^http:\/\/localhost:3000\/verify-email\/[\w-]{43}$/);
      const ok = await t.request(`/api/auth/verify-email/${tokenFromLink(link)}`);
      expect(ok.status).toBe(200);
      expect(await json(ok)).toEqual({ message: expect.any(String) });
      const again = await t.request(`/api/auth/verify-email/${tokenFromLink(link)}`);
      expect(again.status).toBe(400);
      expect(await json(again)).toMatchObject({
        expired: false,
        message: expect.any(String),
        details: expect.any(String),
      });
      const [row] = await t.runtime.deps.db.select().from(users).where(eq(users.email, 'ada@example.com'));
      expect(row?.credits).toBe(50);
      // The stored token is a hash, never the token itself.
      const stored = await t.runtime.deps.db.select().from(tokens);
      expect(stored.some((s) => s.hash === tokenFromLink(link))).toBe(false);
    });

    describe("AUTH-18: the registering browser's claim", () => {
      const claim = 'c'.repeat(43);
      const registerWithClaim = (email: string, value: string | null = claim) =>
        t.request('/api/auth/register', {
          body: { email, password: 'correct horse', ...(value === null ? {} : { claim: value }) },
        });
      const linkOf = async (email: string) => tokenFromLink((await outbox()).find((m) => m.to === email)!.links[0]!);
      const verify = (token: string, value?: string) =>
        t.request(`/api/auth/verify-email/${token}${value === undefined ? '' : `?claim=${value}`}`);

      it('the same claim signs in: the answer carries a session token that loads the user', async () => {
        expect((await registerWithClaim('claim@example.com')).status).toBe(201);
        const stored = await t.runtime.deps.db.select().from(tokens);
        // Only the claim's hash is stored with the link.
        expect(stored.map((row) => row.claimHash)).toEqual([expect.not.stringContaining(claim)]);
        const res = await verify(await linkOf('claim@example.com'), claim);
        expect(res.status).toBe(200);
        const body = await json<{ message: string; token: string }>(res);
        expect(body).toEqual({ message: 'Email verified successfully. You are signed in.', token: expect.any(String) });
        const user = await t.request('/api/auth/user', { headers: { authorization: `Bearer ${body.token}` } });
        expect(user.status).toBe(200);
        expect(await json(user)).toMatchObject({ email: 'claim@example.com', credits: 50 });
      });

      it('another claim, or none (another browser), verifies without signing in', async () => {
        await registerWithClaim('other@example.com');
        const other = await verify(await linkOf('other@example.com'), 'd'.repeat(43));
        expect(await json(other)).toEqual({ message: 'Email verified successfully. You can now sign in.' });
        await registerWithClaim('none@example.com');
        const none = await verify(await linkOf('none@example.com'));
        expect(none.status).toBe(200);
        expect(await json(none)).toEqual({ message: 'Email verified successfully. You can now sign in.' });
        // A link registered without a claim signs nobody in, whatever is sent.
        await registerWithClaim('noclaim@example.com', null);
        expect(await json(await verify(await linkOf('noclaim@example.com'), claim))).not.toHaveProperty('token');
      });

      it('a used link with the right claim is refused, with no session', async () => {
        await registerWithClaim('twice@example.com');
        const token = await linkOf('twice@example.com');
        expect((await verify(token, claim)).status).toBe(200);
        const again = await verify(token, claim);
        expect(again.status).toBe(400);
        expect(await json(again)).toMatchObject({ message: 'Invalid verification link', expired: false });
      });

      it('a malformed claim is refused with 400 and a message', async () => {
        const bad = await registerWithClaim('bad@example.com', 'short');
        expect(bad.status).toBe(400);
        expect(await json(bad)).toMatchObject({ message: expect.any(String) });
        await registerWithClaim('badquery@example.com');
        const res = await verify(await linkOf('badquery@example.com'), 'x');
        expect(res.status).toBe(400);
        expect(await json(res)).toMatchObject({ message: expect.any(String) });
      });
    });

    it('flags an expired verification link', async () => {
      await register();
      const [mail] = await outbox();
      t.now = new Date(t.now.getTime() + 25 * 3600_000);
      const res = await t.request(`/api/auth/verify-email/${tokenFromLink(mail!.links[0]!)}`);
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ message: 'Verification link has expired', expired: true });
    });

    it('answers a duplicate email like a new one (the owner is mailed) and bad input with 400 {message, details}', async () => {
      const first = await register();
      const dup = await register('ADA@example.com');
      expect(dup.status).toBe(201);
      expect(await json(dup)).toEqual(await json(first));
      const mails = await outbox();
      expect(mails.map((m) => m.subject)).toEqual(['Your Atelier account', 'Verify your Atelier email']);
      const bad = await t.request('/api/auth/register', { body: { email: 'nope', password: '123' } });
      expect(bad.status).toBe(400);
      const body = await json(bad);
      expect(body['message']).toBe('Please enter a valid email address');
      expect(body['details']).toBeInstanceOf(Array);
      const malformed = await t.request('/api/auth/register', { body: '{"email":' });
      expect(malformed.status).toBe(400);
      expect(await json(malformed)).toEqual({ message: 'Malformed JSON body' });
    });

    it('logs in a verified user, refuses wrong passwords and unverified accounts (with a fresh link)', async () => {
      await register();
      const unverified = await t.request('/api/auth/login', {
        body: { email: 'ada@example.com', password: 'correct horse' },
      });
      expect(unverified.status).toBe(403);
      expect((await json(unverified))['message']).toBe(
        'Please verify your email before signing in. We have sent you a new verification link.',
      );
      const mails = await outbox();
      expect(mails).toHaveLength(2);
      await t.request(`/api/auth/verify-email/${tokenFromLink(mails[0]!.links[0]!)}`);
      const wrong = await t.request('/api/auth/login', { body: { email: 'ada@example.com', password: 'wrong' } });
      expect(wrong.status).toBe(401);
      expect(await json(wrong)).toEqual({ message: 'Invalid email or password' });
      const unknown = await t.request('/api/auth/login', { body: { email: 'who@example.com', password: 'wrong' } });
      expect(await json(unknown)).toEqual({ message: 'Invalid email or password' });
      const ok = await t.request('/api/auth/login', { body: { email: 'ada@example.com', password: 'correct horse' } });
      expect(ok.status).toBe(200);
      const { token } = await json<{ token: string }>(ok);
      const me = await t.request('/api/auth/user', { token });
      expect(await json(me)).toMatchObject({
        email: 'ada@example.com',
        credits: 50,
        subscription: { plan: 'free', billingCycle: null, nextBillingDate: null },
        lastPasswordChange: null,
        // The local checkout has no customer portal: Settings hides Manage billing (CHECKOUT-9).
        billingPortal: false,
      });
      // When the account was made: Settings › Billing offers no spending month before it (CREDITS-9).
      const { createdAt } = await json<{ createdAt: string }>(await t.request('/api/auth/user', { token }));
      expect(Math.abs(Date.parse(createdAt) - Date.now())).toBeLessThan(60_000);
    });

    it('answers 429 after 10 failed logins for the same email within 15 minutes', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      try {
        const u = await t.user();
        for (let i = 0; i < 10; i++) {
          expect((await t.request('/api/auth/login', { body: { email: u.email, password: 'bad' } })).status).toBe(401);
        }
        const locked = await t.request('/api/auth/login', { body: { email: u.email, password: u.password } });
        expect(locked.status).toBe(429);
        expect((await json(locked))['message']).toMatch(/Too many/);
        vi.setSystemTime(Date.now() + 16 * 60_000);
        t.now = new Date();
        expect((await t.request('/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(
          200,
        );
      } finally {
        vi.useRealTimers();
      }
    });

    it('requires a valid bearer token', async () => {
      for (const token of [undefined, 'garbage']) {
        const res = await t.request('/api/auth/user', token ? { token } : {});
        expect(res.status).toBe(401);
        expect(await json(res)).toEqual({ message: 'Unauthorized' });
      }
      const u = await t.user();
      t.now = new Date(t.now.getTime() + 31 * 24 * 3600_000);
      expect((await t.request('/api/auth/user', { token: u.token })).status).toBe(401);
    });

    it('logout revokes only the bearer token', async () => {
      const u = await t.user();
      const other = await json<{ token: string }>(
        await t.request('/api/auth/login', { body: { email: u.email, password: u.password } }),
      );
      expect((await t.request('/api/auth/logout', { method: 'POST', token: u.token })).status).toBe(200);
      expect((await t.request('/api/auth/user', { token: u.token })).status).toBe(401);
      expect((await t.request('/api/auth/user', { token: other.token })).status).toBe(200);
    });

    it('forgot-password answers the same for unknown emails; reset is single-use and ends every session', async () => {
      const u = await t.user({ email: 'grace@example.com' });
      const known = await json(await t.request('/api/auth/forgot-password', { body: { email: u.email } }));
      const unknown = await json(
        await t.request('/api/auth/forgot-password', { body: { email: 'nobody@example.com' } }),
      );
      expect(unknown).toEqual(known);
      const mails = await outbox();
      expect(mails).toHaveLength(1);
      const link = mails[0]!.links[0]!;
      expect(link).toMatch(/^http:\/\/localhost:3000\/reset-password\//);
      const short = await t.request('/api/auth/reset-password', {
        body: { token: tokenFromLink(link), newPassword: '123' },
      });
      expect(await json(short)).toMatchObject({ message: 'Password must be at least 6 characters long' });
      const ok = await t.request('/api/auth/reset-password', {
        body: { token: tokenFromLink(link), newPassword: 'brand new pw' },
      });
      expect(ok.status).toBe(200);
      expect(await json(ok)).toEqual({ message: expect.any(String), user: { email: 'grace@example.com' } });
      expect((await t.request('/api/auth/user', { token: u.token })).status).toBe(401);
      const reuse = await t.request('/api/auth/reset-password', {
        body: { token: tokenFromLink(link), newPassword: 'another pw' },
      });
      expect(reuse.status).toBe(400);
      const login = await t.request('/api/auth/login', { body: { email: u.email, password: 'brand new pw' } });
      const me = await json(await t.request('/api/auth/user', { token: (await json<{ token: string }>(login)).token }));
      expect(me['lastPasswordChange']).toBe(t.now.toISOString());
    });

    it('an expired reset link is refused', async () => {
      const u = await t.user();
      await t.request('/api/auth/forgot-password', { body: { email: u.email } });
      const [mail] = await outbox();
      t.now = new Date(t.now.getTime() + 61 * 60_000);
      const res = await t.request('/api/auth/reset-password', {
        body: { token: tokenFromLink(mail!.links[0]!), newPassword: 'brand new pw' },
      });
      expect(res.status).toBe(400);
      expect(await json(res)).toMatchObject({ expired: true });
    });

    it('change-email needs the current password and a free address', async () => {
      const u = await t.user({ email: 'old@example.com' });
      await t.user({ email: 'taken@example.com' });
      const wrong = await t.request('/api/auth/change-email', {
        token: u.token,
        body: { newEmail: 'new@example.com', currentPassword: 'nope' },
      });
      // A wrong password keeps the session: 403, never the 401 that means the session has ended.
      expect([wrong.status, (await json(wrong)).message]).toEqual([403, 'Current password is incorrect']);
      expect((await t.request('/api/auth/user', { token: u.token })).status).toBe(200);
      const taken = await t.request('/api/auth/change-email', {
        token: u.token,
        body: { newEmail: 'taken@example.com', currentPassword: u.password },
      });
      expect(taken.status).toBe(409);
      const ok = await t.request('/api/auth/change-email', {
        token: u.token,
        body: { newEmail: 'New@Example.com', currentPassword: u.password },
      });
      expect(ok.status).toBe(200);
      expect(await json(ok)).toMatchObject({
        message: 'Email updated successfully',
        user: { email: 'new@example.com' },
      });
    });

    it('outbox offers an HTML view for people', async () => {
      await register('x@example.com');
      const html = await t.request('/dev/outbox?format=html');
      expect(html.headers.get('content-type')).toMatch(/text\/html/);
      expect(await html.text()).toContain('Verify your Atelier email');
      const byAccept = await t.request('/dev/outbox', { headers: { accept: 'text/html,application/xhtml+xml' } });
      expect(byAccept.headers.get('content-type')).toMatch(/text\/html/);
    });

    it('signup credits are granted once even if the grant is replayed', async () => {
      await register();
      const [mail] = await outbox();
      await t.request(`/api/auth/verify-email/${tokenFromLink(mail!.links[0]!)}`);
      const [row] = await t.runtime.deps.db.select().from(users);
      const { grantCredits } = await import('../../server/services/credits');
      const replay = await grantCredits(t.runtime.deps.db, row!.id, 50, 'signup', `signup:${row!.id}`);
      expect(replay.applied).toBe(false);
      expect(await balance(t, row!.id)).toBe(50);
    });
  });
}

describe('SMTP mode', () => {
  const t = setupApp('pglite', { env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
  it('hides /dev/outbox', async () => {
    expect((await t.request('/dev/outbox')).status).toBe(404);
  });
});

describe('VERIFICATION_TOKEN_TTL_MS', () => {
  const t = setupApp('pglite', { env: { VERIFICATION_TOKEN_TTL_MS: '60000' } });
  it('sets how long a verification link stays valid', async () => {
    await t.request('/api/auth/register', { body: { email: 'ttl@example.com', password: 'correct horse' } });
    await t.request('/api/auth/register', { body: { email: 'ttl2@example.com', password: 'correct horse' } });
    const mails = await json<OutboxEntry[]>(await t.request('/dev/outbox'));
    expect(mails[0]?.text).toContain('This link expires in 1 minute.');
    const token = (to: string) =>
      mails
        .find((m) => m.to === to)!
        .links[0]!.split('/')
        .pop()!;
    t.now = new Date(t.now.getTime() + 59_000);
    expect((await t.request(`/api/auth/verify-email/${token('ttl2@example.com')}`)).status).toBe(200);
    t.now = new Date(t.now.getTime() + 2_000);
    const late = await t.request(`/api/auth/verify-email/${token('ttl@example.com')}`);
    expect(late.status).toBe(400);
    expect(await json(late)).toMatchObject({ message: 'Verification link has expired', expired: true });
  });
});
