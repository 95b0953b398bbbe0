/**
 * The runs tray against the real server and its offline provider (RUNS-7, RUNS-8): the tray is a side panel
 * that leaves the page usable (a click on the prompt field with it open focuses it, and typing works); a `[slow]`
 * run started on a tool page shows in it as in progress, with its bar (the open panel passes axe at both widths);
 * Cancel there ends it and returns its credits; Escape and the close button close it.
 */
import { describe, expect, it } from 'vitest';
import { balance } from './accounts';
import { violations } from './a11y';
import { phone, setupBrowser } from './browser';
import { toolViews } from '../../src/features/tools/tool-views';
import { cost, expectBalance, fundedUser, openTool } from './tool-runs/helpers';

const { browser } = setupBrowser();

describe('the runs tray', () => {
  it('RUNS-7, RUNS-8: with the tray open the page stays usable: a [slow] run started there shows in it; Cancel ends it and returns its credits', async () => {
    const { page } = await fundedUser(browser, 'runs-tray');
    await openTool(page, 'text-to-text');
    const before = await balance(page);
    // The tray opens beside the page, focus in it.
    const trayButton = page.getByRole('button', { name: 'Runs', exact: true }).filter({ visible: true });
    await trayButton.click();
    const panel = page.getByRole('dialog', { name: 'Runs' });
    await expect.poll(() => panel.textContent()).toContain('No runs in the last ten minutes.');
    await expect.poll(() => panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    // The page stays usable with it open: a click on the prompt field focuses it, and typing works.
    const prompt = page.getByPlaceholder('Enter your prompt...');
    await prompt.click();
    expect(await prompt.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('a haiku about tea [slow]');
    expect(await prompt.inputValue()).toBe('a haiku about tea [slow]');
    await page.getByRole('button', { name: 'Generate Text' }).click();
    await expectBalance(page, before - cost('text-to-text'));
    expect(await panel.isVisible()).toBe(true);

    // The tool page's start has the tray read the runs at once: its button counts the run, the open panel lists it.
    const button = page.getByRole('button', { name: 'Runs, 1 active' }).filter({ visible: true });
    await expect.poll(() => button.count(), { timeout: 15_000 }).toBe(1);
    const row = panel.getByRole('listitem').filter({ hasText: 'a haiku about tea [slow]' });
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('Text Generation');
    await expect.poll(() => row.textContent()).toMatch(/Starting|In progress|%/);
    // While it works: a bar, and the time it has worked.
    await expect.poll(() => row.getByRole('progressbar', { name: 'Text Generation progress' }).count()).toBe(1);
    await expect.poll(() => row.textContent()).toMatch(/Working for \d/);
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
    await expect.poll(() => row.textContent()).toMatch(/Took \d/);
    // The close button closes the panel, focus back on the button.
    await page.getByRole('button', { name: 'Close runs' }).click();
    await expect.poll(() => panel.count()).toBe(0);
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? ''))
      .toMatch(/^Runs/);
    // RUNS-21: the run's own page is in view: its end is told there, once, and never as a notice.
    await expect
      .poll(() => page.getByRole('main').getByRole('alert').filter({ hasText: 'been returned.' }).count(), {
        timeout: 15_000,
      })
      .toBe(1);
    expect((await page.getByRole('status', { name: 'Run notices' }).textContent()) ?? '').not.toContain(
      'Text Generation',
    );
    await expect.poll(() => page.getByRole('button', { name: 'Runs', exact: true }).isVisible()).toBe(true);
  });
});

describe('runs that outlive their pages', () => {
  it('RUNS-12, RUNS-14, RUNS-9: a [slow] video run goes on while a text run finishes elsewhere; after a reload its page follows it again; Cancel returns its credits', async () => {
    const { page } = await fundedUser(browser, 'runs-journey');
    const video = toolViews['text-to-video'];
    await openTool(page, 'text-to-video');
    const before = await balance(page);
    await page.getByLabel(/^Prompt/).fill('a lighthouse in a storm [slow]');
    await page.getByRole('button', { name: video.submit, exact: true }).click();
    await expect.poll(() => page.getByRole('progressbar').isVisible(), { timeout: 15_000 }).toBe(true);

    // Another page, by the navigation: a text run there, while the video run goes on.
    await page.getByRole('link', { name: 'Text', exact: true }).first().click();
    await page
      .getByRole('link', { name: /Text Generation/ })
      .first()
      .click();
    await page.getByPlaceholder('Enter your prompt...').fill('a haiku about rain');
    // RUNS-21: its page is left (for Settings) before the server has answered the start, so its end is a notice
    // (the start is held back a moment: an offline text run ends sooner than a click on a link).
    await page.route(
      '**/api/generate/text',
      async (route) => {
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        await route.continue();
      },
      { times: 1 },
    );
    await page.getByRole('button', { name: 'Generate Text' }).click();
    await page.getByRole('link', { name: 'Settings' }).first().click();
    const tray = page.getByRole('button', { name: /^Runs(, \d+ active)?$/ }).filter({ visible: true });
    await tray.click();
    const panel = page.getByRole('dialog', { name: 'Runs' });
    const videoRow = panel.getByRole('listitem').filter({ hasText: 'a lighthouse in a storm [slow]' });
    const textRow = panel.getByRole('listitem').filter({ hasText: 'a haiku about rain' });
    await expect.poll(() => videoRow.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => textRow.count(), { timeout: 15_000 }).toBe(1);
    // Escape closes the panel too.
    await page.keyboard.press('Escape');
    await expect.poll(() => panel.count()).toBe(0);
    // The text run ends first: its notice shows while the video run is still working.
    await expect
      .poll(() => page.getByRole('status', { name: 'Run notices' }).textContent(), { timeout: 60_000 })
      .toContain('Text Generation finished');
    await expect
      .poll(() => page.getByRole('button', { name: 'Runs, 1 active' }).filter({ visible: true }).count())
      .toBe(1);

    // The page, reloaded with every storage cleared but the sign-in: the tray reads the video run from the server.
    await page.evaluate(() => {
      const token = localStorage.getItem('token');
      localStorage.clear();
      sessionStorage.clear();
      if (token) localStorage.setItem('token', token);
    });
    await page.reload();
    await expect
      .poll(() => page.getByRole('button', { name: 'Runs, 1 active' }).filter({ visible: true }).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    // The video page, opened again, follows that run: its prompt and its progress.
    await page.getByRole('link', { name: 'Video', exact: true }).first().click();
    await page
      .getByRole('link', { name: /Text to Video/ })
      .first()
      .click();
    await expect
      .poll(() => page.getByLabel(/^Prompt/).inputValue(), { timeout: 15_000 })
      .toBe('a lighthouse in a storm [slow]');
    await expect.poll(() => page.getByRole('progressbar').isVisible()).toBe(true);

    // Cancel in the tray: the run ends canceled and its credits come back; the page says so.
    await page.getByRole('button', { name: 'Runs, 1 active' }).filter({ visible: true }).click();
    await videoRow.getByRole('button', { name: 'Cancel Text to Video' }).click();
    await expect.poll(() => videoRow.textContent(), { timeout: 15_000 }).toContain('Canceled');
    await page.getByRole('button', { name: 'Close runs' }).click();
    await expectBalance(page, before - cost('text-to-text'));
    await expect.poll(() => page.getByRole('progressbar').count(), { timeout: 15_000 }).toBe(0);
  }, 150_000);
});
