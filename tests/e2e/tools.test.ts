/**
 * The fifteen tools against the real server and its offline provider (spec §2 Tool
 * pages, §4, §5, §8): a signed-in user runs each once and sees a usable result, the balance falls
 * by the tool's cost; each of the first eight also fails a run on purpose (a `[fail]` marker: in the
 * prompt, in the picture's metadata for Restore, in the words read for Image to Text) and sees the
 * banner and the refund; a visitor gets the login dialog on each of the eight, and oversized or HEIC
 * files are refused before any request.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { toolByKey, type ToolKey } from '../../src/catalog';
import { appReady, baseUrl, desktop, openPage, phone, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

const TOO_LARGE = 'Image is too large. Please choose a smaller image.';
const NOT_SUPPORTED = 'This image format is not supported. Please take a new photo or choose a JPG/PNG image.';

interface OutboxEntry {
  to: string;
  links: string[];
}

async function api(path: string, init: RequestInit = {}): Promise<Response> {
  return fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', ...init.headers },
  });
}

async function verifiedUser(email: string, password: string): Promise<void> {
  const registered = await api('/api/auth/register', { method: 'POST', body: JSON.stringify({ email, password }) });
  expect(registered.status).toBe(201);
  let link: string | undefined;
  await expect
    .poll(async () => {
      const outbox = (await (await api('/dev/outbox?format=json')).json()) as OutboxEntry[];
      link = outbox.find((m) => m.to === email)?.links[0];
      return link !== undefined;
    })
    .toBe(true);
  expect((await api(`/api/auth${new URL(link!).pathname}`)).status).toBe(200);
}

const balance = async (page: Page): Promise<number> => {
  const label = await page
    .getByLabel(/^Credit balance:/)
    .first()
    .getAttribute('aria-label');
  return Number(/(\d+) credits/.exec(label ?? '')?.[1] ?? NaN);
};
const expectBalance = (page: Page, credits: number) =>
  expect.poll(() => balance(page), { timeout: 15_000 }).toBe(credits);

const cost = (key: ToolKey) => toolByKey(key).cost;

/** A PNG of a few coloured shapes: something for the image tools to work on. */
const photo = () =>
  sharp(
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="240"><rect width="320" height="240" fill="#8ab"/>` +
        `<circle cx="160" cy="110" r="60" fill="#fc9"/><rect x="110" y="170" width="100" height="70" fill="#36c"/></svg>`,
    ),
  )
    .png()
    .toBuffer();

/** Dark words on white, large enough for the offline OCR. */
const wordsPng = (words = 'ATELIER 2026') =>
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
async function photoWithComment(text: string): Promise<Buffer> {
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
function sixteenMegabytes(name: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
  const file = join(dir, name);
  writeFileSync(file, Buffer.alloc(16 * 1024 * 1024, 1));
  return file;
}

async function openTool(page: Page, key: ToolKey): Promise<void> {
  await page.goto(toolByKey(key).path);
  await expect.poll(() => page.getByRole('heading', { level: 1, name: toolByKey(key).title }).isVisible()).toBe(true);
  // The file inputs are set by script, which does not wait for the prerendered page to be hydrated.
  await appReady(page);
}

/** Waits for the result image to load; answers its natural size. */
async function loadedImage(page: Page, alt: string): Promise<{ width: number; height: number }> {
  const image = page.getByAltText(alt, { exact: true });
  await expect.poll(() => image.isVisible(), { timeout: 120_000 }).toBe(true);
  await expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 20_000 })
    .toBe(true);
  return image.evaluate((img: HTMLImageElement) => ({ width: img.naturalWidth, height: img.naturalHeight }));
}

/** What the server sends for an image at `url` (the result's src, a Download link): its content type and decoded format. */
async function imageFile(url: string): Promise<{ type: string | null; format: string | undefined }> {
  const res = await fetch(new URL(url, baseUrl()));
  expect(res.status, url).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { type: res.headers.get('content-type'), format: (await sharp(bytes).metadata()).format };
}

/** The result image as served: its src answers a PNG with the image/png content type. */
async function expectPngResult(page: Page, alt: string): Promise<void> {
  const src = (await page.getByAltText(alt, { exact: true }).getAttribute('src'))!;
  expect(await imageFile(src)).toEqual({ type: 'image/png', format: 'png' });
}

/** Presses the result's Download button: the saved file's name and decoded format (spec §9: a timestamped PNG). */
async function savedImage(page: Page): Promise<{ name: string; format: string | undefined }> {
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download' }).click();
  const saved = await download;
  const path = await saved.path();
  return { name: saved.suggestedFilename(), format: (await sharp(readFileSync(path)).metadata()).format };
}

/** Requests that would upload a file or start (or follow) a run; the theme and user reads are not counted. */
function apiRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (/^\/api\/(upload|generate|prediction)/.test(new URL(request.url()).pathname)) seen.push(request.url());
  });
  return seen;
}

/** A verified user signed in on a fresh page, funded with 5,000 credits through the local checkout. */
async function fundedUser(prefix: string): Promise<{ page: Page; email: string; password: string }> {
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

// One user runs all fifteen tools in order on one page (the two describes below share it), then finds
// every run in My creations.
let page: Page;
let token: string;

/** What the run's own banner says when the offline model fails it on purpose (server/providers/local.ts). */
const ON_PURPOSE = 'The offline preview model failed this run on purpose';

/**
 * After a `[fail]` run was started: the red banner shows `banner`, the server charged the tool's
 * cost and refunded it (the newest two ledger entries: the spend and its refund), and the badge is
 * back at `balance`.
 */
async function failedAndRefunded(key: ToolKey, balance: number, banner: string): Promise<void> {
  const alert = page.getByRole('alert');
  await expect.poll(() => alert.isVisible(), { timeout: 120_000 }).toBe(true);
  expect(await alert.textContent()).toContain(banner);
  const history = (await (
    await api('/api/users/credits/history?limit=2', { headers: { Authorization: `Bearer ${token}` } })
  ).json()) as { entries: Array<{ kind: string; delta: number; balance: number; predictionId?: string }> };
  const [refund, spend] = history.entries;
  expect(spend).toMatchObject({ kind: 'spend', delta: -cost(key), balance: balance - cost(key) });
  expect(refund).toMatchObject({ kind: 'refund', delta: cost(key), balance, predictionId: spend!.predictionId });
  await expectBalance(page, balance);
}
/** The creation ids of the media runs, in the order they were made. */
const made: string[] = [];

describe('the eight image and text tools for a signed-in user', () => {
  // The first test signs in and funds the user; the others run on its page in order.
  it('signs in and buys 5,000 credits on the local checkout', async () => {
    ({ page } = await fundedUser('tools'));
    token = (await page.evaluate(() => localStorage.getItem('token')))!;
  }, 120_000);

  it('Text to Image: a Landscape image of 1216×832, the balance falls by its cost; [fail] is refunded', async () => {
    await openTool(page, 'text-to-image');
    const before = await balance(page);
    await page.getByRole('button', { name: /^Landscape/ }).click();
    await page.getByLabel('Prompt').fill('a lighthouse at dusk');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    expect(await loadedImage(page, 'Generated image')).toEqual({ width: 1216, height: 832 });
    await expectPngResult(page, 'Generated image');
    await expectBalance(page, before - cost('text-to-image'));
    expect(await page.getByRole('button', { name: /^Landscape/ }).isDisabled()).toBe(true);
    await screenshot(page, 'tools-text-to-image-desktop');
    await page.setViewportSize(phone);
    await screenshot(page, 'tools-text-to-image-phone');
    await page.setViewportSize(desktop);

    await page.getByRole('button', { name: 'Generate Another' }).click();
    await page.getByLabel('Prompt').fill('[fail] a lighthouse');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await failedAndRefunded('text-to-image', before - cost('text-to-image'), ON_PURPOSE);
  }, 180_000);

  it('Text to Advertisement: a Wide image of 1360×768 with Download; [fail] is refunded', async () => {
    await openTool(page, 'text-to-advertisement');
    await screenshot(page, 'tools-advertisement-desktop');
    const before = await balance(page);
    await page.getByRole('button', { name: /^Wide/ }).click();
    await page.getByLabel('Prompt').fill('a running shoe, studio light');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    expect(await loadedImage(page, 'Generated advertisement')).toEqual({ width: 1360, height: 768 });
    await expectPngResult(page, 'Generated advertisement');
    await expectBalance(page, before - cost('text-to-advertisement'));
    const saved = await savedImage(page);
    expect(saved.name).toMatch(/^generated-ad-\d+\.png$/);
    expect(saved.format).toBe('png');
    await screenshot(page, 'tools-advertisement-result-desktop');
    await page.setViewportSize(phone);
    await screenshot(page, 'tools-advertisement-result-phone');
    await page.setViewportSize(desktop);

    await page.getByRole('button', { name: 'Generate Another' }).click();
    await page.getByLabel('Prompt').fill('[fail] a running shoe');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    // The advertisement page's own §8 wording for a failed run.
    await failedAndRefunded(
      'text-to-advertisement',
      before - cost('text-to-advertisement'),
      'Failed to generate image. Please try again.',
    );
  }, 180_000);

  it('Image to Image: the uploaded picture at 512×384; [fail] is refunded', async () => {
    await openTool(page, 'image-to-image');
    const before = await balance(page);
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
    await expect.poll(() => page.getByAltText('Image preview').isVisible()).toBe(true);
    await page.getByLabel('Prompt').fill('as a watercolour');
    await page.getByLabel('Width').fill('515');
    await page.getByLabel('Height').fill('390');
    await page.getByLabel('Height').blur();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    expect(await loadedImage(page, 'Generated image')).toEqual({ width: 512, height: 384 });
    await expectPngResult(page, 'Generated image');
    await expectBalance(page, before - cost('image-to-image'));

    await page.getByRole('button', { name: 'Generate Another' }).click();
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
    await expect.poll(() => page.getByAltText('Image preview').isVisible()).toBe(true);
    await page.getByLabel('Prompt').fill('[fail] as a watercolour');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await failedAndRefunded('image-to-image', before - cost('image-to-image'), ON_PURPOSE);
  }, 180_000);

  it('Person to Person: refuses 16 MB and HEIC before any request, runs with main and pose images; [fail] is refunded', async () => {
    await openTool(page, 'person-to-person');
    const requests = apiRequests(page);
    await page.getByLabel('Main image').setInputFiles(sixteenMegabytes('big.jpg'));
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(TOO_LARGE);
    await page
      .getByLabel('Main image')
      .setInputFiles({ name: 'IMG_0001.heic', mimeType: 'image/heic', buffer: Buffer.from('heic') });
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(NOT_SUPPORTED);
    expect(requests).toEqual([]);

    const before = await balance(page);
    await page.getByLabel('Main image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
    await page
      .getByLabel('Pose image (optional)')
      .setInputFiles({ name: 'pose.png', mimeType: 'image/png', buffer: await photo() });
    await expect.poll(() => page.getByAltText('Pose image (optional) preview').isVisible()).toBe(true);
    // Resized in the browser: a JPEG data URL.
    expect(await page.getByAltText('Main image preview').getAttribute('src')).toMatch(/^data:image\/jpeg;base64,/);
    await page.getByLabel(/^Prompt/).fill('on a beach');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const size = await loadedImage(page, 'Generated person');
    expect(size.width).toBeGreaterThan(0);
    await expectPngResult(page, 'Generated person');
    await expectBalance(page, before - cost('person-to-person'));

    await page.getByRole('button', { name: 'Generate Another' }).click();
    await page.getByLabel('Main image').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
    await expect.poll(() => page.getByAltText('Main image preview').isVisible()).toBe(true);
    await page.getByLabel(/^Prompt/).fill('[fail] on a beach');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await failedAndRefunded('person-to-person', before - cost('person-to-person'), ON_PURPOSE);
  }, 180_000);

  it('Restore Image: the restored picture with Restore Another and Download; [fail] in the picture’s metadata is refunded', async () => {
    await openTool(page, 'restore-image');
    const before = await balance(page);
    expect(await page.getByRole('button', { name: 'Restore Image' }).isDisabled()).toBe(true);
    await page
      .getByLabel('Image to restore')
      .setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByRole('button', { name: 'Restore Image' }).click();
    expect((await loadedImage(page, 'Restored image')).width).toBeGreaterThan(0);
    expect(await page.getByRole('button', { name: 'Restore Another' }).isVisible()).toBe(true);
    await expectPngResult(page, 'Restored image');
    const saved = await savedImage(page);
    expect(saved.name).toMatch(/^restored-image-\d+\.png$/);
    expect(saved.format).toBe('png');
    await expectBalance(page, before - cost('restore-image'));

    // No prompt here: the marker rides in the file's PNG comment, which the browser and /api/upload keep.
    await page.getByRole('button', { name: 'Restore Another' }).click();
    await page
      .getByLabel('Image to restore')
      .setInputFiles({ name: 'old.png', mimeType: 'image/png', buffer: await photoWithComment('[fail]') });
    await expect.poll(() => page.getByAltText('Image to restore preview').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Restore Image' }).click();
    await failedAndRefunded(
      'restore-image',
      before - cost('restore-image'),
      `${ON_PURPOSE} ([fail] in the uploaded image’s metadata).`,
    );
  }, 180_000);

  it('Text Generation: text in preformatted text; [fail] is refunded', async () => {
    await openTool(page, 'text-to-text');
    const before = await balance(page);
    await page.getByLabel('Prompt').fill('a short poem about the sea');
    await page.getByRole('button', { name: 'Generate Text' }).click();
    const text = page.locator('pre').first();
    await expect.poll(() => text.isVisible(), { timeout: 120_000 }).toBe(true);
    expect((await text.textContent())!.length).toBeGreaterThan(20);
    await expectBalance(page, before - cost('text-to-text'));

    await page.getByRole('button', { name: 'Generate Another' }).click();
    await page.getByLabel('Prompt').fill('[fail] a short poem');
    await page.getByRole('button', { name: 'Generate Text' }).click();
    await failedAndRefunded('text-to-text', before - cost('text-to-text'), ON_PURPOSE);
  }, 180_000);

  it('Code Generation: a code block with Copy; [fail] is refunded', async () => {
    await openTool(page, 'code-generation');
    const before = await balance(page);
    await page.getByLabel('Prompt').fill('a function that adds two numbers');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    const code = page.locator('pre code');
    await expect.poll(() => code.isVisible(), { timeout: 120_000 }).toBe(true);
    expect((await code.textContent())!.length).toBeGreaterThan(20);
    expect(await page.getByRole('button', { name: 'Copy' }).isVisible()).toBe(true);
    await expectBalance(page, before - cost('code-generation'));

    await page.getByRole('button', { name: 'Generate Another' }).click();
    await page.getByLabel('Prompt').fill('[fail] a function');
    await page.getByRole('button', { name: 'Generate Code' }).click();
    await failedAndRefunded('code-generation', before - cost('code-generation'), ON_PURPOSE);
  }, 180_000);

  it('Image to Text: refuses 16 MB before any request, reads ATELIER 2026; a picture reading [fail] is refunded', async () => {
    await openTool(page, 'image-to-text');
    const requests = apiRequests(page);
    await page.getByLabel('Image', { exact: true }).setInputFiles(sixteenMegabytes('scan.png'));
    await expect.poll(() => page.getByRole('alert').textContent()).toBe(TOO_LARGE);
    expect(requests).toEqual([]);

    const before = await balance(page);
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'words.png', mimeType: 'image/png', buffer: await wordsPng() });
    await page.getByRole('button', { name: 'Extract Text' }).click();
    const text = page.locator('pre').first();
    await expect.poll(() => text.isVisible(), { timeout: 150_000 }).toBe(true);
    const read = (await text.textContent()) ?? '';
    expect(read).toContain('ATELIER');
    expect(read).toContain('2026');
    expect(await page.getByRole('button', { name: 'Process Another' }).isVisible()).toBe(true);
    await expectBalance(page, before - cost('image-to-text'));

    // No prompt here: the marker is in the words the offline OCR reads from the picture.
    await page.getByRole('button', { name: 'Process Another' }).click();
    await page
      .getByLabel('Image', { exact: true })
      .setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: await wordsPng('[fail] NOTE') });
    await expect.poll(() => page.getByAltText('Image preview').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Extract Text' }).click();
    await failedAndRefunded(
      'image-to-text',
      before - cost('image-to-text'),
      `${ON_PURPOSE} ([fail] in the text read from the image).`,
    );
  }, 300_000);
});

describe('a visitor', () => {
  // One page for the eight tools: each Generate opens the login dialog, nothing is uploaded or run,
  // and what was typed or chosen is still there after the dialog closes.
  const tools: Array<[ToolKey, string, { prompt?: string; image?: string }]> = [
    ['text-to-image', 'Generate', { prompt: 'a quiet harbour' }],
    ['image-to-image', 'Generate', { image: 'Image', prompt: 'as a watercolour' }],
    ['text-to-advertisement', 'Generate', { prompt: 'a running shoe, studio light' }],
    ['person-to-person', 'Generate', { image: 'Main image', prompt: 'on a beach' }],
    ['restore-image', 'Restore Image', { image: 'Image to restore' }],
    ['text-to-text', 'Generate Text', { prompt: 'a short poem about the sea' }],
    ['code-generation', 'Generate Code', { prompt: 'a function that adds two numbers' }],
    ['image-to-text', 'Extract Text', { image: 'Image' }],
  ];

  it('pressing each of the eight tools’ button opens the login dialog and keeps what they typed or chose', async () => {
    const visitor = await openPage(browser(), desktop, '/');
    const requests = apiRequests(visitor);
    const picture = await photo();
    for (const [key, button, form] of tools) {
      await visitor.goto(toolByKey(key).path);
      await expect
        .poll(() => visitor.getByRole('heading', { level: 1, name: toolByKey(key).title }).isVisible())
        .toBe(true);
      // The file is set by script, which does not wait for the prerendered page to be hydrated.
      await appReady(visitor);
      if (form.image) {
        await visitor
          .getByLabel(form.image, { exact: true })
          .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: picture });
        await expect.poll(() => visitor.getByAltText(`${form.image} preview`).isVisible()).toBe(true);
      }
      if (form.prompt) await visitor.getByLabel(/^Prompt/).fill(form.prompt);
      await visitor.getByRole('button', { name: button, exact: true }).click();
      await expect
        .poll(() => visitor.getByRole('dialog', { name: 'Sign In' }).isVisible(), { message: key })
        .toBe(true);
      await visitor.keyboard.press('Escape');
      await expect
        .poll(() => visitor.getByRole('dialog', { name: 'Sign In' }).isVisible(), { message: key })
        .toBe(false);
      if (form.prompt) expect(await visitor.getByLabel(/^Prompt/).inputValue(), key).toBe(form.prompt);
      if (form.image) expect(await visitor.getByAltText(`${form.image} preview`).isVisible(), key).toBe(true);
    }
    expect(requests).toEqual([]);
    await visitor.context().close();
  }, 180_000);
});

/** Waits for the result player, then answers it as a locator. */
async function resultMedia(page: Page, label: string) {
  const media = page.getByLabel(label, { exact: true });
  await expect.poll(() => media.isVisible(), { timeout: 150_000 }).toBe(true);
  return media;
}

/** The file behind the Download link: its content type and size. */
async function download(page: Page): Promise<{ type: string | null; bytes: number; href: string }> {
  const href = (await page.getByRole('link', { name: 'Download' }).getAttribute('href'))!;
  const res = await fetch(new URL(href, baseUrl()));
  return { type: res.headers.get('content-type'), bytes: (await res.arrayBuffer()).byteLength, href };
}

/** Plays a muted video a moment and answers how far it got. */
const playedSeconds = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate(async (video: HTMLVideoElement) => {
    video.muted = true;
    await video.play();
    await new Promise((resolve) => setTimeout(resolve, 700));
    video.pause();
    return video.currentTime;
  });

/** The duration the browser reads from the audio's own header. */
const audioSeconds = (page: Page, label: string) =>
  page.getByLabel(label, { exact: true }).evaluate(
    (audio: HTMLAudioElement) =>
      new Promise<number>((resolve, reject) => {
        if (Number.isFinite(audio.duration) && audio.duration > 0) return resolve(audio.duration);
        audio.addEventListener('loadedmetadata', () => resolve(audio.duration), { once: true });
        audio.addEventListener('error', () => reject(new Error('audio failed to load')), { once: true });
        audio.load();
      }),
  );

describe('the seven video, audio and 3D tools for the same user', () => {
  let clip: Buffer;

  const newestId = async () => {
    const link = page.getByRole('link', { name: 'See it in My creations' });
    await expect.poll(() => link.isVisible()).toBe(true);
    made.push((await link.getAttribute('href'))!.split('/').pop()!);
  };

  it('Text to Video: 24 frames at 12 fps that play, download as MP4, cost charged', async () => {
    await openTool(page, 'text-to-video');
    const before = await balance(page);
    await page.getByLabel(/^Frames \(/).fill('24');
    await page.getByLabel(/^Frames per second/).fill('12');
    await page.getByLabel(/^Frames per second/).blur();
    await page.getByLabel('Prompt').fill('a paper boat on a river');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await resultMedia(page, 'Generated video');
    expect(await playedSeconds(page, 'Generated video')).toBeGreaterThan(0);
    const file = await download(page);
    expect(file.type).toBe('video/mp4');
    clip = Buffer.from(await (await fetch(new URL(file.href, baseUrl()))).arrayBuffer());
    await expectBalance(page, before - cost('text-to-video'));
    await newestId();
    await screenshot(page, 'tools-text-to-video-desktop');
  }, 200_000);

  it('Image to Video: a 2 s pan over the upload that plays', async () => {
    await openTool(page, 'image-to-video');
    const before = await balance(page);
    await page
      .getByLabel('Image to animate')
      .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByLabel(/^Length/).fill('2');
    await page.getByLabel(/^Length/).blur();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await resultMedia(page, 'Animated image');
    expect(await playedSeconds(page, 'Animated image')).toBeGreaterThan(0);
    const duration = await page
      .getByLabel('Animated image', { exact: true })
      .evaluate((v: HTMLVideoElement) => v.duration);
    expect(duration).toBeGreaterThan(1.8);
    expect(duration).toBeLessThan(2.2);
    expect((await download(page)).type).toBe('video/mp4');
    await expectBalance(page, before - cost('image-to-video'));
    await newestId();
  }, 200_000);

  it('Video Editing: the uploaded clip in grayscale, playable', async () => {
    await openTool(page, 'video-editing');
    const before = await balance(page);
    await page
      .getByLabel('Video to edit (optional)')
      .setInputFiles({ name: 'boat.mp4', mimeType: 'video/mp4', buffer: clip });
    await page.getByLabel('Filter').selectOption('grayscale');
    await page.getByLabel('Prompt').fill('an old film look');
    await page.getByRole('button', { name: 'Edit Video' }).click();
    await resultMedia(page, 'Edited video');
    expect(await playedSeconds(page, 'Edited video')).toBeGreaterThan(0);
    expect((await download(page)).type).toBe('video/mp4');
    await expectBalance(page, before - cost('video-editing'));
    await newestId();
  }, 200_000);

  it('3D: a GLB from the upload, drawn in the viewer (a canvas that is not blank), turned by a drag', async () => {
    await openTool(page, '3d-gen');
    const before = await balance(page);
    await page
      .getByLabel('Image of the object')
      .setInputFiles({ name: 'vase.png', mimeType: 'image/png', buffer: await photo() });
    await page.getByLabel('Quality').selectOption('medium');
    await page.getByRole('button', { name: 'Generate 3D Model' }).click();
    const viewer = page.getByTestId('model-viewer');
    await expect.poll(() => viewer.isVisible(), { timeout: 150_000 }).toBe(true);
    await expect.poll(() => page.locator('[data-state="ready"]').count(), { timeout: 30_000 }).toBe(1);
    const colours = () =>
      viewer.evaluate((canvas: HTMLCanvasElement) => {
        const copy = document.createElement('canvas');
        copy.width = canvas.width;
        copy.height = canvas.height;
        const ctx = copy.getContext('2d')!;
        ctx.drawImage(canvas, 0, 0);
        const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
        const seen = new Set<number>();
        let drawn = 0;
        let hash = 7;
        for (let i = 0; i < data.length; i += 4) {
          const key = (data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!;
          seen.add(key);
          if (key !== 0x1d1f27) drawn++;
          hash = (Math.imul(hash, 31) + key) >>> 0;
        }
        return { distinct: seen.size, drawn, hash };
      });
    const first = await colours();
    expect(first.distinct).toBeGreaterThan(20);
    expect(first.drawn).toBeGreaterThan(1000);
    await viewer.scrollIntoViewIfNeeded();
    await screenshot(page, 'tools-3d-desktop');
    const box = (await viewer.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 + 120, box.y + box.height / 2 + 30, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => (await colours()).hash).not.toBe(first.hash);
    expect((await download(page)).type).toBe('model/gltf-binary');
    await expectBalance(page, before - cost('3d-gen'));
    await newestId();
  }, 200_000);

  it.each([
    ['musicgen', 'Generate Music', 'Generated music', 6],
    ['audioldm', 'Generate Sound', 'Generated sound', 4],
  ] as const)(
    '%s: audio of the requested duration (±10 %%) with a WAV download',
    async (key, button, label, seconds) => {
      await openTool(page, key);
      const before = await balance(page);
      await page.getByLabel(/^Duration/).fill(String(seconds));
      await page.getByLabel(/^Duration/).blur();
      await page.getByLabel('Prompt').fill('calm piano over soft rain');
      await page.getByRole('button', { name: button }).click();
      await resultMedia(page, label);
      const duration = await audioSeconds(page, label);
      expect(Math.abs(duration - seconds) / seconds).toBeLessThan(0.1);
      const file = await download(page);
      expect(file.type).toBe('audio/wav');
      await expectBalance(page, before - cost(key));
      await newestId();
    },
    200_000,
  );

  it('Voice: the prompt spoken (more than a second of audio) with the chosen preset', async () => {
    await openTool(page, 'bark');
    const before = await balance(page);
    await page.getByLabel('Voice preset').selectOption('v2/en_speaker_3');
    await page.getByLabel('Text to speak').fill('Welcome to the Atelier studio today');
    await page.getByRole('button', { name: 'Generate Voice' }).click();
    await resultMedia(page, 'Generated voice');
    expect(await audioSeconds(page, 'Generated voice')).toBeGreaterThan(1);
    expect((await download(page)).type).toBe('audio/wav');
    await expectBalance(page, before - cost('bark'));
    await newestId();
  }, 200_000);

  it('My creations lists the runs of all fifteen tools newest first, a page at a time, and filters them', async () => {
    await page.getByRole('link', { name: 'My creations' }).first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/creations');
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    // Twenty-three runs (each of the first eight tools twice: its [fail] run is listed, refunded): a
    // first page, then Load more.
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(12);
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(23);
    const names = (keys: ToolKey[]) => keys.map((key) => toolByKey(key).title);
    expect(await cards.getByRole('heading').allTextContents()).toEqual(
      names([
        'bark',
        'audioldm',
        'musicgen',
        '3d-gen',
        'video-editing',
        'image-to-video',
        'text-to-video',
        'image-to-text',
        'image-to-text',
        'code-generation',
        'code-generation',
        'text-to-text',
        'text-to-text',
        'restore-image',
        'restore-image',
        'person-to-person',
        'person-to-person',
        'image-to-image',
        'image-to-image',
        'text-to-advertisement',
        'text-to-advertisement',
        'text-to-image',
        'text-to-image',
      ]),
    );
    // The image runs' Download links: PNG files served as image/png ([fail] run has no file to download).
    const imageTools: ToolKey[] = [
      'text-to-image',
      'text-to-advertisement',
      'image-to-image',
      'person-to-person',
      'restore-image',
    ];
    for (const key of imageTools) {
      const link = cards
        .filter({ has: page.getByRole('heading', { name: toolByKey(key).title, exact: true }) })
        .getByRole('link', { name: 'Download' });
      expect(await link.count(), key).toBe(1);
      expect(await link.getAttribute('download'), key).toMatch(/\.png$/);
      expect(await imageFile((await link.getAttribute('href'))!), key).toEqual({ type: 'image/png', format: 'png' });
    }
    await screenshot(page, 'creations-desktop');
    await page.getByRole('button', { name: 'Audio', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(3);
  }, 120_000);

  it('reopens a creation by its URL, for its owner only, and deletes it with its file', async () => {
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    // The newest (voice) by its own URL; another user gets 404 for it.
    const id = made.at(-1)!;
    await page.goto(`/creations/${id}`);
    await expect
      .poll(() => page.getByLabel('Voice Generation', { exact: true }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    const creation = (await (
      await api(`/api/creations/${id}`, { headers: { Authorization: `Bearer ${token}` } })
    ).json()) as {
      output: string;
    };
    const other = await otherUserToken();
    expect((await api(`/api/creations/${id}`, { headers: { Authorization: `Bearer ${other}` } })).status).toBe(404);

    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/creations');
    await expect.poll(() => cards.first().getByRole('heading').textContent()).toBe(toolByKey('audioldm').title);
    expect((await fetch(new URL(creation.output, baseUrl()))).status).toBe(404);
    expect((await api(`/api/creations/${id}`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(404);
  }, 120_000);
});

/** A second verified user's token (never funded): for the owner-only checks. */
async function otherUserToken(): Promise<string> {
  const email = `other-${randomBytes(5).toString('hex')}@example.com`;
  await verifiedUser(email, 'a long passphrase');
  const res = await api('/api/auth/login', {
    method: 'POST',
    body: JSON.stringify({ email, password: 'a long passphrase' }),
  });
  return ((await res.json()) as { token: string }).token;
}
