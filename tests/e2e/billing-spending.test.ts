/**
 * Settings › Billing against the real server and its offline provider: an account runs two tools, the
 * month's spending lists both with their credits (CREDITS-9); Download CSV saves the whole history as
 * atelier-credit-history-{YYYY-MM-DD}.csv, whose newest entry's balance (the CSV is oldest first: its last
 * row) is the account's balance (CREDITS-7, CREDITS-11); axe finds nothing on the page at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { monthName, monthOf } from '../../src/flows/billing/spending.machine';
import { toolByKey } from '../../src/catalog';
import { api, loginToken, signedInPage, verifiedAccount } from './accounts';
import { contrastIn, contrastThemes, settled, violations } from './a11y';
import { desktop, downloadedFile, phone, screenshotDir, setupBrowser } from './browser';

const { browser } = setupBrowser();

const image = toolByKey('text-to-image');
const text = toolByKey('text-to-text');

/** A Text to Image run (to its end) and a Text Generation run, polled until it ends, through the API. */
async function runTwoTools(token: string): Promise<void> {
  const drawn = await api('/api/generate/image', {
    token,
    body: { modelId: image.id, input: { prompt: 'a lighthouse at dusk', width: 512, height: 512 } },
  });
  expect(drawn.status).toBe(200);
  const started = await api<{ id: string }>('/api/generate/text', {
    token,
    body: { modelId: text.id, input: { prompt: 'a haiku about ledgers' } },
  });
  expect(started.status).toBe(201);
  await expect
    .poll(async () => (await api<{ status: string }>(`/api/prediction/${started.body.id}`, { token })).body.status, {
      timeout: 30_000,
    })
    .toBe('succeeded');
}

describe('Settings › Billing: spending and the CSV', () => {
  it('CREDITS-9, CREDITS-11: two tools run show in the month by tool; the CSV saved ends at the account balance', async () => {
    const { email, password } = await verifiedAccount('spending');
    const token = await loginToken(email, password);
    await runTwoTools(token);
    const { body: credits } = await api<{ credits: number }>('/api/users/credits', { token });
    expect(credits.credits).toBe(50 - image.cost - text.cost);

    const page = await signedInPage(browser(), desktop, token, '/settings');
    const month = monthName(monthOf(new Date()));
    const section = page.getByTestId('spending');
    const table = section.getByRole('table', { name: `Credits spent in ${month}, by tool` });
    await expect.poll(() => table.isVisible(), { timeout: 20_000 }).toBe(true);
    const rows = await table
      .getByRole('row')
      .evaluateAll((trs) => trs.map((tr) => Array.from(tr.children).map((c) => c.textContent)));
    // Most spent first: Text to Image costs more than Text Generation.
    expect(image.cost).toBeGreaterThan(text.cost);
    expect(rows).toEqual([
      ['Tool', 'Runs', 'Credits'],
      [image.title, '1', String(image.cost)],
      [text.title, '1', String(text.cost)],
      ['Total', '2', String(image.cost + text.cost)],
    ]);
    // The account was made this month: there is no month before it to show, nor after this one.
    expect(await section.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(true);
    expect(await section.getByRole('button', { name: 'Next month' }).isDisabled()).toBe(true);

    const saved = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download CSV' }).click();
    const download = await saved;
    expect(download.suggestedFilename()).toBe(`atelier-credit-history-${new Date().toISOString().slice(0, 10)}.csv`);
    const csv = await readFile(await downloadedFile(download), 'utf8');
    const lines = csv.split('\r\n').filter((line) => line !== '');
    expect(lines[0]).toBe('date,description,change,balance');
    // Oldest first: the sign-up grant opens it, and its last line is the newest entry.
    expect(lines).toHaveLength(4);
    expect(lines[1]!.split(',').slice(-2)).toEqual(['50', '50']);
    const newest = lines.at(-1)!.split(',');
    expect(Number(newest.at(-1))).toBe(credits.credits);
    expect(await page.getByRole('button', { name: 'Download CSV' }).isEnabled()).toBe(true);
    await page.close();
  });

  it.each([
    ['1280', desktop],
    ['390', phone],
  ] as const)(
    'CREDITS-9: axe finds no violations on Settings with spending and the history at %s px',
    async (name, size) => {
      const { email, password } = await verifiedAccount(`spending-a11y-${name}`);
      const token = await loginToken(email, password);
      await runTwoTools(token);
      const page = await signedInPage(browser(), size, token, '/settings');
      await expect
        .poll(() => page.getByTestId('spending').getByRole('table').isVisible(), { timeout: 20_000 })
        .toBe(true);
      await expect.poll(() => page.getByRole('table', { name: 'Credit history' }).isVisible()).toBe(true);
      await settled(page);
      mkdirSync(screenshotDir, { recursive: true });
      await page
        .getByRole('region', { name: 'Billing' })
        .screenshot({ path: join(screenshotDir, `settings-billing-${name}.png`) });
      expect(await violations(page)).toEqual([]);
      // The colours are the theme's: axe's colour-contrast rule in the sampled themes (all 60: npm run test:themes).
      expect(await contrastIn(page, contrastThemes)).toEqual([]);
      await page.close();
    },
    300_000,
  );
});
