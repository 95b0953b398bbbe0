/**
 * Verifying the email signs in the browser that registered (AUTH-18), in Chromium against the real server: a
 * visitor registers in the dialog, then opens the mailed link in the same browser and is signed in, with the way
 * back to the tool page whose draft the tab kept (TOOL-48); the same kind of link opened in another browser
 * verifies and says why it did not sign in.
 */
import { describe, expect, it } from 'vitest';
import { mailedPath, pathOf, uniqueEmail, balanceShown } from './accounts';
import { desktop, newPage, setupBrowser } from './browser';
import { openTool } from './tool-runs/helpers';

const { browser } = setupBrowser();

async function registerInDialog(page: Awaited<ReturnType<typeof newPage>>, email: string): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Register' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('Password', { exact: true }).fill('a long passphrase');
  await dialog.getByLabel('Confirm Password').fill('a long passphrase');
  await dialog.getByRole('button', { name: 'Register' }).click();
  await expect.poll(() => pathOf(page), { timeout: 20_000 }).toBe('/subscribe');
}

describe('verifying the email', () => {
  it('AUTH-18, TOOL-48: the link opened in the browser that registered signs in and offers the way back', async () => {
    const page = await newPage(browser(), desktop);
    await openTool(page, 'text-to-image');
    await page.getByLabel('Prompt', { exact: true }).fill('a red fox');
    const email = uniqueEmail('claim');
    await registerInDialog(page, email);
    await page.goto(await mailedPath(email, 'Verify'));
    await expect.poll(() => page.getByText('You are signed in.').isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => balanceShown(page), { timeout: 20_000 }).toBe(true);
    const back = page.getByRole('link', { name: 'Back to Text to Image — your prompt is kept' });
    await expect.poll(() => back.isVisible()).toBe(true);
    await back.click();
    await expect
      .poll(() => page.getByLabel('Prompt', { exact: true }).inputValue(), { timeout: 20_000 })
      .toBe('a red fox');
  });

  it('AUTH-18: opened in another browser, the link verifies and says why it did not sign in', async () => {
    const registering = await newPage(browser(), desktop);
    await registering.goto('/');
    const email = uniqueEmail('elsewhere');
    await registerInDialog(registering, email);
    const link = await mailedPath(email, 'Verify');
    await registering.close();

    const other = await newPage(browser(), desktop);
    await other.goto(link);
    await expect
      .poll(() => other.getByRole('heading', { name: 'Email Verified Successfully!' }).isVisible(), { timeout: 20_000 })
      .toBe(true);
    expect(
      await other
        .getByText('Sign in to continue — this link was opened in a different browser than the one you registered in.')
        .isVisible(),
    ).toBe(true);
    expect(await balanceShown(other)).toBe(false);
  });
});
