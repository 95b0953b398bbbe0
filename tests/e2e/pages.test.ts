import { describe, expect, it } from 'vitest';
import { openPage, screenshot, sizes, setupBrowser } from './browser';

const { browser } = setupBrowser();

describe.each(sizes)('static pages at %s', (name, viewport) => {
  it('SUPPORT-1: opens a support question to show its answer and links to support by email', async () => {
    const page = await openPage(browser(), viewport, '/support');
    const question = page.getByRole('button', { name: 'What are credits and how do they work?' });
    await expect.poll(() => question.isVisible()).toBe(true);
    expect(await page.getByRole('button').filter({ hasText: '?' }).count()).toBeGreaterThanOrEqual(6);
    expect(await page.getByText(/do not carry over/).count()).toBe(0);
    await question.click();
    await expect
      .poll(() => page.getByText(/expire at the end of each billing cycle and do not carry over/).isVisible())
      .toBe(true);
    expect(await question.getAttribute('aria-expanded')).toBe('true');
    expect(await page.getByRole('link', { name: /support@atelier\.app/ }).getAttribute('href')).toBe(
      'mailto:support@atelier.app',
    );
    await screenshot(page, `support-${name}`);
    await page.context().close();
  });

  it('shows the router error page when a page cannot load (its code chunk fails), with a way home', async () => {
    const page = await openPage(browser(), viewport, '/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    // A deploy that removed the chunk, or a dropped connection: the Support page's code never arrives.
    await page.route(/\/assets\/support-[^/]*\.js$/, (route) => route.abort());
    if (name === 'phone') await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click();
    await expect
      .poll(() => page.getByRole('heading', { name: 'Unexpected Application Error!' }).isVisible())
      .toBe(true);
    // The chunk stays missing: the router may reload the page once (TanStack's reload-on-missing-module,
    // which picks up a new deploy) and then shows the same error page again, so the way home is still there.
    await page.getByRole('link', { name: 'Back to home' }).click();
    await expect.poll(() => page.getByPlaceholder('Search AI tools...').isVisible()).toBe(true);
    await page.context().close();
  });

  it.each([
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
  ])('shows %s with six section headings', async (path, title) => {
    const page = await openPage(browser(), viewport, path);
    await expect.poll(() => page.getByRole('heading', { name: title, level: 1 }).isVisible()).toBe(true);
    expect(await page.getByRole('heading', { level: 2 }).count()).toBe(6);
    await page.context().close();
  });
});
