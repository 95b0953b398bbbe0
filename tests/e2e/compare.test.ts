/**
 * Comparing creations against the real server and its offline provider (COMPARE-1 to COMPARE-8): two Text to Image
 * runs made through the API, chosen in My creations' Select mode, compared: both pictures under the slider, whose
 * divider the keys move, the settings that differ listed, usable at 390 px with axe clean at both widths; another
 * account can neither read them through the API nor see them on its compare page.
 */
import { describe, expect, it } from 'vitest';
import { api, imageRun, loginToken, signedInPage, verifiedAccount } from './accounts';
import { violationsAtBothWidths } from './a11y';
import { desktop, phone, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

const prompts = ['a lighthouse at dusk', 'a fox in the snow'];

describe('comparing creations', () => {
  it('COMPARE-1..7: two images chosen in Select mode compare under a slider, their differing settings listed, at both widths', async () => {
    const { email, password } = await verifiedAccount('compare');
    const token = await loginToken(email, password);
    const ids = [];
    for (const prompt of prompts) ids.push(await imageRun(token, prompt));

    const page = await signedInPage(browser(), desktop, token, '/creations');
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2);
    // COMPARE-1: Compare waits for two; then it opens the page of the two chosen.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    const bar = page.getByRole('toolbar', { name: 'Selection' });
    expect(await bar.getByRole('button', { name: 'Compare' }).isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Select all on this page' }).click();
    await bar.getByRole('link', { name: 'Compare' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/creations/compare');
    expect(new URL(page.url()).searchParams.get('ids')!.split(',').sort()).toEqual([...ids].sort());
    await expect.poll(() => page.title()).toBe('Compare creations — Atelier');

    // COMPARE-4: both pictures stacked, the second cut at the divider, which the keys move.
    const divider = page.getByRole('slider', { name: 'Divider position' });
    await expect.poll(() => divider.isVisible(), { timeout: 20_000 }).toBe(true);
    const pictures = page.getByRole('img', { name: /^[12]\. Text to Image: / });
    await expect.poll(() => pictures.count()).toBe(2);
    await expect
      .poll(() => pictures.evaluateAll((imgs) => imgs.every((img) => (img as HTMLImageElement).naturalWidth > 0)), {
        timeout: 20_000,
      })
      .toBe(true);
    expect(await divider.getAttribute('aria-valuetext')).toBe('50%');
    await divider.focus();
    for (let i = 0; i < 10; i++) await page.keyboard.press('ArrowLeft');
    await expect.poll(() => divider.getAttribute('aria-valuetext')).toBe('40%');
    const top = page.getByRole('img', { name: /^2\. Text to Image: / });
    expect(await top.evaluate((img) => (img as HTMLElement).style.clipPath)).toBe('inset(0px 0px 0px 40%)');
    await page.keyboard.press('End');
    await expect.poll(() => divider.getAttribute('aria-valuetext')).toBe('100%');

    // COMPARE-6: the prompts differ (a row, a column each); the rest is said to be the same.
    const differences = page.getByRole('table');
    const promptRow = differences.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'Prompt' }) });
    for (const prompt of prompts) expect(await promptRow.textContent()).toContain(prompt);
    expect(await differences.getByRole('rowheader', { name: 'Size' }).count()).toBe(0);
    expect(await page.getByText('All other settings are the same.').count()).toBe(1);
    await screenshot(page, 'compare-slider-desktop');

    // COMPARE-7: axe at 1280 and 390 px, in the slider view and side by side.
    expect(await violationsAtBothWidths(page, 'compare-slider')).toEqual({ desktop: [], phone: [] });
    await page.getByRole('radio', { name: 'Side by side' }).check();
    await expect.poll(() => page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').count()).toBe(2);
    expect(await violationsAtBothWidths(page, 'compare-side-by-side')).toEqual({ desktop: [], phone: [] });

    // COMPARE-5: at 390 px one at a time, Previous / Next and 'N of M'; nothing scrolls the page sideways.
    await page.setViewportSize(phone);
    const sideways = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await expect.poll(() => page.getByText('1 of 2').isVisible()).toBe(true);
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => page.getByText('2 of 2').isVisible()).toBe(true);
    const second = page.getByRole('list', { name: 'Side by side' }).getByRole('listitem').nth(1);
    await expect
      .poll(() => second.evaluate((li) => Math.round(li.getBoundingClientRect().left)))
      .toBeLessThan(phone.width / 2);
    await page.getByRole('radio', { name: 'Slider' }).check();
    await expect.poll(() => divider.isVisible()).toBe(true);
    expect(await sideways()).toBeLessThanOrEqual(0);
    await screenshot(page, 'compare-slider-phone');
    await page.context().close();
  });

  it('COMPARE-8: another account cannot read them through the API (404) and its compare page shows nothing of them', async () => {
    const owner = await verifiedAccount('compare-owner');
    const ownerToken = await loginToken(owner.email, owner.password);
    const ids = [];
    for (const prompt of prompts) ids.push(await imageRun(ownerToken, prompt));
    const other = await verifiedAccount('compare-other');
    const otherToken = await loginToken(other.email, other.password);
    for (const id of ids) expect((await api(`/api/creations/${id}`, { token: otherToken })).status).toBe(404);

    const page = await signedInPage(browser(), desktop, otherToken, `/creations/compare?ids=${ids.join(',')}`);
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'A creation to compare was not found.' }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect(await page.getByRole('img', { name: /Text to Image/ }).count()).toBe(0);
    for (const prompt of prompts) expect(await page.getByText(prompt).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Back to My creations' }).isVisible()).toBe(true);
    await page.context().close();
  });
});
