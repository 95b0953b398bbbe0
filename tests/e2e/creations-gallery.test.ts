/**
 * My creations' gallery against the real server and its offline provider (CREATIONS-15..17): forty runs made
 * through the API; at 1280×800 at least 20 whole tiles show, each picture a server-made WebP thumbnail under
 * 60 KB with its width and height set; a text run shows its first words; the whole prompt shows over a tile on
 * hover and on focus; opening More filters leaves the search box's width as it was; a tool chosen chooses its
 * category and a category drops it; at 390 px nothing scrolls sideways; axe finds nothing at either width; the
 * catalogue's strip of recent creations shows the same thumbnails.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, loginToken, signedInPage, verifiedAccount } from './accounts';
import { contrastIn, contrastThemes, violations } from './a11y';
import { baseUrl, desktop, phone, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

/** A Standard subscription (1000 credits) through the local checkout: forty runs need more than the free 50. */
async function subscribe(token: string): Promise<void> {
  const checkout = await api<{ url: string }>('/api/stripe/create-subscription', {
    token,
    body: { planId: 'standard', billingCycle: 'monthly' },
  });
  expect(checkout.status).toBe(200);
  const link = new URL(checkout.body.url, baseUrl());
  const paid = await fetch(`${baseUrl()}${link.pathname}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ key: link.searchParams.get('key') ?? '' }).toString(),
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

const longPrompt = (i: number) =>
  `Picture ${i}: a lighthouse on a cliff at dusk, gulls over a green sea, warm light in every window, painted in oils`;
const textPrompt = 'Write a short poem about a lighthouse keeper and the sea at night';

/** The tiles wholly inside the viewport. */
async function wholeTiles(page: Page): Promise<number> {
  return page.getByRole('list', { name: 'Creations' }).evaluate((list) => {
    const w = window.innerWidth;
    const h = window.innerHeight;
    return [...list.children].filter((tile) => {
      const r = tile.getBoundingClientRect();
      return r.top >= 0 && r.left >= 0 && r.bottom <= h && r.right <= w && r.width > 0;
    }).length;
  });
}

describe('My creations: a gallery of thumbnails', () => {
  it('CREATIONS-15..17: 20 whole tiles of small WebP thumbnails at 1280×800, the prompt on hover and focus, a steady toolbar, one filter, 390 px', async () => {
    const { email, password } = await verifiedAccount('creations-gallery');
    const token = await loginToken(email, password);
    await subscribe(token);
    // Two text runs, then 38 pictures (newest first: the pictures fill the first screen, the texts the end), the pictures
    // in batches of ten prompts (one call each against the generation limit), all finished before the page.
    const batch = async (modelId: string, prompts: string[], input: Record<string, unknown> = {}) => {
      const started = await api('/api/generate/batch', { token, body: { modelId, prompts, input } });
      expect(started.status).toBe(201);
    };
    for (let i = 0; i < 2; i++) {
      const started = await api('/api/generate', {
        token,
        body: { modelId: 'gpt-4o-mini', input: { prompt: textPrompt } },
      });
      expect(started.status).toBe(201);
    }
    for (let from = 1; from <= 38; from += 10) {
      const prompts = Array.from({ length: Math.min(10, 39 - from) }, (_, i) => longPrompt(from + i));
      await batch('bytedance/sdxl-lightning-4step', prompts, { width: 512, height: 512 });
    }
    const finished = async () =>
      (await api<{ items: Array<{ status: string }> }>('/api/creations?limit=50', { token })).body.items.filter(
        (c) => c.status === 'succeeded',
      ).length;
    await expect.poll(finished, { timeout: 180_000, interval: 1000 }).toBe(40);

    const page = await signedInPage(browser(), desktop, token, '/creations');
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 30_000 }).toBe(30);
    expect(await wholeTiles(page)).toBeGreaterThanOrEqual(20);

    // Every tile's picture: the thumbnail, its size set, lazily loaded, a WebP under 60 KB.
    const pictures = page.getByRole('list', { name: 'Creations' }).locator('img');
    expect(await pictures.count()).toBe(30);
    for (const img of await pictures.all()) {
      const [src, width, height, loading] = await Promise.all(
        ['src', 'width', 'height', 'loading'].map((name) => img.getAttribute(name)),
      );
      expect(src).toMatch(/^\/files\/outputs\/[a-f0-9]{32}\.webp\?exp=/);
      expect(Number(width)).toBe(384);
      expect(Number(height)).toBe(384);
      expect(loading).toBe('lazy');
      const answer = await page.request.get(src!);
      expect(answer.headers()['content-type']).toBe('image/webp');
      expect((await answer.body()).length).toBeLessThan(60_000);
    }
    await expect
      .poll(() =>
        pictures.first().evaluate((el) => (el as HTMLImageElement).complete && (el as HTMLImageElement).naturalWidth),
      )
      .toBe(384);

    // The whole prompt over a tile on hover, and on focus (the link's description).
    const first = cards.first();
    const prompt = first.locator('p[id^="creation-prompt-"]');
    expect(await prompt.textContent()).toMatch(/^Picture \d+: a lighthouse on a cliff at dusk, .* painted in oils$/);
    expect(await prompt.isVisible()).toBe(false);
    await first.hover();
    await expect.poll(() => prompt.isVisible()).toBe(true);
    await page.mouse.move(0, 0);
    await expect.poll(() => prompt.isVisible()).toBe(false);
    const link = first.getByRole('link', { name: /^Open / });
    await link.focus();
    await expect.poll(() => prompt.isVisible()).toBe(true);
    const described = await link.getAttribute('aria-describedby');
    expect(await page.locator(`[id="${described}"]`).textContent()).toBe(await prompt.textContent());
    expect(await violations(page)).toEqual([]);
    // The prompt over the picture and the corner's buttons, in the themes with the least contrast to spare.
    expect(await contrastIn(page, contrastThemes)).toEqual([]);
    await screenshot(page, 'creations-gallery-desktop');

    // The text runs (the list's end): their first words in the tile.
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(40);
    await expect.poll(() => cards.last().textContent(), { timeout: 30_000 }).toMatch(/Done/);

    // More filters opens a row below: the search box keeps its width, nothing wraps into its row.
    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    await page.evaluate(() => window.scrollTo(0, 0));
    const before = (await search.boundingBox())!;
    await page.getByRole('button', { name: 'More filters' }).click();
    const tool = page.getByRole('combobox', { name: 'Tool' });
    await expect.poll(() => tool.isVisible()).toBe(true);
    const after = (await search.boundingBox())!;
    expect(after.width).toBe(before.width);
    expect(after.y).toBe(before.y);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'creations-gallery-filters-desktop');

    // One filter: a tool chooses its category's chip; another category drops the tool (and the address's).
    const chips = page.getByRole('group', { name: 'Filter by category' });
    await tool.selectOption({ label: 'Text to Image' });
    await expect.poll(() => chips.getByRole('button', { name: 'Image' }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => new URL(page.url()).searchParams.get('tool')).toBe('text-to-image');
    await chips.getByRole('button', { name: 'Text', exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get('tool')).toBeNull();
    expect(await tool.inputValue()).toBe('');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2);
    expect(await cards.first().textContent()).toContain(textPrompt);
    // Its picture is the start of its text.
    expect(
      (await cards
        .first()
        .getByRole('link', { name: /^Open / })
        .textContent())!.length,
    ).toBeGreaterThan(40);

    // 390 px: nothing scrolls sideways, with or without the filters open; axe clean.
    const small = await signedInPage(browser(), phone, token, '/creations');
    await expect
      .poll(() => small.getByRole('list', { name: 'Creations' }).getByRole('listitem').count(), {
        timeout: 30_000,
      })
      .toBe(30);
    const sideways = () =>
      small.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBe(0);
    expect(await violations(small)).toEqual([]);
    await small.getByRole('button', { name: 'More filters' }).click();
    expect(await sideways()).toBe(0);
    expect(await violations(small)).toEqual([]);
    await screenshot(small, 'creations-gallery-phone');

    // The catalogue's strip of recent creations: the same thumbnails.
    const home = await signedInPage(browser(), desktop, token, '/');
    const strip = home.getByRole('region', { name: 'Your recent creations' });
    await expect.poll(() => strip.locator('img').count(), { timeout: 20_000 }).toBeGreaterThan(0);
    for (const img of await strip.locator('img').all()) {
      expect(await img.getAttribute('src')).toMatch(/\.webp\?exp=/);
      expect(await img.getAttribute('width')).toBe('384');
    }
  });
});
