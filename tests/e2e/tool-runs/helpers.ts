/**
 * What the tool-run parts of tools.test.ts share: the files they upload, the page helpers, and the
 * one funded user (`ToolRun`) whose page every part after the first runs on, in order.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { expect } from 'vitest';
import { toolByKey, type ToolKey } from '../../../src/catalog';
import { api, balance, loginToken, verifiedUser } from '../accounts';
import { appReady, baseUrl, desktop, downloadedFile, openPage } from '../browser';

/** The user who runs all fifteen tools on one page, its token, and the creation ids of its media runs. */
export interface ToolRun {
  browser: () => Browser;
  page: Page;
  token: string;
  made: string[];
}

export const TOO_LARGE = 'Image is too large. Please choose a smaller image.';
export const NOT_SUPPORTED = 'This image format is not supported. Please take a new photo or choose a JPG/PNG image.';

export const expectBalance = (page: Page, credits: number) =>
  expect.poll(() => balance(page), { timeout: 15_000 }).toBe(credits);

export const cost = (key: ToolKey) => toolByKey(key).cost;

/** A PNG of a few coloured shapes: something for the image tools to work on. */
export const photo = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#8ab"/>` +
        `<circle cx="160" cy="110" r="60" fill="#fc9"/><rect x="110" y="170" width="100" height="70" fill="#36c"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** Dark words on white, large enough for the offline OCR. */
export const wordsPng = (words = 'ATELIER 2026') =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="240"><rect width="900" height="240" fill="#fff"/>` +
        `<text x="60" y="150" font-family="DejaVu Sans, Arial, sans-serif" font-size="96" font-weight="bold" fill="#000">${words}</text></svg>`,
    ),
  )
    .png()
    .toBuffer();

/**
 * The photo with a PNG text chunk `Comment: <text>` after its header, as `exiftool -Comment=…` writes
 * it: the offline provider reads its markers there for the tools without a prompt (README).
 */
export async function photoWithComment(text: string): Promise<Buffer> {
  const png = await photo();
  const data = Buffer.from(`Comment\0${text}`, 'latin1');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from('tEXt', 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  // PNG signature (8 bytes) and the IHDR chunk (25 bytes) first.
  return Buffer.concat([png.subarray(0, 33), length, body, crc, png.subarray(33)]);
}

/**
 * A 16 MB file on disk, named `name`: handed to the file input by its path, so Chromium reads it
 * itself instead of receiving 16 MB through the protocol (which can pass the action time-out on busy cores).
 */
export function sixteenMegabytes(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
  const file = join(dir, name);
  writeFileSync(file, Buffer.alloc(16 * 1024 * 1024, 1));
  return file;
}

export async function openTool(page: Page, key: ToolKey): Promise<void> {
  await page.goto(toolByKey(key).path);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: toolByKey(key).title }).isVisible()).toBe(true);
  // The file inputs are set by script, which does not wait for the prerendered page to be hydrated.
  await appReady(page);
}

/** Waits for the result image to load; answers its natural size. */
export async function loadedImage(page: Page, alt: string): Promise<{ width: number; height: number }> {
  const image = page.getByAltText(alt, { exact: true });
  await expect.poll(() => image.isVisible(), { timeout: 120_000 }).toBe(true);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 })
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

/** What the server sends for an image at `url` (the result's src, a Download link): its content type and decoded format. */
export async function imageFile(url: string): Promise<{ type: string | null; format: string | undefined }> {
  const res = await fetch(new URL(url, baseUrl()));
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { type: res.headers.get('content-type'), format: (await sharp(bytes).metadata()).format };
}

/** The result image as served: its src answers a PNG with the image/png content type. */
export async function expectPngResult(page: Page, alt: string): Promise<void> {
  const src = (await page.getByAltText(alt, { exact: true }).getAttribute('src'))!;
  expect(await imageFile(src)).toEqual({ type: 'image/png', format: 'png' });
}

/** Presses the result's Download button: the saved file's name and decoded format (TOOL-24: a timestamped PNG). */
export async function savedImage(page: Page): Promise<{ name: string; format: string | undefined }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const saved = await download;
  const path = await downloadedFile(saved);
  return { name: saved.suggestedFilename(), format: (await sharp(readFileSync(path)).metadata()).format };
}

