/**
 * The public pages arrive drawn (scripts/prerender.ts): their content is in the HTML the server sends,
 * styled with scripts off, and the browser adopts that markup when the app starts (hydration) instead of
 * drawing it again. What depends on the session keeps its place unseen until the startup check ends, so
 * a signed-in person never sees the visitor's buttons first.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { prerenderedPaths } from '../../src/app/page-heads';
import { tools } from '../../src/catalog';
import { HYDRATION_ERROR_PREFIX } from '../../src/app/hydration-report';
import { loginToken, verifiedAccount } from './accounts';
import { appReady, baseUrl, desktop, newPage, phone, setupBrowser, type Viewport } from './browser';

const { browser } = setupBrowser();

/** The markup inside #root of the HTML the server sends for `path`. */
async function rootMarkup(path: string): Promise<string> {
  const response = await fetch(new URL(path, baseUrl()));
  expect(response.status, path).toBe(200);
  const html = await response.text();
  const start = html.indexOf('<div id="root">');
  expect(start, path).toBeGreaterThan(0);
  return html.slice(start, html.lastIndexOf('</body>')).trim();
}

describe('prerendered public pages', () => {
  it('send every public page with its content in the HTML, before any script runs', async () => {
    // /, /all-tools, five categories and the two -models lists, every tool, and six public pages.
    for (const path of [
      '/',
      '/all-tools',
      '/image',
      '/video-models',
      '/themes',
      '/subscribe',
      '/credits',
      '/support',
      '/terms',
      '/privacy',
      ...tools.map((t) => t.path),
    ])
      expect(prerenderedPaths, path).toContain(path);
    expect(prerenderedPaths.length).toBe(2 + 5 + 2 + tools.length + 6);
    for (const path of prerenderedPaths) {
      const markup = await rootMarkup(path);
      expect(markup, path).toMatch(/<h1[^>]*>(?:[^<]|<!-- -->){3,}/);
      expect(markup, path).toContain('aria-label="Main"');
    }
    // Signed-in pages and the account forms are not prerendered: they wait for the startup check.
    for (const path of ['/settings', '/creations', '/login'])
      expect(await rootMarkup(path), path).toBe('<div id="root"></div>');
  });

  it('draw styled content with scripts off (the route stylesheets are linked, not loaded by script)', async () => {
    const context = await browser().newContext({ viewport: desktop, baseURL: baseUrl(), javaScriptEnabled: false });
    const page = await context.newPage();
    const styled = async (path: string, selector: string) => {
      await page.goto(path);
      const heading = page.locator('h1').first();
      expect(await heading.isVisible(), path).toBe(true);
      // Each page's own styles (from its route's stylesheet) are applied: its card has rounded corners.
      const radius = await page
        .locator(selector)
        .first()
        .evaluate((el) => getComputedStyle(el).borderTopLeftRadius);
      expect(radius, path).not.toBe('0px');
    };
    await styled('/', 'section[aria-labelledby="hero-title"]');
    await styled('/subscribe', 'section[aria-labelledby="plan-pro"]');
    await styled('/image-models/text-to-image', 'form');
    await context.close();
  });
});

interface HeldStart {
  page: Page;
  errors: string[];
  /** Lets the app's entry script load. */
  release: () => void;
}

/** A page whose app script is held back: what shows is the prerendered markup alone. */
async function withHeldScript(viewport: Viewport, path: string, token?: string): Promise<HeldStart> {
  const page = await newPage(browser(), viewport);
  if (token) await page.addInitScript((t) => localStorage.setItem('token', t), token);
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && message.text().startsWith(HYDRATION_ERROR_PREFIX)) errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto(path, { waitUntil: 'commit' });
  await page.locator('h1').first().waitFor();
  // The browser paints nothing before the head's stylesheets have loaded; a script reading styles may
  // run earlier, so the checks wait for them as the first paint does.
  await page.waitForFunction(() =>
    [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].every((link) => link.sheet !== null),
  );
  return { page, errors, release };
}

