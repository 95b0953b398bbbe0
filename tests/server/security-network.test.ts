/** Safe by default on a network (loopback bind, local helpers refused, checkout secret). */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createRuntime } from '../../server/bootstrap';
import { loadConfig, networkSafetyProblem } from '../../server/config';
import { balance, embedded, json, payCheckout, setupApp } from './helpers';

const root = path.join(import.meta.dirname, '..', '..');

describe('safe defaults', () => {
  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadConfig({}).host).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('refuses a network address with the local mailer or the local checkout, naming the settings', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-sec-'));
    try {
      const config = loadConfig({ HOST: '0.0.0.0', DATA_DIR: dataDir });
      await expect(createRuntime(config)).rejects.toThrow(/SMTP_URL.*STRIPE_SECRET_KEY/);
      expect(networkSafetyProblem(loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25' }))).toMatch(
        /STRIPE_SECRET_KEY/,
      );
      expect(networkSafetyProblem(loadConfig({ HOST: '0.0.0.0', STRIPE_SECRET_KEY: 'sk_test_x' }))).toMatch(/SMTP_URL/);
      expect(
        networkSafetyProblem(
          loadConfig({ HOST: '0.0.0.0', SMTP_URL: 'smtp://mail:25', STRIPE_SECRET_KEY: 'sk_test_x' }),
        ),
      ).toBeUndefined();
      expect(
        networkSafetyProblem(loadConfig({ HOST: '0.0.0.0', ALLOW_LOCAL_HELPERS_ON_NETWORK: '1' })),
      ).toBeUndefined();
      for (const host of ['127.0.0.1', 'localhost', '::1', '[::1]']) {
        expect(networkSafetyProblem(loadConfig({ HOST: host }))).toBeUndefined();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('started as a user would with HOST=0.0.0.0 and nothing else, the server exits and says why', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-sec-'));
    try {
      const env: Record<string, string> = { PATH: process.env['PATH'] ?? '', HOST: '0.0.0.0', DATA_DIR: dataDir };
      const run = spawnSync(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        cwd: root,
        env,
        encoding: 'utf8',
        timeout: 25_000,
      });
      expect(run.status).toBe(1);
      expect(run.stderr).toContain('Refusing to listen on HOST=0.0.0.0');
      expect(run.stderr).toContain('SMTP_URL');
      expect(run.stderr).toContain('ALLOW_LOCAL_HELPERS_ON_NETWORK=1');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

for (const backend of embedded) {
  describe(`local checkout secret (${backend})`, () => {
    const t = setupApp(backend);

    const openPack = async (token: string) =>
      json<{ sessionId: string; url: string }>(
        await t.request('/api/stripe/create-checkout-session', { token, body: { priceId: 'price_credits_1000' } }),
      );

    it('a Pay with a bare session id, or a wrong key, grants nothing; the creator’s key pays once', async () => {
      const u = await t.user();
      const { sessionId, url } = await openPack(u.token);
      const bare = await t.request(`/checkout/${sessionId}/pay`, { method: 'POST' });
      expect(bare.status).toBe(404);
      const wrong = await t.app.request(`/checkout/${sessionId}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'key=' + 'A'.repeat(43),
      });
      expect(wrong.status).toBe(404);
      expect(await balance(t, u.id)).toBe(0);
      expect((await payCheckout(t, url)).status).toBe(303);
      expect(await balance(t, u.id)).toBe(1000);
    });

    it('the page and the cancel link need the key too', async () => {
      const u = await t.user();
      const { sessionId, url } = await openPack(u.token);
      expect((await t.request(`/checkout/${sessionId}`)).status).toBe(404);
      const page = await t.request(new URL(url).pathname + new URL(url).search);
      expect(page.status).toBe(200);
      const html = await page.text();
      expect(html).toContain(`name="key" value="${new URL(url).searchParams.get('key')}"`);
      expect(html).toContain('<meta name="referrer" content="no-referrer">');
      // A cancel without the key leaves the session payable.
      await t.request(`/checkout/${sessionId}/cancel`);
      expect((await payCheckout(t, url)).status).toBe(303);
      expect(await balance(t, u.id)).toBe(1000);
    });
  });
}
