/**
 * Prompt history and styles against the real server (PROMPT-1 to PROMPT-6): a prompt run, its creation deleted,
 * is still offered by Recent prompts (its button and ↑ in an empty field); a style 'cinematic still of {prompt}'
 * applied to 'a red fox' shows its final prompt, and the run's creation has it; another account sees none of it
 * (404 on the style); Settings › Clear prompt history forgets it. Axe at 1280 and 390 px, nothing sideways.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { toolByKey } from '../../src/catalog/tools';
import { api, loginToken, signedInPage, verifiedAccount } from './accounts';
import { violationsAtBothWidths } from './a11y';
import { desktop, phone, setupBrowser } from './browser';

const { browser } = setupBrowser();
const tool = toolByKey('text-to-image');

async function account(tag: string) {
  const { email, password } = await verifiedAccount(tag);
  return loginToken(email, password);
}

const promptField = (page: Page) => page.getByRole('textbox', { name: 'Prompt', exact: true });
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('prompt history and styles', () => {
  it('PROMPT-1, PROMPT-4, PROMPT-5: a deleted creation’s prompt is offered again; a style’s final prompt is what runs', async () => {
    const token = await account('prompts');
    // A run of 'a red fox' (it waits for its end), then its creation deleted.
    const run = await api('/api/generate/image', {
      token,
      body: { provider: tool.provider, modelId: tool.id, cost: tool.cost, input: { prompt: 'a red fox' } },
    });
    expect(run.status).toBe(200);
    const listed = await api<{ items: Array<{ id: string }> }>('/api/creations?limit=1', { token });
    const id = listed.body.items[0]!.id;
    expect((await api(`/api/creations/${id}`, { token, method: 'DELETE' })).status).toBe(200);

    const page = await signedInPage(browser(), desktop, token, tool.path);
    const recent = page.getByRole('button', { name: 'Recent prompts', exact: true });
    await expect.poll(() => recent.isVisible(), { timeout: 20_000 }).toBe(true);
    await recent.click();
    const menu = page.getByRole('dialog', { name: 'Recent prompts' });
    const fox = menu.getByRole('option', { name: 'a red fox', exact: true });
    await expect.poll(() => fox.isVisible()).toBe(true);
    await menu.getByRole('searchbox', { name: 'Search recent prompts' }).fill('whale');
    await expect.poll(() => menu.getByText('No prompts match').isVisible()).toBe(true);
    await menu.getByRole('searchbox', { name: 'Search recent prompts' }).fill('FOX');
    await expect.poll(() => fox.isVisible()).toBe(true);
    expect(await violationsAtBothWidths(page, 'prompt-history-menu')).toEqual({ desktop: [], phone: [] });
    await fox.click();
    await expect.poll(() => promptField(page).inputValue()).toBe('a red fox');
    await expect.poll(() => menu.count()).toBe(0);

    // ↑ in an empty field opens the menu too; Escape closes it.
    await promptField(page).fill('');
    await promptField(page).press('ArrowUp');
    await expect.poll(() => fox.isVisible()).toBe(true);
    await fox.press('Escape');
    await expect.poll(() => menu.count()).toBe(0);

    // Save a style, then apply it to 'a red fox': the final prompt shows, and Apply puts it in the field.
    await page.getByRole('button', { name: 'Save as style…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save as style' });
    await expect.poll(() => dialog.getByLabel('Template').inputValue()).toBe('{prompt}');
    await dialog.getByLabel('Name').fill('Cinematic');
    await dialog.getByLabel('Template').fill('cinematic still of {prompt}');
    await dialog.getByRole('button', { name: 'Save style' }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: 'Style saved' }).count()).toBe(1);
    await promptField(page).fill('a red fox');
    await page.getByRole('button', { name: 'Styles', exact: true }).click();
    await page
      .getByRole('dialog', { name: 'Styles' })
      .getByRole('option', { name: /Cinematic/ })
      .click();
    await expect
      .poll(() => page.getByText('Final prompt: cinematic still of a red fox', { exact: true }).isVisible())
      .toBe(true);
    await page.setViewportSize(phone);
    expect(await sideways(page)).toBe(0);
    await page.setViewportSize(desktop);
    expect(await violationsAtBothWidths(page, 'prompt-style-preview')).toEqual({ desktop: [], phone: [] });
    await page.getByRole('button', { name: 'Apply', exact: true }).click();
    await expect.poll(() => promptField(page).inputValue()).toBe('cinematic still of a red fox');
    await page.getByRole('button', { name: tool.page.submit, exact: true }).click();
    await expect
      .poll(
        async () =>
          (await api<{ items: Array<{ prompt: string | null; status: string }> }>('/api/creations?limit=1', { token }))
            .body.items[0],
        { timeout: 60_000 },
      )
      .toMatchObject({ prompt: 'cinematic still of a red fox', status: 'succeeded' });

    // PROMPT-6: another account sees none of it, and cannot change the style.
    const other = await account('prompts-other');
    const theirs = await api<{ prompts: unknown[] }>(`/api/prompts/history?toolKey=${tool.key}`, { token: other });
    expect(theirs.body.prompts).toEqual([]);
    const styles = await api<{ styles: Array<{ id: string }> }>('/api/prompts/styles', { token });
    const styleId = styles.body.styles[0]!.id;
    const refused = await api(`/api/prompts/styles/${styleId}`, {
      token: other,
      body: { name: 'Mine', template: '{prompt}' },
    });
    expect(refused.status).toBe(404);
    expect((await api(`/api/prompts/styles/${styleId}`, { token: other, method: 'DELETE' })).status).toBe(404);
    expect((await api<{ styles: unknown[] }>('/api/prompts/styles', { token })).body.styles).toHaveLength(1);

    // PROMPT-3: Settings › Clear prompt history, after its confirmation.
    await page.goto('/settings');
    await page.getByRole('button', { name: 'Clear prompt history' }).click();
    await page
      .getByRole('dialog', { name: 'Clear prompt history' })
      .getByRole('button', { name: 'Clear history' })
      .click();
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Prompt history cleared' }).count(), { timeout: 10_000 })
      .toBe(1);
    const after = await api<{ prompts: unknown[] }>(`/api/prompts/history?toolKey=${tool.key}`, { token });
    expect(after.body.prompts).toEqual([]);
    expect(await violationsAtBothWidths(page, 'settings-prompt-history')).toEqual({ desktop: [], phone: [] });
    await page.close();
  });
});