describe('starting the app on a prerendered page', () => {
  it("runs the app's code only after the browser's next frame: the drawn page never waits for it", async () => {
    for (const path of ['/', '/image-models/text-to-image']) {
      const page = await newPage(browser(), desktop);
      // Frame callbacks are held until the test lets them run; the entry module notes when it starts.
      await page.addInitScript(() => {
        const w = window as unknown as { releaseFrames: () => void };
        const real = window.requestAnimationFrame.bind(window);
        let held: FrameRequestCallback[] | null = [];
        window.requestAnimationFrame = (callback) => (held ? (held.push(callback), 0) : real(callback));
        w.releaseFrames = () => {
          const callbacks = held ?? [];
          held = null;
          callbacks.forEach((callback) => real(callback));
        };
      });
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, body: `globalThis.entryRan = true;\n${await response.text()}` });
      });
      const entryRan = () => page.evaluate(() => (window as unknown as { entryRan?: boolean }).entryRan === true);
      await page.goto(path, { waitUntil: 'load' });
      await expect.poll(() => page.locator('h1').first().isVisible()).toBe(true);
      await page.waitForTimeout(300);
      expect(await entryRan(), `${path}: the app ran before a frame`).toBe(false);
      await page.evaluate(() => (window as unknown as { releaseFrames: () => void }).releaseFrames());
      await appReady(page);
      expect(await entryRan(), path).toBe(true);
      await page.context().close();
    }
  });

  it('adopts the markup (the same heading element before and after) and shows the visitor controls once it knows', async () => {
    for (const [path, viewport] of [
      ['/', desktop],
      ['/image-models/text-to-image', phone],
      ['/support', desktop],
    ] as const) {
      const { page, errors, release } = await withHeldScript(viewport, path);
      // Before the app runs: the content is there, the controls are marked not yet usable, and the
      // account area holds its place unseen.
      expect(await page.locator('[aria-disabled="true"]').count(), path).toBe(1);
      expect(await page.getByRole('button', { name: 'Sign In' }).first().isVisible(), path).toBe(false);
      await page.evaluate(() => {
        (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading = document.querySelector('h1');
      });
      release();
      await appReady(page);
      expect(
        await page.evaluate(
          () =>
            (window as unknown as { prerenderedHeading: Element | null }).prerenderedHeading ===
            document.querySelector('h1'),
        ),
        path,
      ).toBe(true);
      await expect.poll(() => page.getByRole('button', { name: 'Sign In' }).first().isVisible()).toBe(true);
      expect(errors, path).toEqual([]);
      await page.context().close();
    }
  });

  it('keeps what is typed into a default prompt: the prerendered field takes no typing until the app has it', async () => {
    const { page, errors, release } = await withHeldScript(desktop, '/image-models/person-to-person');
    const prompt = page.getByLabel('Prompt (optional)', { exact: true });
    const drawn = await prompt.inputValue();
    expect(drawn).not.toBe('');
    expect(await prompt.isEditable()).toBe(false);
    release();
    // Playwright's fill waits until the field is editable: after hydration, which no longer undoes it.
    await prompt.fill('a red fox in the snow');
    await appReady(page);
    expect(await prompt.inputValue()).toBe('a red fox in the snow');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('never shows a signed-in person the visitor buttons: the account area appears with their balance', async () => {
    const { email, password } = await verifiedAccount('prerender');
    const token = await loginToken(email, password);
    const { page, errors, release } = await withHeldScript(desktop, '/', token);
    const visitorControls = async () =>
      (await page.getByRole('button', { name: 'Start Creating' }).isVisible()) ||
      (await page.getByRole('button', { name: 'Register' }).first().isVisible());
    expect(await visitorControls()).toBe(false);
    release();
    await appReady(page);
    expect(
      await page
        .getByLabel(/^Credit balance: 50 credits/)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('link', { name: 'Upgrade Plan' }).first().isVisible()).toBe(true);
    expect(await visitorControls()).toBe(false);
    expect(errors).toEqual([]);
    await page.context().close();
  });
});
