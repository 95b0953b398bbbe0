/**
 * Web conventions a Lighthouse audit checks, on the HTML the server sends before any script runs
 * (scripts disabled) and after client navigation: manifest, theme colour, viewport, each page's own
 * title, description, Open Graph tags and canonical link, and the noscript message.
 */
import { describe, expect, it } from 'vitest';
import { baseUrl, desktop, openPage, setupBrowser } from './browser';

const { browser } = setupBrowser();

const pages = [
  ['/', 'Atelier — AI tools for images, video, text, audio and 3D', '/'],
  ['/all-tools', 'Atelier — AI tools for images, video, text, audio and 3D', '/'],
  ['/image', 'Image Tools — Atelier', '/image'],
  ['/video-models', 'Video Tools — Atelier', '/video'],
  ['/image-models/text-to-image', 'Text to Image — Atelier', '/image-models/text-to-image'],
  ['/text-models/text-to-text', 'Text Generation — Atelier', '/text-models/text-to-text'],
  ['/terms', 'Terms of Service — Atelier', '/terms'],
  ['/subscribe', 'Choose your plan — Atelier', '/subscribe'],
  ['/login', 'Login — Atelier', '/login'],
] as const;

async function scriptlessPage(path: string) {
  const context = await browser().newContext({ viewport: desktop, baseURL: baseUrl(), javaScriptEnabled: false });
  const page = await context.newPage();
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return page;
}

describe('web conventions with scripts off', () => {
  it('link a manifest with a name, icons and a theme colour, and set theme-color and the viewport', async () => {
    const page = await scriptlessPage('/');
    const manifestHref = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(manifestHref).toBeTruthy();
    const manifest = await page.context().request.get(new URL(manifestHref!, baseUrl()).href);
    expect(manifest.status()).toBe(200);
    const body = (await manifest.json()) as {
      name?: string;
      icons?: { src: string; sizes: string }[];
      theme_color?: string;
    };
    expect(body.name).toBeTruthy();
    expect(body.theme_color).toMatch(/^#[0-9a-f]{6}$/i);
    expect(body.icons?.some((i) => i.sizes === '512x512')).toBe(true);
    for (const icon of body.icons ?? []) {
      expect((await page.context().request.get(new URL(icon.src, baseUrl()).href)).status(), icon.src).toBe(200);
    }
    expect(await page.locator('meta[name="theme-color"]').getAttribute('content')).toMatch(/^#[0-9a-f]{6}$/i);
    expect(await page.locator('meta[name="viewport"]').getAttribute('content')).toContain('width=device-width');
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    await page.context().close();
  });

  it('send each public page with its own title, description, Open Graph tags and canonical link', async () => {
    const origin = baseUrl().replace(/\/$/, '');
    const descriptions = new Set<string>();
    for (const [path, title, canonical] of pages) {
      const page = await scriptlessPage(path);
      expect(await page.title(), path).toBe(title);
      const description = await page.locator('meta[name="description"]').getAttribute('content');
      expect(description?.length, path).toBeGreaterThan(20);
      descriptions.add(description!);
      expect(await page.locator('link[rel="canonical"]').getAttribute('href'), path).toBe(origin + canonical);
      expect(await page.locator('meta[property="og:title"]').getAttribute('content'), path).toBe(title);
      expect(await page.locator('meta[property="og:description"]').getAttribute('content'), path).toBe(description);
      expect(await page.locator('meta[property="og:type"]').getAttribute('content'), path).toBe('website');
      expect(await page.locator('meta[property="og:url"]').getAttribute('content'), path).toBe(origin + canonical);
      const image = await page.locator('meta[property="og:image"]').getAttribute('content');
      expect(image, path).toBe(`${origin}/icon-512.png`);
      await page.context().close();
    }
    // /all-tools is / under another name; every other page has a description of its own.
    expect(descriptions.size).toBe(pages.length - 1);
  });

  it('shows the noscript message', async () => {
    const page = await scriptlessPage('/image-models/text-to-image');
    // Playwright's text locators skip <noscript>, so the paragraph is found by its place.
    const message = page.locator('noscript p');
    expect(await message.isVisible()).toBe(true);
    expect(await message.textContent()).toContain('Atelier needs JavaScript');
    await page.context().close();
  });
});

describe('web conventions with scripts on', () => {
  it('keeps the title, description and canonical link in step with client navigation', async () => {
    const origin = baseUrl().replace(/\/$/, '');
    const page = await openPage(browser(), desktop, '/');
    await expect.poll(() => page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
    expect(await page.locator('noscript p').count()).toBe(0);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Image', exact: true }).click();
    await expect.poll(() => page.title()).toBe('Image Tools — Atelier');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/image`);
    expect(await page.locator('meta[property="og:url"]').getAttribute('content')).toBe(`${origin}/image`);
    expect(await page.locator('meta[name="description"]').getAttribute('content')).toContain('Text to Image');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support', exact: true }).click();
    await expect.poll(() => page.title()).toBe('Support — Atelier');
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${origin}/support`);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(1);
    // The server answers an address the app has no page for with 404, and the app draws its not-found page.
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await expect.poll(() => page.title()).toBe('Page not found — Atelier');
    expect(await page.getByRole('heading', { name: 'Page not found' }).isVisible()).toBe(true);
    expect(await page.locator('link[rel="canonical"]').count()).toBe(0);
    await page.context().close();
  });
});
