/**
 * Enhance prompt against the real server, offline (ENHANCE-1 to ENHANCE-4): 'a red fox' becomes a longer prompt
 * that keeps 'fox', labelled 'Offline suggestion'; Undo puts back 'a red fox'; no credit moves; past the
 * account's limit the page shows its message. Axe at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import { toolByKey } from '../../src/catalog/tools';
import { api, loginToken, signedInPage, verifiedAccount } from './accounts';
import { violationsAtBothWidths } from './a11y';
import { desktop, setupBrowser } from './browser';

const { browser } = setupBrowser();
const tool = toolByKey('text-to-image');
/** RATE_LIMIT_ENHANCE's default: 30 an hour per account. */
const LIMIT = 30;

describe('Enhance prompt', () => {
  it('ENHANCE-1..4: a longer prompt with fox, Undo back to what was typed, free, and the limit’s message', async () => {
    const { email, password } = await verifiedAccount('enhance');
    const token = await loginToken(email, password);
    const credits = async () => (await api<{ credits: number }>('/api/users/credits', { token })).body.credits;
    const before = await credits();

    const page = await signedInPage(browser(), desktop, token, tool.path);
    const field = page.getByRole('textbox', { name: 'Prompt', exact: true });
    const enhance = page.getByRole('button', { name: 'Enhance', exact: true });
    await expect.poll(() => enhance.isVisible(), { timeout: 20_000 }).toBe(true);
    await field.fill('a red fox');
    await enhance.click();
    await expect.poll(() => page.getByText('Offline suggestion', { exact: true }).isVisible()).toBe(true);
    const enhanced = await field.inputValue();
    expect(enhanced).toContain('fox');
    expect(enhanced.length).toBeGreaterThan('a red fox'.length);
    expect(await violationsAtBothWidths(page, 'enhance-suggestion')).toEqual({ desktop: [], phone: [] });
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect.poll(() => field.inputValue()).toBe('a red fox');
    expect(await credits()).toBe(before);

    // The rest of the hour's enhancements, then one more from the page: the limit's message.
    for (let i = 1; i < LIMIT; i++) {
      const answer = await api('/api/prompts/enhance', { token, body: { toolKey: tool.key, prompt: 'a red fox' } });
      expect(answer.status).toBe(200);
    }
    await enhance.click();
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .filter({ hasText: /^Too many prompt enhancements\. Please try again in \d+ minutes?\.$/ })
          .count(),
      )
      .toBe(1);
    await expect.poll(() => field.inputValue()).toBe('a red fox');
    expect(await credits()).toBe(before);
    await page.close();
  });
});
