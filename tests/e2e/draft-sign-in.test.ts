/**
 * A visitor's draft survives signing in (TOOL-47 to TOOL-49), in Chromium against the real server: on Text to
 * Image a visitor types a prompt, picks an aspect and presses Generate; signing in in the dialog (an account
 * without a plan) goes to /subscribe (AUTH-4), which offers 'Back to Text to Image — your prompt is kept', even
 * after a reload (the tab keeps it); following it restores the prompt and the aspect and asks once 'Run it now?';
 * Run it starts the run, charged once; the notice is gone afterwards.
 */
import { describe, expect, it } from 'vitest';
import { toolByKey } from '../../src/catalog/tools';
import { balance, pathOf } from './accounts';
import { violationsAtBothWidths } from './a11y';
import { desktop, newPage, setupBrowser } from './browser';
import { cost, expectBalance, fundedUser, openTool } from './tool-runs/helpers';

const { browser } = setupBrowser();
const BACK = 'Back to Text to Image — your prompt is kept';

describe('a draft kept through sign-in', () => {
  it('TOOL-47, TOOL-48, TOOL-49: Generate as a visitor, sign in, back to the tool with the prompt, Run it', async () => {
    // An account with credits and no plan, made in another browser context.
    const funded = await fundedUser(browser, 'draft');
    await funded.page.close();

    const page = await newPage(browser(), desktop);
    await openTool(page, 'text-to-image');
    await page.getByLabel('Prompt', { exact: true }).fill('a red fox');
    await page.getByRole('button', { name: /^Wide/ }).click();
    await page.getByRole('button', { name: 'Generate', exact: true }).click();

    const dialog = page.getByRole('dialog', { name: 'Sign In' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByLabel('Email').fill(funded.email);
    await dialog.getByLabel('Password').fill(funded.password);
    await dialog.getByRole('button', { name: 'Login' }).click();

    // AUTH-4: no plan, so the plan chooser; it offers the way back, also after a reload of the tab.
    await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/subscribe');
    const back = page.getByRole('link', { name: BACK });
    await expect.poll(() => back.isVisible(), { timeout: 20_000 }).toBe(true);
    await page.reload();
    await expect.poll(() => back.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await violationsAtBothWidths(page, 'draft-notice')).toEqual({ desktop: [], phone: [] });

    const before = await balance(page);
    await back.click();
    await expect.poll(() => pathOf(page)).toBe(toolByKey('text-to-image').path);
    const question = page.getByRole('dialog', { name: 'Run it now?' });
    await expect.poll(() => question.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await page.getByLabel('Prompt', { exact: true }).inputValue()).toBe('a red fox');
    // Under the open question the form is hidden from the accessibility tree; it is there as restored.
    const wide = page.getByRole('button', { name: /^Wide/, includeHidden: true });
    expect(await wide.getAttribute('aria-pressed')).toBe('true');
    expect(await violationsAtBothWidths(page, 'draft-question')).toEqual({ desktop: [], phone: [] });

    await question.getByRole('button', { name: 'Run it' }).click();
    await expect
      .poll(() => page.getByAltText('Generated image', { exact: true }).isVisible(), { timeout: 60_000 })
      .toBe(true);
    await expectBalance(page, before - cost('text-to-image'));

    // Restored once: the destination no longer offers it.
    await page.goto('/subscribe');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: BACK }).count()).toBe(0);
  });

  it('TOOL-48: Dismiss forgets the draft', async () => {
    const page = await newPage(browser(), desktop);
    await openTool(page, 'text-to-image');
    await page.getByLabel('Prompt', { exact: true }).fill('a blue whale');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => page.getByRole('dialog', { name: 'Sign In' }).isVisible()).toBe(true);
    await page.goto('/');
    const back = page.getByRole('link', { name: BACK });
    await expect.poll(() => back.isVisible(), { timeout: 20_000 }).toBe(true);
    await page
      .getByRole('complementary', { name: 'Your kept prompt' })
      .getByRole('button', { name: 'Dismiss' })
      .click();
    await expect.poll(() => back.count()).toBe(0);
    await page.reload();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).first().isVisible()).toBe(true);
    expect(await back.count()).toBe(0);
  });
});
