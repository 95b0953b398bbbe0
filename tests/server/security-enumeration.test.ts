/** No account enumeration, and mail through a queue with retries. */
import { describe, expect, it, vi } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { users } from '../../server/db/schema';
import type { Mailer, OutboxEntry } from '../../server/services/mail';
import { embedded, json, setupApp } from './helpers';

// The real verification, watched: which hashes a login checks the password against.
const argon2Verify = vi.hoisted(() => vi.fn<(hash: string, password: string) => Promise<boolean>>());
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@node-rs/argon2')>();
  argon2Verify.mockImplementation((hash, password) => actual.verify(hash, password));
  return { ...actual, verify: argon2Verify };
});

for (const backend of embedded) {
  describe(`no enumeration (${backend})`, () => {
    const t = setupApp(backend);
    const outbox = async () => json<OutboxEntry[]>(await t.request('/dev/outbox'));

    it('a login with an unknown email verifies a hash of the same cost as a wrong password does', async () => {
      const u = await t.user();
      // What a caller would time: one argon2id verification per attempt, of the same cost either way.
      // Counted, not timed, so the check does not depend on how busy the machine is.
      const verifiedHashes = async (email: string) => {
        argon2Verify.mockClear();
        const res = await t.request('/api/auth/login', { body: { email, password: 'not the password' } });
        expect(res.status).toBe(401);
        expect(await json(res)).toEqual({ message: 'Invalid email or password' });
        return argon2Verify.mock.calls.map(([hash]) => String(hash));
      };
      const known = await verifiedHashes(u.email);
      const unknown = await verifiedHashes('nobody@example.com');
      const again = await verifiedHashes('nobody-else@example.com');
      const cost = (hash: string) => hash.split('$').slice(1, 4).join('$');
      expect(known).toHaveLength(1);
      expect(unknown).toHaveLength(1);
      expect(again).toHaveLength(1);
      expect(cost(known[0]!)).toBe('argon2id$v=19$m=19456,t=2,p=1');
      expect(cost(unknown[0]!)).toBe(cost(known[0]!));
      // The dummy hash is not the account's, and it is made once, not per attempt.
      expect(unknown[0]).not.toBe(known[0]);
      expect(again[0]).toBe(unknown[0]);
    });

    it('register of an existing email answers like a new one and mails the owner instead', async () => {
      const u = await t.user({ email: 'owner@example.com' });
      const fresh = await t.request('/api/auth/register', {
        body: { email: 'fresh@example.com', password: 'correct horse' },
      });
      const taken = await t.request('/api/auth/register', {
        body: { email: 'owner@example.com', password: 'correct horse' },
      });
      expect(taken.status).toBe(fresh.status);
      expect((await json(taken))['message']).toBe((await json(fresh))['message']);
      const mails = await outbox();
      const toOwner = mails.filter((m) => m.to === u.email);
      expect(toOwner).toHaveLength(1);
      expect(toOwner[0]!.subject).toBe('Your Atelier account');
      expect(toOwner[0]!.links.join(' ')).not.toMatch(/verify-email/);
      // The owner's password is untouched.
      expect((await t.request('/api/auth/login', { body: { email: u.email, password: u.password } })).status).toBe(200);
    });
  });

  describe(`mail queue (${backend})`, () => {
    const t = setupApp(backend);
    const down = (sent: string[] = []): Mailer => ({
      mode: 'outbox',
      send: (m) => (sent.push(m.to), Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:25'))),
      list: () => Promise.resolve([]),
    });

    it('a mailer outage fails neither register nor forgot-password; the mail is retried and then delivered', async () => {
      const working = t.runtime.deps.mailer;
      const attempts: string[] = [];
      Object.assign(t.runtime.deps, { mailer: down(attempts) });
      const u = await t.user({ email: 'known@example.com' });
      const reg = await t.request('/api/auth/register', {
        body: { email: 'new@example.com', password: 'correct horse' },
      });
      expect(reg.status).toBe(201);
      const known = await t.request('/api/auth/forgot-password', { body: { email: u.email } });
      const unknown = await t.request('/api/auth/forgot-password', { body: { email: 'nobody@example.com' } });
      expect(known.status).toBe(200);
      expect(await json(known)).toEqual(await json(unknown));
      // The account is whole (user + queued link), not half-made.
      const [created] = await t.runtime.deps.db.select().from(users).where(eq(users.email, 'new@example.com'));
      expect(created).toBeDefined();
      await t.runtime.deps.mail.deliverDue();
      for (let i = 0; i < 200 && attempts.length < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      const waiting = async () =>
        (
          (await t.runtime.deps.db.execute(
            sql`SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'mail' AND state = 'retry'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n;
      for (let i = 0; i < 200 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 10));
      expect(await waiting()).toBe(2);
      // The mailer is back; once the retry delay has passed (made to pass here) both messages go out once.
      Object.assign(t.runtime.deps, { mailer: working });
      await t.runtime.deps.db.execute(sql`UPDATE pgboss.job SET start_after = now() WHERE name = 'mail'`);
      await t.runtime.deps.mail.deliverDue();
      let mails: OutboxEntry[] = [];
      for (let i = 0; i < 200 && mails.length < 2; i++) {
        mails = await json<OutboxEntry[]>(await t.request('/dev/outbox'));
        if (mails.length < 2) await new Promise((r) => setTimeout(r, 20));
      }
      expect(mails.map((m) => m.to).sort()).toEqual(['known@example.com', 'new@example.com']);
      const link = mails.find((m) => m.to === 'new@example.com')!.links[0]!;
      expect((await t.request(`/api/auth/verify-email/${link.split('/').pop()!}`)).status).toBe(200);
      // The log names the mail's job, never a link.
      expect(t.logs.join('\n')).toMatch(/mail [\w-]+: attempt 1 failed/);
      expect(t.logs.join('\n')).not.toMatch(/verify-email|reset-password/);
    });
  });
}
