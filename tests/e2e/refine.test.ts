/**
 * Upscale 2× and Vary against the real server and its offline provider (REFINE-1 to REFINE-5): on a Text to Image
 * result, Upscale 2× makes a creation twice the width and height, charged as Restore Image and linked to its
 * source; Vary (strong) on the creation's page makes a different picture of the same size, charged as Image to
 * Image; with too few credits each is refused before anything is charged; another account can neither refine
 * nor read these creations (404, nothing charged).
 */
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { api, balance, signedInPage, verifiedAccount, loginToken } from './accounts';
import { violationsAtBothWidths } from './a11y';
import { baseUrl, desktop, phone, setupBrowser } from './browser';
import { cost, expectBalance, fundedUser, loadedImage, openTool, otherUserToken } from './tool-runs/helpers';
import { toolByKey } from '../../src/catalog/tools';

const { browser } = setupBrowser();

type Detail = { id: string; status: string; output: string | null; source: { id: string; label: string } | null };

const refineGroup = (page: Page) => page.getByRole('group', { name: 'Upscale and Vary' });
const tokenOf = async (page: Page) => (await page.evaluate(() => localStorage.getItem('token')))!;

/** The creation once it has ended (the page's own re-reads are not waited for: the API is read directly). */
async function finished(token: string, id: string): Promise<Detail> {
  let detail: Detail | undefined;
  await expect
    .poll(
      async () => {
        detail = (await api<Detail>(`/api/creations/${id}`, { token })).body;
        return detail.status;
      },
      { timeout: 120_000 },
    )
    .toBe('succeeded');
  return detail!;
}

