import { describe, expect, it } from 'vitest';
import { presetByName } from '../../src/themes/presets';
import { openPage, screenshot, sizes, setupBrowser } from './browser';

const { browser } = setupBrowser();

function hexToRgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

describe.each(sizes)('themes at %s', (name, viewport) => {
  it('THEME-3, THEME-7: applies a theme at once, marks it Active and keeps it after a reload', async () => {
    const page = await openPage(browser(), viewport, '/themes');
    const background = () => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    await expect.poll(() => page.getByTestId('theme-card').count()).toBe(60);
    expect(await background()).toBe(hexToRgb(presetByName('dark')!.colors.background));
    await screenshot(page, `themes-${name}`);
    await page.getByRole('button', { name: 'Apply Ocean' }).click();
    const ocean = hexToRgb(presetByName('ocean')!.colors.background);
    await expect.poll(background).toBe(ocean);
    const card = page.locator('[data-theme-name=ocean]');
    expect(await card.getByText('Active', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('ocean');
    await page.reload();
    expect(await background()).toBe(ocean);
    await expect
      .poll(() => page.locator('[data-theme-name=ocean]').getByText('Active', { exact: true }).isVisible())
      .toBe(true);
    await page.context().close();
  });

  it('ignores an unknown stored theme and searches the gallery', async () => {
    const page = await openPage(browser(), viewport, '/themes');
    await page.evaluate(() => localStorage.setItem('theme', 'nonsense'));
    await page.reload();
    const dark = hexToRgb(presetByName('dark')!.colors.background);
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(dark);
    await page.getByPlaceholder('Search themes...').fill('sak');
    await expect.poll(() => page.getByTestId('theme-card').count()).toBe(1);
    expect(await page.getByRole('heading', { name: 'Sakura' }).isVisible()).toBe(true);
    await page.getByPlaceholder('Search themes...').fill('no such palette');
    await expect.poll(() => page.getByText('No themes found').isVisible()).toBe(true);
    await page.context().close();
  });
});
