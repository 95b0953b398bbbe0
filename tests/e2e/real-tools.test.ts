/**
 * The real path from the pages (issue 33's Done means): a server process whose REPLICATE_BASE_URL and
 * OPENAI_BASE_URL point at the providers' contract fakes (tests/server/fakes, run here on loopback ports), and
 * a subscribed person who opens the page of every tool that runs on Replicate or OpenAI, fills what it needs
 * (the fixture picture where it takes one), presses its button and sees the result: a picture, player or 3D
 * viewer whose file is the product's own address (served 200 with its type), or the model's words. The fakes
 * refused nothing, and the server's outbound guard (outbound-guard.mjs, loaded with NODE_OPTIONS) saw no host
 * outside loopback.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tools, type Tool } from '../../src/catalog';
import { startFakeOpenAI, type FakeOpenAI } from '../server/fakes/openai';
import { startFakeReplicate, type FakeReplicate } from '../server/fakes/replicate';
import { api, loginToken, uniqueEmail, verifiedUser } from './accounts';
import { appReady, desktop, setupBrowser } from './browser';
import { startServer, type ServerProcess } from './server-process';
import { photo } from './tool-runs/helpers';

const { browser } = setupBrowser();
let replicate: FakeReplicate;
let openai: FakeOpenAI;
let server: ServerProcess;
const guardDir = mkdtempSync(join(tmpdir(), 'atelier-guard-'));
const guardLog = join(guardDir, 'outbound.log');
const guardImport = `--import ${pathToFileURL(join(import.meta.dirname, 'outbound-guard.mjs')).href}`;

/** The tools a real provider runs (Video Editing runs on the server itself, with ffmpeg). */
const realTools = tools.filter((tool) => tool.replicate !== 'server');
/** The type each kind of result file is served with. */
const servedType: Partial<Record<Tool['page']['result'], string>> = {
  image: 'image/png',
  video: 'video/mp4',
  audio: 'audio/wav',
  model3d: 'model/gltf-binary',
};

beforeAll(async () => {
  [replicate, openai] = await Promise.all([startFakeReplicate(), startFakeOpenAI()]);
  server = await startServer({
    REPLICATE_API_TOKEN: 'r8_fake_token',
    OPENAI_API_KEY: 'sk-fake-key',
    REPLICATE_BASE_URL: replicate.baseUrl,
    OPENAI_BASE_URL: openai.baseUrl,
    REPLICATE_POLL_INTERVAL_MS: '20',
    RATE_LIMIT_GENERATE: '1000',
    OUTBOUND_GUARD_LOG: guardLog,
    NODE_OPTIONS: `${process.env['NODE_OPTIONS'] ?? ''} ${guardImport}`,
  });
});
afterAll(async () => {
  await server?.stop();
  await Promise.all([replicate?.close(), openai?.close()]);
});

