/**
 * Stars and collections against the real server and its offline provider (COLLECT-1 to COLLECT-9): three Text to
 * Image runs, one starred from its tile, two put in a new collection "Keep" from Select mode; My creations
 * filtered by starred shows one and by Keep two, each kept across a reload; the collection's page, then its
 * deletion, after which the three creations remain. Another account can neither star, collect nor read them.
 */
import { describe, expect, it } from 'vitest';
import { api, imageRun, loginToken, pathOf, signedInPage, verifiedAccount } from './accounts';
import { violations } from './a11y';
import { desktop, phone, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

const prompts = ['a lighthouse at dusk', 'a fox in the snow', 'a red kite over the hills'];

describe('Stars and collections', () => {
  it('COLLECT-1, COLLECT-4, COLLECT-5, COLLECT-7, COLLECT-9: star one, Keep two, filters kept across a reload, a deleted collection keeps its creations', async () => {
    const { email, password } = await verifiedAccount('collections');
    const token = await loginToken(email, password);
    // Three Text to Image runs (8 of the 50 free credits each), made through the real API.
    for (const prompt of prompts) await imageRun(token, prompt);
    const page = await signedInPage(browser(), desktop, token, '/creations');
    const cards = page.getByRole('list', { name: 'Creations' }).getByRole('listitem');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);

    // COLLECT-1: the fox starred from its tile.
    await page.getByRole('button', { name: 'Star: a fox in the snow' }).click();
    const starred = page.getByRole('button', { name: 'Starred: a fox in the snow' });
    await expect.poll(() => starred.getAttribute('aria-pressed')).toBe('true');

    // COLLECT-3, COLLECT-4: the lighthouse and the kite put in a new collection "Keep" from Select mode.
    await page.getByRole('button', { name: 'Select', exact: true }).click();
    await cards.filter({ hasText: 'a lighthouse at dusk' }).getByRole('checkbox').check();
    await cards.filter({ hasText: 'a red kite over the hills' }).getByRole('checkbox').check();
    await page.getByRole('toolbar', { name: 'Selection' }).getByRole('button', { name: 'Add to collection…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add to collection' });
    await dialog.getByRole('textbox', { name: 'New collection' }).fill('Keep');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect.poll(() => dialog.getByRole('checkbox', { name: 'Keep' }).isChecked()).toBe(true);
    expect(await violations(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add', exact: true }).click();
    await expect.poll(() => page.getByRole('status').filter({ hasText: '2 creations added to Keep' }).count()).toBe(1);
    await page.getByRole('button', { name: 'Done' }).click();

    // COLLECT-7: Starred (in More filters: the toolbar's row keeps its width) shows one, kept across a reload.
    const more = async () => {
      if (!(await page.getByRole('group', { name: 'More filters' }).isVisible()))
        await page.getByRole('button', { name: 'More filters' }).click();
    };
    await more();
    await page.getByRole('button', { name: 'Starred', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(new URL(page.url()).searchParams.get('starred')).toBe('1');
    await page.reload();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(1);
    expect(await cards.first().textContent()).toContain('a fox in the snow');
    expect(await page.getByRole('button', { name: 'Starred', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.getByRole('button', { name: 'Starred', exact: true }).click();
    await expect.poll(() => cards.count()).toBe(3);

    // COLLECT-7: the collection Keep shows two, kept across a reload.
    await more();
    await page.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Keep' });
    await expect.poll(() => cards.count()).toBe(2);
    const keepId = new URL(page.url()).searchParams.get('collection');
    expect(keepId).toBeTruthy();
    await page.reload();
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2);
    expect(await page.getByRole('combobox', { name: 'Collection' }).inputValue()).toBe(keepId);
    expect(await violations(page)).toEqual([]);
    await screenshot(page, 'collections-filtered-desktop');

    // COLLECT-9: the collection's own page lists its two; COLLECT-5: deleting it keeps the creations.
    await page.goto(`/creations/collections/${keepId}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('Keep');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(2);
    expect(await violations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Delete collection' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete collection' });
    await expect.poll(() => confirm.textContent()).toContain('The creations stay in My creations.');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect.poll(() => pathOf(page)).toBe('/creations');
    await expect.poll(() => cards.count(), { timeout: 20_000 }).toBe(3);
    const left = await api<{ items: unknown[] }>('/api/collections', { token });
    expect(left.body.items).toEqual([]);

    // A collection's page at a phone's width: nothing scrolls sideways.
    const again = await api<{ id: string }>('/api/collections', { token, body: { name: 'Phone' } });
    const small = await signedInPage(browser(), phone, token, `/creations/collections/${again.body.id}`);
    await expect.poll(() => small.getByRole('heading', { level: 1 }).textContent(), { timeout: 20_000 }).toBe('Phone');
    expect(await small.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    expect(await violations(small)).toEqual([]);
  });

  it("COLLECT-6: a tool page's 'Save to' puts the runs it starts in that collection", async () => {
    const { email, password } = await verifiedAccount('save-to');
    const token = await loginToken(email, password);
    const keep = await api<{ id: string }>('/api/collections', { token, body: { name: 'Keep' } });
    expect(keep.status).toBe(201);
    const page = await signedInPage(browser(), desktop, token, '/image-models/text-to-image');
    const saveTo = page.getByRole('combobox', { name: 'Save to' });
    await expect.poll(() => saveTo.isVisible(), { timeout: 20_000 }).toBe(true);
    await saveTo.selectOption({ label: 'Keep' });
    await page.getByRole('textbox', { name: 'Prompt', exact: true }).fill('a heron at dawn');
    await page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => page.getByAltText('Generated image').count(), { timeout: 30_000 }).toBe(1);
    expect(await violations(page)).toEqual([]);
    const kept = await api<{ items: Array<{ prompt: string | null }> }>(`/api/creations?collection=${keep.body.id}`, {
      token,
    });
    expect(kept.body.items.map((c) => c.prompt)).toEqual(['a heron at dawn']);
    // The choice stays for the next run of the page.
    expect(await saveTo.inputValue()).toBe(keep.body.id);
  });

  it('COLLECT-8: another account cannot star, collect or read these creations (404, nothing changed)', async () => {
    const owner = await verifiedAccount('collections-owner');
    const token = await loginToken(owner.email, owner.password);
    const mine = { id: await imageRun(token, 'mine') };
    const keep = (await api<{ id: string }>('/api/collections', { token, body: { name: 'Keep' } })).body;
    expect((await api(`/api/collections/${keep.id}/items`, { token, body: { ids: [mine.id] } })).status).toBe(200);

    const other = await verifiedAccount('collections-other');
    const theirs = await loginToken(other.email, other.password);
    const own = (await api<{ id: string }>('/api/collections', { token: theirs, body: { name: 'Theirs' } })).body;
    const ids = { ids: [mine.id] };
    expect((await api('/api/creations/star', { token: theirs, body: ids })).status).toBe(404);
    expect((await api(`/api/collections/${own.id}/items`, { token: theirs, body: ids })).status).toBe(404);
    expect((await api(`/api/collections/${keep.id}/items`, { token: theirs, body: ids })).status).toBe(404);
    expect((await api(`/api/creations?collection=${keep.id}`, { token: theirs })).status).toBe(404);
    expect((await api(`/api/creations/${mine.id}`, { token: theirs })).status).toBe(404);
    expect((await api(`/api/collections/${keep.id}`, { token: theirs, method: 'DELETE' })).status).toBe(404);

    const still = await api<{ items: Array<{ id: string; starred: boolean }> }>(
      `/api/creations?collection=${keep.id}`,
      {
        token,
      },
    );
    expect(still.body.items.map((c) => [c.id, c.starred])).toEqual([[mine.id, false]]);
    const theirList = await api<{ items: unknown[] }>(`/api/creations?collection=${own.id}`, { token: theirs });
    expect(theirList.body.items).toEqual([]);
  });
});
