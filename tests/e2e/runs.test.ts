/**
 * The runs tray against the real server and its offline provider (RUNS-7, RUNS-8): a `[slow]` run
 * started on a tool page shows in the tray as in progress (the open panel passes axe at both widths);
 * Cancel there ends it and returns its credits.
 */
import { describe, expect, it } from 'vitest';
import { balance } from './accounts';
import { violations } from './a11y';
import { phone, setupBrowser } from './browser';
import { cost, expectBalance, fundedUser, openTool } from './tool-runs/helpers';

const { browser } = setupBrowser();

describe('the runs tray', () => {
  it('RUNS-7, RUNS-8: a [slow] run started on a tool page shows in the tray; Cancel ends it and returns its credits', async () => {
    const { page } = await fundedUser(browser, 'runs-tray');
    await openTool(page, 'text-to-text');
    const before = await balance(page);
    await page.getByPlaceholder('Enter your prompt...').fill('a haiku about tea [slow]');
    await page.getByRole('button', { name: 'Generate Text' }).click();
    await expectBalance(page, before - cost('text-to-text'));

    // The tool page's start has the tray read the runs at once: its button counts the run.
    const button = page.getByRole('button', { name: 'Runs, 1 active' });
    await expect.poll(() => button.isVisible(), { timeout: 15_000 }).toBe(true);
    await button.click();
    const panel = page.getByRole('dialog', { name: 'Runs' });
    const row = panel.getByRole('listitem').filter({ hasText: 'a haiku about tea [slow]' });
    await expect.poll(() => row.textContent()).toContain('Text Generation');
    await expect.poll(() => row.textContent()).toMatch(/Starting|In progress|%/);
    // The open panel passes axe, at 1280 px and at 390 px (where the button is in the top bar).
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize(phone);
    await expect.poll(() => panel.isVisible()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    await row.getByRole('button', { name: 'Cancel Text Generation' }).click();
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Canceled');
    await expect
      .poll(() => row.textContent())
      .toContain(`Your ${cost('text-to-text')} credit${cost('text-to-text') === 1 ? ' has' : 's have'} been returned.`);
    await expectBalance(page, before);
    // RUNS-9: the run's end is a notice outside the panel too.
    await page.getByRole('button', { name: 'Close runs' }).click();
    await expect
      .poll(() => page.getByRole('status', { name: 'Run notices' }).textContent())
      .toContain('Text Generation canceled');
    await expect.poll(() => page.getByRole('button', { name: 'Runs', exact: true }).isVisible()).toBe(true);
  });
});