/** A verified person subscribed to the Standard plan through the local checkout, signed in on a fresh page. */
async function subscribedPage(): Promise<Page> {
  const base = server.baseUrl;
  const email = uniqueEmail('real-tools');
  await verifiedUser(email, 'a long passphrase', base);
  const token = await loginToken(email, 'a long passphrase', base);
  const checkout = await api<{ url: string }>('/api/stripe/create-subscription', {
    base,
    token,
    body: { planId: 'standard', billingCycle: 'monthly' },
  });
  expect(checkout.status).toBe(200);
  const link = new URL(checkout.body.url, base);
  const paid = await fetch(`${base}${link.pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: link.searchParams.get('key') ?? '' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
  const user = await api<{ subscription: { plan: string } }>('/api/auth/user', { base, token });
  expect(user.body.subscription.plan).toBe('standard');
  const context = await browser().newContext({ viewport: desktop, baseURL: base, reducedMotion: 'reduce' });
  const page = await context.newPage();
  await page.goto('/robots.txt');
  await page.evaluate((t) => localStorage.setItem('token', t), token);
  return page;
}

/** The result's file address: the picture's or player's src, the 3D viewer's Download link. */
async function resultAddress(page: Page, tool: Tool): Promise<string> {
  const result = page.getByRole('region', { name: 'Result' });
  const { resultAlt } = tool.page;
  if (tool.page.result === 'image') return (await result.getByAltText(resultAlt, { exact: true }).getAttribute('src'))!;
  if (tool.page.result === 'model3d') {
    await expect.poll(() => result.locator('[data-state]').getAttribute('data-state')).toBe('ready');
    return (await result.getByRole('link', { name: 'Download' }).getAttribute('href'))!;
  }
  // Audio and video play in the app's own player, a group of that name around the media element (TOOL-46).
  return (await result
    .getByRole('group', { name: resultAlt, exact: true })
    .locator('video, audio')
    .getAttribute('src'))!;
}

describe('every Replicate and OpenAI tool run from its page against the providers’ fakes', () => {
  it('each run succeeds: its output stored, served from the product’s own address and shown; nothing refused, nothing sent elsewhere', async () => {
    const page = await subscribedPage();
    const picture = await photo();
    for (const tool of realTools) {
      await page.goto(tool.path);
      await expect.poll(() => page.getByRole('heading', { level: 1, name: tool.title }).isVisible()).toBe(true);
      await appReady(page);
      if (tool.page.prompt) await page.getByLabel(tool.page.prompt.label, { exact: true }).fill('a fox in the snow');
      const uploads = [tool.page.upload?.label, tool.page.pose ? 'Pose image (optional)' : undefined];
      for (const label of uploads.filter((x) => x !== undefined)) {
        await page.getByLabel(label, { exact: true }).setInputFiles({
          name: 'photo.png',
          mimeType: 'image/png',
          buffer: picture,
        });
        await expect.poll(() => page.getByAltText(`${label} preview`).isVisible(), { message: tool.key }).toBe(true);
      }
      await page.getByRole('button', { name: tool.page.submit, exact: true }).click();
      const result = page.getByRole('region', { name: 'Result' });
      await expect.poll(() => result.isVisible(), { message: tool.key, timeout: 20_000 }).toBe(true);
      expect(await page.getByRole('main').getByRole('alert').count(), tool.key).toBe(0);
      const type = servedType[tool.page.result];
      if (!type) {
        expect(await result.textContent(), tool.key).toContain('Here is the answer.');
        continue;
      }
      const address = new URL(await resultAddress(page, tool), server.baseUrl);
      expect(address.origin, tool.key).toBe(server.baseUrl);
      expect(address.pathname, tool.key).toMatch(/^\/files\/outputs\//);
      const served = await fetch(address);
      expect([served.status, served.headers.get('content-type')], tool.key).toEqual([200, type]);
    }
    expect(replicate.problems()).toEqual([]);
    expect(openai.problems()).toEqual([]);
    const creates = replicate.requests.filter((r) => r.method === 'POST' && r.path.endsWith('/predictions'));
    expect(creates).toHaveLength(realTools.filter((tool) => tool.provider === 'replicate').length);
    expect(openai.requests).toHaveLength(realTools.filter((tool) => tool.provider === 'openai').length);
    expect(existsSync(guardLog) ? readFileSync(guardLog, 'utf8') : '').toBe('');
  }, 120_000);

  it('the outbound guard records and refuses a request to any host outside loopback, by fetch or http', () => {
    const log = join(guardDir, 'self-check.log');
    const script = `
      const http = require('node:http');
      try { http.get('http://192.0.2.7/x'); } catch {}
      fetch('https://api.replicate.com/v1/predictions').catch(() => {});
      fetch('http://127.0.0.1:9/').catch(() => {});`;
    execFileSync(process.execPath, ['-e', script], {
      env: { ...process.env, OUTBOUND_GUARD_LOG: log, NODE_OPTIONS: guardImport },
      timeout: 10_000,
    });
    expect(readFileSync(log, 'utf8').split('\n').filter(Boolean).sort()).toEqual(['192.0.2.7', 'api.replicate.com']);
  });
});
