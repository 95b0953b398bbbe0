/**
 * My creations against the real server and its offline provider (CREATIONS-8..12): three runs made through
 * the API, a search by a word of one prompt kept in the address across a reload, three chosen and
 * downloaded as one ZIP of three entries, then two deleted together; the search and a status filter
 * restored by Back and Forward; a ZIP asked for with an expired session ends it like any other call.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { api, balanceShown, imageRun, loginToken, pathOf, signedInPage, verifiedAccount } from './accounts';
import { violations } from './a11y';
import { desktop, downloadedFile, phone, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

/** The number of entries a ZIP says it holds (its end of central directory record). */
function zipEntries(zip: Buffer): number {
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65_535); i--) {
    if (zip.readUInt32LE(i) === 0x06054b50) return zip.readUInt16LE(i + 10);
  }
  throw new Error('Not a ZIP: no end of central directory record');
}

const prompts = ['a lighthouse at dusk', 'a fox in the snow', 'a red kite over the hills'];

/** Text to Image runs made through the real API (8 of the 50 free credits each); `[fail]` fails one. */
async function runs(token: string, made: readonly string[]): Promise<void> {
  for (const prompt of made) {
    await api('/api/generate/image', {
      token,
      body: { modelId: 'bytedance/sdxl-lightning-4step', input: { prompt, width: 512, height: 512 } },
    });
  }
}

describe('My creations: search, select, ZIP, delete together', () => {
  it('CREATIONS-8..12: searches by a word kept in the address, downloads three as a ZIP, deletes two together', async () => {
    const { email, password } = await verifiedAccount('creations-select');
    const token = await loginToken(email, password);
    // Three Text to Image runs (8 of the 50 free credits each), made through the real API.
    for (const prompt of prompts) await imageRun(token, prompt);
    const page = await signedInPage(browser(), desktop, token, '/creations');
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);

    // CREATIONS-8/9: a word of one prompt, applied after the pause, kept in the address and across a reload.
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('kite');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('kite');
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().textContent()).toContain('a red kite over the hills');
    await page.reload();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1);
    expect(await page.getByRole('searchbox', { name: 'Search prompts' }).inputValue()).toBe('kite');
    // No match: says so, with Clear filters, which brings the three back and empties the address.
    await page.getByRole('searchbox', { name: 'Search prompts' }).fill('zebra');
    await page.getByRole('searchbox', { name: 'Search prompts' }).press('Enter');
    await expect.poll(() => page.getByText('No creations match “zebra”.').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('search').getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => cards.count()).toBe(3);
    expect(new URL(page.url()).search).toBe('');

    // CREATIONS-10/11: select the three and download them as one ZIP of three entries.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('button', { name: 'Select all on this page' }).click();
    await expect.poll(() => page.getByText('3 selected').count()).toBe(1);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'creations-select-desktop');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download ZIP' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^atelier-creations-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = await readFile(await downloadedFile(download));
    expect(zip.subarray(0, 2).toString()).toBe('PK');
    expect(zipEntries(zip)).toBe(3);

    // CREATIONS-12: two deleted together after the confirmation; the list reloads with the third.
    await page.getByRole('button', { name: 'Done' }).click();
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await cards.nth(0).getByRole('checkbox').check();
    await cards.nth(1).getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete creations' });
    await expect.poll(() => dialog.textContent()).toContain('Delete 2 creations? This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => cards.count()).toBe(1);
    const left = await api<{ items: Array<{ prompt: string }> }>('/api/creations', { token });
    expect(left.body.items.map((c) => c.prompt)).toEqual([prompts[0]]);

    // The bar at a phone's width.
    const small = await signedInPage(browser(), phone, token, '/creations?q=lighthouse');
    await expect.poll(() => small.getByRole('list', { name: 'Creations' }).getByRole('listitem').count()).toBe(1);
    expect(await violations(small)).toEqual([]);
    await screenshot(small, 'creations-search-phone');
  });

  it('CREATIONS-9: Back and Forward bring back the search, the status filter and their results', async () => {
    const { email, password } = await verifiedAccount('creations-history');
    const token = await loginToken(email, password);
    await runs(token, ['a kite at dawn', 'a kite at night [fail]', 'a fox at noon']);
    const page = await signedInPage(browser(), desktop, token, '/settings');
    await page.getByRole('link', { name: 'My creations' }).first().click();
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);

    const search = page.getByRole('searchbox', { name: 'Search prompts' });
    const status = page.getByRole('combobox', { name: 'Status' });
    await search.fill('kite');
    await expect.poll(() => cards.count()).toBe(2);
    await page.getByText('More filters').click();
    await status.selectOption('failed');
    await expect.poll(() => cards.count()).toBe(1);
    const filtered = () => new URL(page.url()).searchParams;
    expect(filtered().get('q')).toBe('kite');
    expect(filtered().get('status')).toBe('failed');

    // Another page, then Back: the address, the fields and the list as they were.
    await page.getByRole('link', { name: 'All AI Tools' }).first().click();
    await expect.poll(() => pathOf(page)).toBe('/all-tools');
    const restored = async () => {
      await expect.poll(() => pathOf(page)).toBe('/creations');
      expect(filtered().get('q')).toBe('kite');
      expect(filtered().get('status')).toBe('failed');
      await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1);
      expect(await cards.first().textContent()).toContain('a kite at night [fail]');
      expect(await search.inputValue()).toBe('kite');
      expect(await status.inputValue()).toBe('failed');
    };
    await page.goBack();
    await restored();
    // Back to Settings, then Forward: the same search and filter again.
    await page.goBack();
    await expect.poll(() => pathOf(page)).toBe('/settings');
    await page.goForward();
    await restored();
    // Forward again: the other page; the filters stay in their own entry of the history.
    await page.goForward();
    await expect.poll(() => pathOf(page)).toBe('/all-tools');
    await page.getByRole('link', { name: 'My creations' }).first().click();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);
    expect(await search.inputValue()).toBe('');
    await page.context().close();
  });

  it('CREATIONS-11: a ZIP asked for with an expired session opens the Sign In dialog like any other call', async () => {
    const { email, password } = await verifiedAccount('creations-zip-expired');
    const token = await loginToken(email, password);
    await runs(token, ['a lantern in the fog']);
    const page = await signedInPage(browser(), desktop, token, '/creations');
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1);
    await page.waitForLoadState('networkidle');
    // Another browser logs out with the same token: the server revokes it.
    expect((await api('/api/auth/logout', { method: 'POST', token })).status).toBe(200);

    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await page.getByRole('button', { name: 'Select all on this page' }).click();
    const refused = page.waitForResponse((r) => r.url().endsWith('/api/creations/zip') && r.status() === 401);
    await page.getByRole('button', { name: 'Download ZIP' }).click();
    await refused;
    await expect.poll(() => page.getByRole('dialog', { name: 'Sign In' }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    expect(await balanceShown(page)).toBe(false);
    await page.context().close();
  });
});