/** Requests that would upload a file or start (or follow) a run; the theme and user reads are not counted. */
export function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/^\/api\/(upload|generate|prediction)/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** A verified user signed in on a fresh page, funded with 5,000 credits through the local checkout. */
export async function fundedUser(
  browser: () => Browser,
  prefix: string,
): Promise<{ page: Page; email: string; password: string }> {
  const email = `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
  const password = 'a long passphrase';
  await verifiedUser(email, password);
  const page = await openPage(browser(), desktop, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect.poll(() => new URL(page.url()).pathname).toBe('/subscribe');
  await page.goto('/credits');
  await page.getByRole('button', { name: 'Buy 5,000 credits' }).click();
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toMatch(/^\/checkout\/.+/);
  await page.getByRole('button', { name: /^Pay / }).click();
  // Back on the page the pack was bought from, which waits for the grant and then cleans the address.
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/credits');
  await expect.poll(() => balance(page), { timeout: 20_000 }).toBeGreaterThan(5000);
  return { page, email, password };
}

/** What the run's own banner says when the offline model fails it on purpose (server/providers/local.ts). */
export const ON_PURPOSE = 'The offline preview model failed this run on purpose';

/**
 * After a `[fail]` run was started: the red banner shows `banner`, the server charged the tool's
 * cost and refunded it (the newest two ledger entries: the spend and its refund), and the badge is
 * back at `balance`.
 */
export async function failedAndRefunded(run: ToolRun, key: ToolKey, balance: number, banner: string): Promise<void> {
  const { page } = run;
  const alert = page.getByRole('alert');
  await expect.poll(() => alert.isVisible(), { timeout: 120_000 }).toBe(true);
  expect(await alert.textContent()).toContain(banner);
  // TOOL-38: the banner's second line says the cost came back.
  // The page's own line (the runs tray's notice of the same run, outside <main>, may say it too).
  const returned = page.getByRole('main').getByRole('status').filter({ hasText: 'been returned' });
  expect(await returned.textContent()).toBe(`Your ${cost(key)} credits have been returned.`);
  const { body: history } = await api<{
    entries: Array<{ kind: string; delta: number; balance: number; predictionId?: string }>;
  }>('/api/users/credits/history?limit=2', { token: run.token });
  const [refund, spend] = history.entries;
  expect(spend).toMatchObject({ kind: 'spend', delta: -cost(key), balance: balance - cost(key) });
  expect(refund).toMatchObject({ kind: 'refund', delta: cost(key), balance, predictionId: spend!.predictionId });
  await expectBalance(page, balance);
}

/** The media element of the themed player named `label` (TOOL-46: the player is a group of that name). */
export const mediaIn = (page: Page, label: string) =>
  page.getByRole('group', { name: label, exact: true }).locator('video, audio');

/** Waits for the result player, then answers it as a locator. */
export async function resultMedia(page: Page, label: string) {
  const player = page.getByRole('group', { name: label, exact: true });
  await expect.poll(() => player.isVisible(), { timeout: 150_000 }).toBe(true);
  return player;
}

/**
 * TOOL-41: once the page has scrolled to the result, its actions and the whole picture are on screen together
 * (the viewport's height, no scrolling).
 */
export async function actionsInView(page: Page, alt: string): Promise<{ actions: number; image: number }> {
  const region = page.getByRole('region', { name: 'Result' });
  const bottomOf = async (locator: ReturnType<Page['locator']>) => {
    const box = (await locator.boundingBox())!;
    return { top: box.y, bottom: box.y + box.height };
  };
  // The page scrolls to the result 100 ms after it appears (TOOL-25): to its top, or as far down as the page goes.
  await expect
    .poll(() =>
      region.evaluate((el) => {
        const atTop = Math.abs(el.getBoundingClientRect().top - parseFloat(getComputedStyle(el).scrollMarginTop)) <= 1;
        const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
        return window.scrollY > 0 && (atTop || atEnd);
      }),
    )
    .toBe(true);
  const height = page.viewportSize()!.height;
  const download = await bottomOf(region.getByRole('button', { name: 'Download' }));
  const image = await bottomOf(region.getByAltText(alt, { exact: true }));
  expect(download.top).toBeGreaterThanOrEqual(0);
  expect(download.bottom).toBeLessThanOrEqual(height);
  expect(image.bottom).toBeLessThanOrEqual(height);
  return { actions: Math.round(download.bottom), image: Math.round(image.bottom) };
}

/** The file behind the Download link: its content type and size. */
export async function download(page: Page): Promise<{ type: string | null; bytes: number; href: string }> {
  const href = (await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!;
  const res = await fetch(new URL(href, baseUrl()));
  return { type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength, href };
}

/** Plays a muted video a moment and answers how far it got. */
export const playedSeconds = (page: Page, label: string) =>
  mediaIn(page, label).evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 700));
    video.pause();
    return video.currentTime;
  });

/** The duration the browser reads from the audio's own header. */
export const audioSeconds = (page: Page, label: string) =>
  mediaIn(page, label).evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (Number.isFinite(audio.duration) && audio.duration > 0) return resolve(audio.duration);
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        audio.addEventListener('error', () => reject(new Error('audio failed to load')), { once: true });
        audio.load();
      }),
  );

/** A second verified user's token (never funded): for the owner-only checks. */
export async function otherUserToken(): Promise<string> {
  const email = `other-${randomBytes(5).toString('hex')}@example.com`;
  await verifiedUser(email, 'a long passphrase');
  return loginToken(email, 'a long passphrase');
}

/**
 * Clicks "Generate Another" (or the tool's own wording) until the result has gone, as a person clicks
 * again when a click did nothing: the page scrolls to a new result 100 ms after it shows (TOOL-25), and on
 * a busy machine that scroll can move the button between Playwright's aim and its click.
 */
export async function startAnother(page: Page, name: string): Promise<void> {
  // Exact: a partial name would also match other buttons ('Edit' is in 'Upscale 2× · 10 credits').
  const button = page.getByRole('button', { name, exact: true });
  await expect
    .poll(
      async () => {
        if ((await button.count()) > 0) await button.click({ timeout: 5_000 }).catch(() => undefined);
        return button.count();
      },
      { timeout: 30_000, interval: 1_000 },
    )
    .toBe(0);
}
