/** axe's colour-contrast rule on /login in each of the 60 themes (tests/e2e/a11y.ts). */
import { expect, it } from 'vitest';
import { themeNames } from '../../src/themes/names';
import { openPage, sizes, setupBrowser } from './browser';
import { contrastInEveryTheme } from './a11y';

const { browser } = setupBrowser();

it('/login passes color-contrast in all 60 themes', async () => {
  expect(themeNames).toHaveLength(60);
  const page = await openPage(browser(), sizes[0]![1], '/');
  expect(await contrastInEveryTheme(page, '/login', themeNames)).toEqual([]);
  await page.context().close();
}, 600_000);
