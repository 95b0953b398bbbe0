/** Security headers, safe log lines, and links revoked by a password reset or email change. */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../server/services/mail';
import { embedded, json, setupApp } from './helpers';

const themeScript = `
      try { var t = localStorage.getItem('theme'); if (t) document.documentElement.setAttribute('data-theme', t); } catch (e) {}
    `;

for (const backend of embedded) {
  describe(`headers (${backend})`, () => {
    const t = setupApp(backend, { env: { LOG_REQUESTS: '1' } });

    it('API answers: no-store, nosniff, no referrer, no framing, a CSP without inline scripts', async () => {
      const u = await t.user();
      for (const res of [
        await t.request('/api/users/credits', { token: u.token }),
        await t.request('/api/auth/login', { body: { email: 'x@example.com', password: 'wrong-password' } }),
        await t.request('/api/nothing-here'),
      ]) {
        expect(res.headers.get('cache-control')).toBe('no-store');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
        expect(res.headers.get('referrer-policy')).toBe('no-referrer');
        const csp = res.headers.get('content-security-policy')!;
        expect(csp).toContain("frame-ancestors 'none'");
        expect(csp).toMatch(/script-src 'self'(;|$)/);
      }
    });

    it('index.html allows its inline theme script by hash only; hashed assets are immutable', async () => {
      const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-dist-'));
      try {
        fs.mkdirSync(path.join(dist, 'assets'));
        fs.writeFileSync(
          path.join(dist, 'index.html'),
          `<!doctype html><html><head><script>${themeScript}</script><script type="module" src="/assets/index-abc123.js"></script></head><body></body></html>`,
        );
        fs.writeFileSync(path.join(dist, 'assets', 'index-abc123.js'), 'console.log(1)');
        Object.assign(t.runtime.deps, { distDir: dist });
        const page = await t.request('/settings');
        expect(page.status).toBe(200);
        const csp = page.headers.get('content-security-policy')!;
        const hash = crypto.createHash('sha256').update(themeScript).digest('base64');
        expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
        expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
        expect(csp).toContain("frame-ancestors 'none'");
        expect(page.headers.get('cache-control')).toBe('no-cache');
        const asset = await t.request('/assets/index-abc123.js');
        expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        expect(asset.headers.get('x-content-type-options')).toBe('nosniff');
      } finally {
        fs.rmSync(dist, { recursive: true, force: true });
      }
    });

    it('log lines escape CR/LF and never carry tokens, session ids or links', async () => {
      const u = await t.user();
      const token = 'A'.repeat(43);
      await t.request(`/api/auth/verify-email/${token}`);
      const { url } = await json<{ url: string }>(
        await t.request('/api/stripe/create-checkout-session', {
          token: u.token,
          body: { priceId: 'price_credits_1000' },
        }),
      );
      const link = new URL(url);
      await t.request(link.pathname + link.search);
      t.runtime.deps.log('injected\r\nGET /api/fake 200 forged line');
      t.runtime.deps.log(`mail to ${link.toString()} and http://x/reset-password/${token} Bearer ${u.token}`);
      const all = t.logs.join('\n');
      expect(t.logs.some((l) => /verify-email\/\[redacted\]/.test(l))).toBe(true);
      expect(all).not.toContain(token);
      expect(all).not.toContain(u.token);
      expect(all).not.toContain(link.pathname.split('/').pop()!);
      expect(all).not.toContain(link.searchParams.get('key')!);
      expect(t.logs).toContain('injected\\r\\nGET /api/fake 200 forged line');
      for (const line of t.logs) expect(line).not.toMatch(/[\r\n]/);
    });
  });

  describe(`links revoked (${backend})`, () => {
    const t = setupApp(backend);
    const outbox = async () => json<OutboxEntry[]>(await t.request('/dev/outbox'));
    const tokenOf = (link: string) => link.split('/').pop()!;

    it('reset links issued before a password reset stop working', async () => {
      const u = await t.user({ email: 'reset-twice@example.com' });
      await t.request('/api/auth/forgot-password', { body: { email: u.email } });
      await t.request('/api/auth/forgot-password', { body: { email: u.email } });
      const [newer, older] = (await outbox()).map((m) => tokenOf(m.links[0]!));
      expect(
        (await t.request('/api/auth/reset-password', { body: { token: newer!, newPassword: 'brand new pw' } })).status,
      ).toBe(200);
      const stale = await t.request('/api/auth/reset-password', {
        body: { token: older!, newPassword: 'attacker pw' },
      });
      expect(stale.status).toBe(400);
      expect(await json(stale)).toMatchObject({ message: expect.any(String) });
      expect((await t.request('/api/auth/login', { body: { email: u.email, password: 'brand new pw' } })).status).toBe(
        200,
      );
    });

    it('reset links sent before an email change stop working', async () => {
      const u = await t.user({ email: 'old-address@example.com' });
      await t.request('/api/auth/forgot-password', { body: { email: u.email } });
      const [mail] = await outbox();
      const changed = await t.request('/api/auth/change-email', {
        token: u.token,
        body: { newEmail: 'new-address@example.com', currentPassword: u.password },
      });
      expect(changed.status).toBe(200);
      const stale = await t.request('/api/auth/reset-password', {
        body: { token: tokenOf(mail!.links[0]!), newPassword: 'attacker pw' },
      });
      expect(stale.status).toBe(400);
    });
  });
}
