/**
 * CREATIONS-20 against a real server whose file addresses end after two seconds (FILE_URL_TTL_MS): My creations'
 * pictures asked for only after their addresses ended (held back by the network here, as a page left open is
 * scrolled later) answer 403 (FILES-2); the list then reads its runs again once, and every picture shows with
 * its fresh address. A picture that fails for another reason is not read again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { api, loginToken, uniqueEmail, verifiedUser } from './accounts';
import { appReady, desktop, setupBrowser } from './browser';
import { startServer, type ServerProcess } from './server-process';

const { browser } = setupBrowser();
const TTL_MS = 2_000;

describe('My creations past its file addresses’ end', () => {
  let server: ServerProcess | undefined;
  beforeAll(async () => {
    server = await startServer({ FILE_URL_TTL_MS: String(TTL_MS), LOG_REQUESTS: '0' });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('CREATIONS-20: pictures whose addresses ended read the runs again once and show', async () => {
    const base = server!.baseUrl;
    const email = uniqueEmail('readdress');
    await verifiedUser(email, 'readdress-secret-1', base);
    const token = await loginToken(email, 'readdress-secret-1', base);
    const prompts = ['a red fox', 'a blue whale', 'a green owl'];
    const started = await api('/api/generate/batch', {
      base,
      token,
      body: { modelId: 'bytedance/sdxl-lightning-4step', prompts, input: { width: 512, height: 512 } },
    });
    expect(started.status).toBe(201);
    const finished = async () =>
      (await api<{ items: Array<{ status: string }> }>('/api/creations', { base, token })).body.items.filter(
        (c) => c.status === 'succeeded',
      ).length;
    await expect.poll(finished, { timeout: 60_000, interval: 500 }).toBe(3);

    const context = await browser().newContext({ viewport: desktop, baseURL: base, reducedMotion: 'reduce' });
    const page = await context.newPage();
    // Each picture's first request waits past its address's end before it goes out; a fresh address goes at once.
    const held = new Set<string>();
    await page.route('**/files/**', async (route) => {
      const path = new URL(route.request().url()).pathname;
      if (!held.has(path)) {
        held.add(path);
        await new Promise((resolve) => setTimeout(resolve, TTL_MS + 1_000));
      }
      await route.continue().catch(() => {});
    });
    const expired: string[] = [];
    let listReads = 0;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.pathname.startsWith('/files/') && response.status() === 403) expired.push(url.pathname);
      if (url.pathname === '/api/creations') listReads++;
    });
    await page.goto('/robots.txt');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    await page.goto('/creations');
    await appReady(page);

    const pictures = page.getByRole('list', { name: 'Creations' }).locator('img');
    await expect.poll(() => pictures.count(), { timeout: 30_000 }).toBe(3);
    // Every picture loads in the end, with an address signed after the first.
    await expect
      .poll(() => pictures.evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length), {
        timeout: 30_000,
      })
      .toBe(3);
    expect(expired.length).toBeGreaterThanOrEqual(1);
    // Read once more for all of them (the three failures may come apart: at most one read each, never a loop).
    expect(listReads).toBeGreaterThanOrEqual(2);
    expect(listReads).toBeLessThanOrEqual(4);
    const settled = listReads;
    await page.waitForTimeout(TTL_MS);
    expect(listReads).toBe(settled);
    await context.close();
  });
});
