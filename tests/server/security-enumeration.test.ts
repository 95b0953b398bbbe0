/** Issue 10, part 3: no account enumeration, and mail through a queue with retries. */
import { describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import { mailQueue, users } from '../../server/db/schema';
import type { Mailer, OutboxEntry } from '../../server/services/mail';
import { backends, json, setupApp } from './helpers';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

for (const backend of backends) {
  describe(`no enumeration (${backend})`, () => {
    const t = setupApp(backend);
    const outbox = async () => json<OutboxEntry[]>(await t.request('/dev/outbox'));

    it('a login with an unknown email takes as long as a wrong password (a dummy hash is verified)', async () => {
      const u = await t.user();
      const time = async (email: string) => {
        const started = performance.now();
        const res = await t.request('/api/auth/login', { body: { email, password: 'not the password' } });
        expect(res.status).toBe(401);
        expect(await json(res)).toEqual({ message: 'Invalid email or password' });
        return performance.now() - started;
      };
      await time('warm-up@example.com');
      const known: number[] = [];
      const unknown: number[] = [];
      for (let i = 0; i < 4; i++) {
        known.push(await time(u.email));
        unknown.push(await time(`nobody-${i}@example.com`));
      }
      // argon2id with 19 MiB takes milliseconds; without the dummy hash an unknown email answers at once.
      expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
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
      expect(attempts.length).toBeGreaterThanOrEqual(2);
      const [queued] = await t.runtime.deps.db.select({ n: count() }).from(mailQueue);
      expect(queued!.n).toBe(2);
      // The mailer is back; after the retry delay both messages go out once.
      Object.assign(t.runtime.deps, { mailer: working });
      t.now = new Date(t.now.getTime() + 10 * 60_000);
      const result = await t.runtime.deps.mail.deliverDue();
      expect(result.sent).toBe(2);
      const mails = await json<OutboxEntry[]>(await t.request('/dev/outbox'));
      expect(mails.map((m) => m.to).sort()).toEqual(['known@example.com', 'new@example.com']);
      const link = mails.find((m) => m.to === 'new@example.com')!.links[0]!;
      expect((await t.request(`/api/auth/verify-email/${link.split('/').pop()!}`)).status).toBe(200);
      // The log names the queue row, never a link.
      expect(t.logs.join('\n')).toMatch(/mail \d+: attempt 1 failed/);
      expect(t.logs.join('\n')).not.toMatch(/verify-email|reset-password/);
    });
  });
}
