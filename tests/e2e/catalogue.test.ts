import { describe, expect, it } from 'vitest';
import { tools } from '../../src/catalog';
import { openPage, screenshot, sizes, setupBrowser } from './browser';

const { browser } = setupBrowser();

describe.each(sizes)('catalogue at %s', (name, viewport) => {
  it('CATALOG-3, CATALOG-5: lists every tool with image, cost, description and Try it now', async () => {
    const page = await openPage(browser(), viewport, '/all-tools');
    const cards = page.getByTestId('tool-card');
    await expect.poll(() => cards.count()).toBe(tools.length);
    const first = cards.first();
    expect(await first.locator('img').count()).toBe(1);
    expect(await first.getByRole('link', { name: /Try it now/ }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Start Creating' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Pause animation' }).getAttribute('aria-pressed')).toBeTruthy();
    await page.context().close();
  });

  it("CREDITS-1: shows each card's cost from the formula", async () => {
    const page = await openPage(browser(), viewport, '/');
    const cost = (title: string) =>
      page
        .getByTestId('tool-card')
        .filter({ has: page.getByRole('heading', { name: title, exact: true }) })
        .getByTestId('tool-cost');
    await expect.poll(() => cost('Text to Image').textContent()).toBe('8 credits');
    expect(await cost('Image to Image').textContent()).toBe('102 credits');
    expect(await cost('Text to Advertisement').textContent()).toBe('205 credits');
    await page.context().close();
  });

  it('filters by search text and chips, keeps them in the URL, and shows the empty text', async () => {
    const page = await openPage(browser(), viewport, '/');
    const cards = page.getByTestId('tool-card');
    await page.getByPlaceholder('Search AI tools...').fill('video');
    await expect.poll(() => cards.count()).toBe(tools.filter((t) => /video/i.test(t.title + t.description)).length);
    await expect.poll(() => page.url()).toContain('q=video');
    await page.getByPlaceholder('Search AI tools...').fill('');
    await page.getByRole('button', { name: 'Audio', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(3);
    expect(await page.getByRole('button', { name: 'Audio', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await expect.poll(() => page.url()).toContain('category=Audio');
    await page.reload();
    await expect.poll(() => cards.count()).toBe(3);
    await page.getByPlaceholder('Search AI tools...').fill('zzzz nothing');
    await expect.poll(() => page.getByText('No AI tools found matching your search.').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByPlaceholder('Search AI tools...').fill('');
    await expect.poll(() => cards.count()).toBe(tools.length);
    await page.context().close();
  });

  it('NAV-8: shows category pages and their lists under /image-models and /video-models', async () => {
    const page = await openPage(browser(), viewport, '/image');
    const cards = page.getByTestId('tool-card');
    await expect.poll(() => cards.count()).toBe(5);
    await screenshot(page, `category-${name}`);
    for (const [path, count] of [
      ['/video', 3],
      ['/text', 3],
      ['/audio', 3],
      ['/3d', 1],
      ['/image-models', 5],
      ['/video-models', 3],
    ] as const) {
      await page.goto(path);
      await expect.poll(() => cards.count()).toBe(count);
    }
    await page.context().close();
  });

  it('TOOL-1: opens a tool page showing its title and cost', async () => {
    const page = await openPage(browser(), viewport, '/');
    await page.getByRole('link', { name: 'Try it now: Text to Advertisement' }).click();
    await expect.poll(() => page.url()).toMatch(/\/image-models\/text-to-advertisement$/);
    await expect
      .poll(() => page.getByRole('heading', { name: 'Text to Advertisement', level: 1 }).isVisible())
      .toBe(true);
    expect(await page.getByTestId('tool-page-cost').textContent()).toContain('205 credits per run');
    await page.goto('/audio-models/bark');
    await expect.poll(() => page.getByRole('heading', { name: 'Voice Generation', level: 1 }).isVisible()).toBe(true);
    expect(await page.getByTestId('tool-page-cost').textContent()).toContain('10 credits per run');
    await page.context().close();
  });
});
