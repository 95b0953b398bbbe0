/** axe on every public route, signed out, at 1280 and 390 px (tests/e2e/a11y.ts). */
import { describe, expect, it } from 'vitest';
import { openPage, sizes, setupBrowser } from './browser';
import { publicRoutes, settled, violations } from './a11y';

const { browser } = setupBrowser();

describe.each(sizes)('axe at %s, default theme', (_, viewport) => {
  it('finds no violation on any route signed out', async () => {
    const page = await openPage(browser(), viewport, '/');
    const found: string[] = [];
    for (const route of publicRoutes) {
      await page.goto(route);
      await settled(page);
      found.push(...(await violations(page)).map((line) => `${route} ${line}`));
    }
    expect(found).toEqual([]);
    await page.context().close();
  }, 600_000);
});
