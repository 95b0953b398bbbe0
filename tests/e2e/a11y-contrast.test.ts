/**
 * axe's colour-contrast rule in the themes (tests/e2e/a11y.ts): /login in each of the 60, /subscribe and a
 * tool page in the sampled themes (all 60 with `npm run test:themes`). One file, one browser.
 */
import { expect, it } from 'vitest';
import { themeNames } from '../../src/themes/names';
import { openPage, sizes, setupBrowser } from './browser';
import { contrastOnRoute, contrastThemes } from './a11y';

const { browser } = setupBrowser();

it('/login passes color-contrast in all 60 themes', async () => {
  expect(themeNames).toHaveLength(60);
  const page = await openPage(browser(), sizes[0]![1], '/');
  expect(await contrastOnRoute(page, '/login', themeNames)).toEqual([]);
  await page.context().close();
}, 600_000);

for (const route of ['/subscribe', '/image-models/text-to-image']) {
  it(`${route} passes color-contrast in the themes with the least contrast to spare`, async () => {
    const page = await openPage(browser(), sizes[0]![1], '/');
    expect(await contrastOnRoute(page, route, contrastThemes)).toEqual([]);
    await page.context().close();
  }, 600_000);
}

it('the contrast check finds grey text on grey in each theme it runs (so a pass means something)', async () => {
  const page = await openPage(browser(), sizes[0]![1], '/');
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      const faint = document.createElement('p');
      faint.id = 'faint';
      faint.textContent = 'Faint words';
      faint.style.cssText = 'color:#777;background:#888;position:fixed;top:0;left:0;z-index:9999';
      document.body.appendChild(faint);
    });
  });
  const found = await contrastOnRoute(page, '/login', ['dark', 'light']);
  expect(found.map((line) => line.split(' — ')[0])).toEqual([
    'dark color-contrast: #faint',
    'light color-contrast: #faint',
  ]);
  await page.context().close();
}, 120_000);
