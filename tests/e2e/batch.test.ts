/**
 * A batch of prompts on a tool page against the real server and its offline provider (RUNS-16 to
 * RUNS-18): six prompts on Text to Image start with one click, the page says how many started and how
 * many wait queued, the balance drops by the total and the tray lists the six runs; the page shows the six
 * as tiles, each ending with its picture, and no notice while they show; a batch whose page was left is one
 * notice; an account with too few credits is refused before any call, with the figures.
 */
import { describe, expect, it } from 'vitest';
import { toolByKey } from '../../src/catalog';
import { toolViews } from '../../src/features/tools/tool-views';
import { balance, loginToken, signedInPage, verifiedAccount } from './accounts';
import { violations, violationsAtBothWidths } from './a11y';
import { desktop, setupBrowser } from './browser';
import { expectBalance, fundedUser, openTool } from './tool-runs/helpers';

const { browser } = setupBrowser();
const cost = toolByKey('text-to-image').cost;

/** The POST /api/generate/batch calls the page sends. */
function batchCalls(page: import('playwright-core').Page): string[] {
  const keys: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/generate/batch')
      keys.push(request.headers()['idempotency-key'] ?? '');
  });
  return keys;
}

describe('a batch of prompts', () => {
  it('RUNS-16, RUNS-17, RUNS-18: six prompts on Text to Image start with one click; the page says so, the tray lists them', async () => {
    const { page } = await fundedUser(browser, 'batch-six');
    const keys = batchCalls(page);
    await openTool(page, 'text-to-image');
    const before = await balance(page);

    // Off by default: the one-run form shows.
    const toggle = page.getByRole('checkbox', { name: 'One prompt per line' });
    expect(await toggle.isChecked()).toBe(false);
    await toggle.click();
    await expect
      .poll(() => page.getByRole('form', { name: `${toolViews['text-to-image'].submit} form` }).count())
      .toBe(0);
    const prompts = [
      'a lighthouse at dusk',
      'a fox in the snow',
      'a red kite',
      'a tea garden',
      'a city at night',
      'a calm sea',
    ];
    // Blank lines and spaces around a prompt do not count.
    await page
      .getByLabel('Prompts, one per line')
      .fill(`${prompts.slice(0, 3).join('\n')}\n\n   \n  ${prompts.slice(3).join('\n')}  \n`);
    await expect
      .poll(() => page.getByTestId('batch-cost').textContent())
      .toBe(`6 prompts × ${cost} credits = ${6 * cost} credits`);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Start batch' }).click();

    const started = page.getByRole('form', { name: 'Batch form' }).getByRole('status');
    await expect
      .poll(() => started.textContent(), { timeout: 20_000 })
      .toMatch(/^Started 6 runs: \d in progress(, \d queued)?\./);
    expect(keys).toHaveLength(1);
    expect(keys[0]).not.toBe('');
    await expectBalance(page, before - 6 * cost);

    // The tray reads the runs at once: the six are listed with their prompts.
    await page
      .getByRole('button', { name: /^Runs(, \d+ active)?$/ })
      .first()
      .click();
    const panel = page.getByRole('dialog', { name: 'Runs' });
    const rows = panel.getByRole('list', { name: 'Your runs' }).getByRole('listitem');
    await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(6);
    for (const prompt of prompts) await expect.poll(() => rows.filter({ hasText: prompt }).count()).toBe(1);

    // RUNS-7: the panel is not modal: with it open, a click on the prompts field focuses it.
    const field = page.getByLabel('Prompts, one per line');
    await field.click();
    await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
    await panel.getByRole('button', { name: 'Close runs' }).click();

    // RUNS-24: six tiles in the order of the prompts, each ending with its picture, Download and Open.
    const tiles = page.getByRole('list', { name: 'Batch runs' }).getByRole('listitem');
    await expect.poll(() => tiles.count()).toBe(6);
    for (const [i, prompt] of prompts.entries())
      await expect.poll(() => tiles.nth(i).getAttribute('aria-label')).toBe(`Prompt ${i + 1}: ${prompt}`);
    for (let i = 0; i < 6; i++) {
      await expect.poll(() => tiles.nth(i).locator('img').count(), { timeout: 60_000 }).toBe(1);
      expect(
        await tiles
          .nth(i)
          .getByRole('link', { name: `Download Prompt ${i + 1}` })
          .count(),
      ).toBe(1);
      expect(
        await tiles
          .nth(i)
          .getByRole('link', { name: `Open Prompt ${i + 1}` })
          .count(),
      ).toBe(1);
    }
    expect(await page.getByRole('button', { name: 'Download all' }).isVisible()).toBe(true);
    // RUNS-21: the page in view shows them: no notice of them.
    const notices = page.getByRole('status', { name: 'Run notices' });
    expect(await notices.getByRole('button', { name: /^Dismiss/ }).count()).toBe(0);
    expect(await violationsAtBothWidths(page, 'batch-grid')).toEqual({ desktop: [], phone: [] });

    // RUNS-22: a batch whose page is left while it works is one notice once all its runs have ended.
    await page.getByLabel('Prompts, one per line').fill('a paper boat\na green hill');
    await page.getByRole('button', { name: 'Start batch' }).click();
    await expect.poll(() => started.textContent(), { timeout: 20_000 }).toMatch(/^Started 2 runs/);
    await page.getByRole('link', { name: 'Settings' }).first().click();
    await expect.poll(() => notices.textContent(), { timeout: 60_000 }).toContain('Text to Image: 2 of 2 finished');
    expect(await notices.getByRole('button', { name: /^Dismiss/ }).count()).toBe(1);
    expect(await notices.getByRole('link', { name: /^Open: Text to Image: 2 of 2 finished/ }).count()).toBe(1);
  });

  it('RUNS-17: with too few credits nothing starts, and the page says the figures', async () => {
    const { email, password } = await verifiedAccount('batch-short');
    const page = await signedInPage(
      browser(),
      desktop,
      await loginToken(email, password),
      toolByKey('text-to-image').path,
    );
    const keys = batchCalls(page);
    await expect.poll(() => balance(page)).toBeGreaterThan(0);
    const credits = await balance(page);
    const count = Math.floor(credits / cost) + 1;
    await page.getByRole('checkbox', { name: 'One prompt per line' }).click();
    await page
      .getByLabel('Prompts, one per line')
      .fill(Array.from({ length: count }, (_, i) => `a small boat ${i + 1}`).join('\n'));
    await page.getByRole('button', { name: 'Start batch' }).click();
    const total = count * cost;
    await expect
      .poll(() => page.getByRole('form', { name: 'Batch form' }).getByRole('alert').textContent())
      .toContain(
        `This batch costs ${total} credits and you have ${credits}. Add ${total - credits} credits or remove prompts.`,
      );
    expect(keys).toEqual([]);
    expect(await balance(page)).toBe(credits);
  });
});
