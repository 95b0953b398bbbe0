/** An atomic sign-in throttle per account and per address, and rate limits with 429 + Retry-After. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toolByKey } from '../../src/catalog';
import { backends, json, pngDataUrl, setupApp } from './helpers';

const login = (t: ReturnType<typeof setupApp>, email: string, password: string, address?: string) =>
  t.request('/api/auth/login', {
    body: { email, password },
    ...(address ? { headers: { 'x-forwarded-for': address } } : {}),
  });

for (const backend of backends) {
  describe(`sign-in throttle (${backend})`, () => {
    const t = setupApp(backend, { env: { TRUST_PROXY: '1' } });
    afterEach(() => {
      vi.useRealTimers();
    });

    it('100 parallel wrong guesses from 100 addresses: at most 10 reach the password check, the rest get 429', async () => {
      const u = await t.user();
      const answers = await Promise.all(
        Array.from({ length: 100 }, (_, i) => login(t, u.email, `wrong-${i}`, `10.0.${Math.floor(i / 250)}.${i}`)),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 401).length + statuses.filter((s) => s === 429).length).toBe(100);
      const refused = answers.find((r) => r.status === 429)!;
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await json(refused)).toMatchObject({ message: expect.stringMatching(/Too many failed sign-in attempts/) });
      // Locked for every address, the right password included.
      expect((await login(t, u.email, u.password, '192.168.7.7')).status).toBe(429);
    });

    it('a success from another address does not reset the count', async () => {
      const u = await t.user();
      for (let i = 0; i < 5; i++) expect((await login(t, u.email, 'bad', '10.1.1.1')).status).toBe(401);
      expect((await login(t, u.email, u.password, '10.2.2.2')).status).toBe(200);
      for (let i = 0; i < 5; i++) expect((await login(t, u.email, 'bad', '10.1.1.1')).status).toBe(401);
      expect((await login(t, u.email, 'bad', '10.1.1.1')).status).toBe(429);
      expect((await login(t, u.email, u.password, '10.2.2.2')).status).toBe(429);
    });

    it('backs off longer after each lock', async () => {
      vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
      const u = await t.user();
      const lockOut = async () => {
        for (let i = 0; i < 10; i++) expect((await login(t, u.email, 'bad', '10.3.3.3')).status).toBe(401);
        const refused = await login(t, u.email, u.password, '10.3.3.3');
        expect(refused.status).toBe(429);
        return Number(refused.headers.get('retry-after'));
      };
      const first = await lockOut();
      expect(first).toBeGreaterThan(14 * 60);
      expect(first).toBeLessThanOrEqual(15 * 60);
      vi.setSystemTime(Date.now() + (first + 1) * 1000);
      const second = await lockOut();
      expect(second).toBeGreaterThan(29 * 60);
      expect(second).toBeLessThanOrEqual(30 * 60);
    });

    it('per address across accounts', async () => {
      const users = await Promise.all(Array.from({ length: 3 }, () => t.user()));
      // Default 100 per address; spread over accounts so no account is locked. A 401 is an attempt that
      // reached the password check.
      let refused = 0;
      for (let i = 0; i < 102; i++) {
        const r = await login(t, users[i % 3]!.email.replace('@', `+${i}@`), 'bad', '10.9.9.9');
        if (r.status === 429) refused++;
      }
      expect(refused).toBe(2);
      expect((await login(t, users[0]!.email, users[0]!.password, '10.9.9.10')).status).toBe(200);
    });
  });

  describe(`rate limits (${backend})`, () => {
    const t = setupApp(backend, {
      env: {
        RATE_LIMIT_REGISTER: '2',
        RATE_LIMIT_FORGOT_PASSWORD: '2',
        RATE_LIMIT_VERIFY: '2',
        RATE_LIMIT_RESET: '2',
        RATE_LIMIT_UPLOAD: '2',
        RATE_LIMIT_GENERATE: '2',
      },
    });

    const expect429 = async (response: Response, message: RegExp) => {
      expect(response.status).toBe(429);
      expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(await json(response)).toMatchObject({ message: expect.stringMatching(message) });
    };

    it('register, forgot-password, verify and reset answer 429 with a message and Retry-After', async () => {
      for (let i = 0; i < 2; i++) {
        expect(
          (await t.request('/api/auth/register', { body: { email: `r${i}@example.com`, password: 'correct horse' } }))
            .status,
        ).toBe(201);
      }
      await expect429(
        await t.request('/api/auth/register', { body: { email: 'r9@example.com', password: 'correct horse' } }),
        /Too many sign-ups/,
      );
      for (let i = 0; i < 2; i++) {
        await t.request('/api/auth/forgot-password', { body: { email: `f${i}@example.com` } });
      }
      await expect429(
        await t.request('/api/auth/forgot-password', { body: { email: 'f9@example.com' } }),
        /Too many password reset requests/,
      );
      for (let i = 0; i < 2; i++) await t.request(`/api/auth/verify-email/nope${i}`);
      await expect429(await t.request('/api/auth/verify-email/nope9'), /Too many verification attempts/);
      const reset = () =>
        t.request('/api/auth/reset-password', { body: { token: 'x'.repeat(43), newPassword: 'another horse' } });
      for (let i = 0; i < 2; i++) await reset();
      await expect429(await reset(), /Too many password reset attempts/);
    });

    it('upload and generate are limited per account', async () => {
      const u = await t.user({ credits: 100 });
      const other = await t.user({ credits: 100 });
      for (let i = 0; i < 2; i++) {
        expect((await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } })).status).toBe(201);
      }
      await expect429(
        await t.request('/api/upload', { token: u.token, body: { image: pngDataUrl } }),
        /Too many uploads/,
      );
      expect((await t.request('/api/upload', { token: other.token, body: { image: pngDataUrl } })).status).toBe(201);
      const start = () =>
        t.request('/api/generate', {
          token: u.token,
          body: { modelId: toolByKey('text-to-text').id, input: { prompt: 'hi' } },
        });
      const first = await start();
      expect(first.status).not.toBe(429);
      await start();
      await expect429(await start(), /Too many generations/);
    });
  });
}
