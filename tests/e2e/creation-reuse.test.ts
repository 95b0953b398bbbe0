/**
 * A creation's page against the real server and its offline provider: "Use these settings" on an
 * image-to-image creation opens Image to Image with the same prompt, width, height and picture
 * (CREATIONS-13); Share on a text-to-image creation makes a link that a fresh browser (no token) opens,
 * and after Stop sharing the link answers 404 (SHARE-4, SHARE-6, SHARE-3).
 */
import { describe, expect, it } from 'vitest';
import { toolByKey, type ToolKey } from '../../src/catalog/tools';
import { api, balance } from './accounts';
import { violations, violationsAtBothWidths } from './a11y';
import { desktop, phone, screenshot, setupBrowser } from './browser';
import { cost, expectBalance, fundedUser, photo } from './tool-runs/helpers';

const { browser } = setupBrowser();

/** One finished run of a single-call image tool, made through the API: its creation's id. */
async function madeCreation(token: string, key: ToolKey, input: Record<string, unknown>): Promise<string> {
  const tool = toolByKey(key);
  const made = await api('/api/generate/image', {
    token,
    body: { provider: tool.provider, modelId: tool.id, cost: tool.cost, input },
  });
  expect(made.status).toBe(200);
  const listed = await api<{ items: Array<{ id: string; tool: string }> }>('/api/creations?limit=1', { token });
  expect(listed.body.items[0]?.tool).toBe(key);
  return listed.body.items[0]!.id;
}

describe("a creation's page", () => {
  it('CREATIONS-13: Use these settings on an image-to-image creation opens the tool with its prompt, width, height and picture', async () => {
    const { page } = await fundedUser(browser, 'reuse');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const dataUrl = `data:image/png;base64,${(await photo()).toString('base64')}`;
    const uploaded = await api<{ url: string }>('/api/upload', { token, body: { image: dataUrl } });
    expect(uploaded.status).toBe(201);
    const id = await madeCreation(token, 'image-to-image', {
      prompt: 'as a watercolour',
      image: uploaded.body.url,
      width: 640,
      height: 480,
    });

    await page.goto(`/creations/${id}`);
    const reuse = page.getByRole('link', { name: 'Use these settings' });
    await expect.poll(() => reuse.isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'creation-page-desktop');
    await page.setViewportSize(phone);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'creation-page-phone');
    await page.setViewportSize(desktop);

    await reuse.click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(toolByKey('image-to-image').path);
    // The page reads the creation and drops the query.
    await expect.poll(() => new URL(page.url()).search, { timeout: 20_000 }).toBe('');
    const prompt = page.getByLabel('Prompt', { exact: true });
    await expect.poll(() => prompt.inputValue()).toBe('as a watercolour');
    expect(await page.getByLabel('Width').inputValue()).toBe('640');
    expect(await page.getByLabel('Height').inputValue()).toBe('480');
    const preview = page.getByAltText('Image preview');
    await expect.poll(() => preview.getAttribute('src')).toContain(uploaded.body.url.replace(/\?.*$/, ''));
    await expect
      .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth === 320))
      .toBe(true);
    // The same settings run again from the form (the picture is read by its address, not uploaded again).
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect
      .poll(() => page.getByAltText('Generated image', { exact: true }).isVisible(), { timeout: 60_000 })
      .toBe(true);

    // CREATIONS-14: New seed runs the same settings at once, charged once more.
    await page.goto(`/creations/${id}`);
    await expect.poll(() => page.getByRole('link', { name: 'New seed' }).isVisible(), { timeout: 20_000 }).toBe(true);
    const before = await balance(page);
    await page.getByRole('link', { name: 'New seed' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(toolByKey('image-to-image').path);
    await expectBalance(page, before - cost('image-to-image'));
    await expect
      .poll(() => page.getByAltText('Generated image', { exact: true }).isVisible(), { timeout: 60_000 })
      .toBe(true);
    await expect.poll(() => prompt.inputValue()).toBe('as a watercolour');
  }, 240_000);

  it('SHARE-4, SHARE-6: Share makes a link a fresh browser opens; after Stop sharing it answers 404', async () => {
    const { page } = await fundedUser(browser, 'share');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const id = await madeCreation(token, 'text-to-image', {
      prompt: 'a lighthouse at dusk',
      width: 1024,
      height: 1024,
      aspect_ratio: '1:1',
    });
    await page.goto(`/creations/${id}`);
    const share = page.getByRole('region', { name: 'Share' });
    await expect.poll(() => share.isVisible(), { timeout: 20_000 }).toBe(true);
    // CREATIONS-5: the settings the person chose under human names; the model's own under Advanced.
    const about = page.locator('article');
    expect(await about.locator('dt').allTextContents()).toEqual(expect.arrayContaining(['Size', 'Aspect ratio']));
    expect(await about.textContent()).not.toMatch(/Scheduler|Num inference steps|Steps|Guidance/);
    await page.getByRole('button', { name: 'Advanced' }).click();
    const advanced = await about.locator('dt').allTextContents();
    expect(advanced).toEqual(expect.arrayContaining(['Steps', 'Guidance', 'Scheduler', 'Seed']));
    expect(advanced).not.toContain('Num inference steps');
    expect(await page.getByRole('link', { name: `New seed · ${cost('text-to-image')} credits` }).isVisible()).toBe(
      true,
    );
    expect(await violationsAtBothWidths(page, 'creation-settings')).toEqual({ desktop: [], phone: [] });
    await share.getByRole('button', { name: 'Share', exact: true }).click();
    const field = share.getByRole('textbox', { name: 'Public link' });
    await expect.poll(() => field.inputValue().catch(() => ''), { timeout: 20_000 }).toMatch(/\/share\/[\w-]+$/);
    const link = await field.inputValue();
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'creation-shared-desktop');

    // A visitor: a fresh browser context, no token.
    const visitor = await browser().newContext();
    try {
      const open = await visitor.newPage();
      const answer = await open.goto(link);
      expect(answer?.status()).toBe(200);
      await expect.poll(() => open.getByText('a lighthouse at dusk').first().isVisible()).toBe(true);
      const output = open.locator('img').first();
      await expect
        .poll(() => output.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
      // The share page (written whole by the server) is in the app's look: its mark and name linking home, the
      // background, text colour and font a visitor's app page has.
      expect(await open.getByRole('link', { name: 'Atelier', exact: true }).getAttribute('href')).toBe('/');
      const look = (p: typeof open) =>
        p.evaluate(() => {
          const body = getComputedStyle(document.body);
          return [body.backgroundColor, body.color, body.fontFamily];
        });
      const shared = await look(open);
      const app = await visitor.newPage();
      await app.goto(new URL('/', link).href);
      await expect.poll(() => look(app)).toEqual(shared);
      await app.close();
      // It passes axe at 1280 and 390 px.
      expect(await violationsAtBothWidths(open, 'share-page')).toEqual({ desktop: [], phone: [] });

      await share.getByRole('button', { name: 'Stop sharing' }).click();
      const dialog = page.getByRole('dialog', { name: 'Stop sharing' });
      await dialog.getByRole('button', { name: 'Stop sharing' }).click();
      await expect.poll(() => share.getByRole('button', { name: 'Share', exact: true }).isVisible()).toBe(true);
      expect((await open.goto(link))?.status()).toBe(404);
    } finally {
      await visitor.close();
    }
  }, 240_000);
});