/** A creation's picture: its bytes and size, read with its owner's token. */
async function pictureOf(token: string, output: string) {
  const res = await fetch(new URL(output, baseUrl()), { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const bytes = Buffer.from(await res.arrayBuffer());
  const { width, height } = await sharp(bytes).metadata();
  return { bytes, width, height };
}

/** The id of the new run the status links to ('Open it'). */
async function openedRun(page: Page): Promise<string> {
  const link = refineGroup(page).getByRole('status').getByRole('link', { name: 'Open it' });
  await expect.poll(() => link.isVisible(), { timeout: 30_000 }).toBe(true);
  const href = (await link.getAttribute('href'))!;
  return href.split('/').pop()!;
}

describe('Upscale 2× and Vary', () => {
  it('REFINE-1 to REFINE-5: on a Text to Image result, Upscale 2× doubles the size and Vary (strong) makes another picture of the same size, each charged as its tool', async () => {
    const { page } = await fundedUser(browser, 'refine');
    const token = await tokenOf(page);
    await openTool(page, 'text-to-image');
    await page.getByLabel('Prompt', { exact: true }).fill('a red lighthouse on a cliff');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    const source = await loadedImage(page, 'Generated image');

    // The result's actions: Upscale 2× with its cost (exact names: other buttons of the bar end alike).
    const upscale = refineGroup(page).getByRole('button', {
      name: `Upscale 2× · ${cost('restore-image')} credits`,
      exact: true,
    });
    await expect.poll(() => upscale.isVisible(), { timeout: 20_000 }).toBe(true);
    const before = await balance(page);
    await upscale.click();
    const upscaledId = await openedRun(page);
    await expectBalance(page, before - cost('restore-image'));
    expect(await refineGroup(page).getByRole('status').textContent()).toContain(
      'Upscale 2× started. It shows in Runs.',
    );
    expect(await violationsAtBothWidths(page, 'refine-result')).toEqual({ desktop: [], phone: [] });
    // The runs tray lists it like any run.
    await page.getByRole('button', { name: /^Runs/ }).first().click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Your runs' }).getByText('Restore Image').count(), { timeout: 20_000 })
      .toBeGreaterThan(0);

    const upscaled = await finished(token, upscaledId);
    const sourceId = upscaled.source!.id;
    expect(upscaled.source!.label).toBe('a red lighthouse on a cliff');
    const big = await pictureOf(token, upscaled.output!);
    expect({ width: big.width, height: big.height }).toEqual({ width: source.width * 2, height: source.height * 2 });

    // Its page says what it was made from, as a link.
    await page.goto(`/creations/${upscaledId}`);
    const madeFrom = page.getByRole('link', { name: 'a red lighthouse on a cliff', exact: true });
    await expect.poll(() => madeFrom.isVisible(), { timeout: 20_000 }).toBe(true);
    await madeFrom.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/creations/${sourceId}`);

    // Vary on the source's page: Subtle and Strong, each with its cost; Strong starts an Image to Image run.
    await expect.poll(() => refineGroup(page).isVisible(), { timeout: 20_000 }).toBe(true);
    await refineGroup(page).getByRole('button', { name: 'Vary', exact: true }).click();
    const strong = refineGroup(page).getByRole('button', {
      name: `Strong · ${cost('image-to-image')} credits`,
      exact: true,
    });
    await expect.poll(() => strong.isVisible()).toBe(true);
    expect(
      await refineGroup(page)
        .getByRole('button', { name: `Subtle · ${cost('image-to-image')} credits`, exact: true })
        .isVisible(),
    ).toBe(true);
    const found = await violationsAtBothWidths(page, 'refine-choice');
    expect(found).toEqual({ desktop: [], phone: [] });
    const beforeVary = await balance(page);
    await strong.click();
    const variedId = await openedRun(page);
    await expectBalance(page, beforeVary - cost('image-to-image'));
    const varied = await finished(token, variedId);
    expect(varied.source?.id).toBe(sourceId);
    const original = await pictureOf(token, (await finished(token, sourceId)).output!);
    const other = await pictureOf(token, varied.output!);
    expect({ width: other.width, height: other.height }).toEqual({ width: original.width, height: original.height });
    expect(other.bytes.equals(original.bytes)).toBe(false);

    // The credit history names each charge by its tool.
    const history = await api<{ entries: { predictionId?: string; tool?: string; delta: number }[] }>(
      '/api/users/credits/history',
      { token },
    );
    expect(history.body.entries.find((e) => e.predictionId === upscaledId)).toMatchObject({
      tool: 'Restore Image',
      delta: -cost('restore-image'),
    });
    expect(history.body.entries.find((e) => e.predictionId === variedId)).toMatchObject({
      tool: 'Image to Image',
      delta: -cost('image-to-image'),
    });

    // REFINE-4: another account can neither refine these creations nor read them, and pays nothing.
    const stranger = await otherUserToken();
    const credits = async () =>
      (await api<{ credits: number }>('/api/users/credits', { token: stranger })).body.credits;
    const owned = await credits();
    expect((await api(`/api/creations/${sourceId}/upscale`, { token: stranger, method: 'POST' })).status).toBe(404);
    expect(
      (await api(`/api/creations/${sourceId}/vary`, { token: stranger, body: { strength: 'strong' } })).status,
    ).toBe(404);
    expect((await api(`/api/creations/${upscaledId}`, { token: stranger })).status).toBe(404);
    expect((await api(`/api/creations/${variedId}`, { token: stranger })).status).toBe(404);
    expect(await credits()).toBe(owned);

    // Select mode: the chosen pictures, one run each, the total cost shown first.
    await page.goto('/creations');
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    for (const title of ['Text to Image', 'Image to Image'])
      await page.getByRole('checkbox', { name: new RegExp(`^Select ${title},`) }).check();
    const both = refineGroup(page).getByRole('button', {
      name: `Upscale 2× · ${2 * cost('restore-image')} credits`,
      exact: true,
    });
    await expect.poll(() => both.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await violationsAtBothWidths(page, 'refine-select')).toEqual({ desktop: [], phone: [] });
    const beforeBoth = await balance(page);
    await both.click();
    await expect
      .poll(() => refineGroup(page).getByRole('status').textContent(), { timeout: 30_000 })
      .toBe('2 runs started. They show in Runs.');
    await expectBalance(page, beforeBoth - 2 * cost('restore-image'));

    // Nothing scrolls sideways at 390 px.
    await page.setViewportSize(phone);
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    ).toBeLessThanOrEqual(0);
    await page.setViewportSize(desktop);
    await page.close();
  });

  it('REFINE-2: with too few credits each start is refused before anything is charged, and the page says so', async () => {
    const { email, password } = await verifiedAccount('refine-poor');
    const token = await loginToken(email, password);
    const tool = toolByKey('text-to-image');
    const make = () =>
      api<{ id: string }>('/api/generate/image', {
        token,
        body: { modelId: tool.id, input: { ...tool.defaultParams, prompt: 'a small boat', width: 256, height: 256 } },
      });
    // The free credits spent on small pictures until fewer than an Upscale costs are left.
    let made = await make();
    expect(made.status).toBe(200);
    const sourceId = made.body.id;
    const credits = async () => (await api<{ credits: number }>('/api/users/credits', { token })).body.credits;
    while ((await credits()) >= cost('restore-image')) {
      made = await make();
      expect(made.status).toBe(200);
    }
    const left = await credits();

    const page = await signedInPage(browser(), desktop, token, `/creations/${sourceId}`);
    const upscale = refineGroup(page).getByRole('button', {
      name: `Upscale 2× · ${cost('restore-image')} credits`,
      exact: true,
    });
    await expect.poll(() => upscale.isVisible(), { timeout: 20_000 }).toBe(true);
    await upscale.click();
    const alert = refineGroup(page).getByRole('alert');
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(/credits/i);
    await refineGroup(page).getByRole('button', { name: 'Vary', exact: true }).click();
    await refineGroup(page)
      .getByRole('button', { name: `Strong · ${cost('image-to-image')} credits`, exact: true })
      .click();
    await expect.poll(() => alert.textContent(), { timeout: 20_000 }).toMatch(/credits/i);
    expect(await refineGroup(page).getByRole('status').count()).toBe(0);
    expect(await credits()).toBe(left);
    const listed = await api<{ items: { tool: string }[] }>('/api/creations?limit=50', { token });
    expect(listed.body.items.every((item) => item.tool === 'text-to-image')).toBe(true);
    await page.close();
  });
});
