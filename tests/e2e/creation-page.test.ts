/**
 * A creation's page against the real server and its offline provider (CREATIONS-18): titled by its prompt (its
 * heading and the document's title), Previous and Next in My creations' order, and ← / → to go there; axe at
 * both widths.
 */
import { describe, expect, it } from 'vitest';
import { toolByKey } from '../../src/catalog/tools';
import { api } from './accounts';
import { violationsAtBothWidths } from './a11y';
import { setupBrowser } from './browser';
import { fundedUser } from './tool-runs/helpers';

const { browser } = setupBrowser();

describe("a creation's page", () => {
  it('CREATIONS-18: is titled by its prompt and goes to the runs beside it by its links and the arrow keys', async () => {
    const { page } = await fundedUser(browser, 'beside');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const tool = toolByKey('text-to-image');
    const ids: string[] = [];
    for (const prompt of ['an old lighthouse', 'a red fox in the snow', 'a paper boat on a river']) {
      const made = await api('/api/generate/image', {
        token,
        body: { provider: tool.provider, modelId: tool.id, cost: tool.cost, input: { prompt } },
      });
      expect(made.status).toBe(200);
      const listed = await api<{ items: Array<{ id: string }> }>('/api/creations?limit=1', { token });
      ids.push(listed.body.items[0]!.id);
    }
    const [oldest, middle, newest] = ids as [string, string, string];

    await page.goto(`/creations/${middle}`);
    const heading = page.getByRole('heading', { level: 1 });
    await expect.poll(() => heading.textContent(), { timeout: 20_000 }).toBe('a red fox in the snow');
    await expect.poll(() => page.title()).toBe('a red fox in the snow — Atelier');
    expect(await violationsAtBothWidths(page, 'creation-page-neighbours')).toEqual({ desktop: [], phone: [] });

    // ← goes to the newer run, → to the older one; each page is titled by its own prompt.
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/creations/${newest}`);
    await expect.poll(() => heading.textContent(), { timeout: 20_000 }).toBe('a paper boat on a river');
    // The newest has no Previous: ← stays.
    await expect.poll(() => page.getByRole('link', { name: 'Next →' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '← Previous' }).count()).toBe(0);
    await page.keyboard.press('ArrowLeft');
    await page.getByRole('link', { name: 'Next →' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/creations/${middle}`);
    await expect.poll(() => heading.textContent(), { timeout: 20_000 }).toBe('a red fox in the snow');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/creations/${oldest}`);
    await expect.poll(() => page.title(), { timeout: 20_000 }).toBe('an old lighthouse — Atelier');
    // Back returns to the run before.
    await page.goBack();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/creations/${middle}`);
  });

  it('TOOL-46: a sound plays in the themed player: its waveform is a slider the keys move; axe at both widths', async () => {
    const { page } = await fundedUser(browser, 'player');
    const token = (await page.evaluate(() => localStorage.getItem('token')))!;
    const started = await api<{ id: string }>('/api/generate', {
      token,
      body: { modelId: toolByKey('audioldm').id, input: { prompt: 'soft rain on a roof', duration: 10 } },
    });
    expect(started.status).toBe(201);
    const { id } = started.body;
    await expect
      .poll(async () => (await api<{ status: string }>(`/api/creations/${id}`, { token })).body.status, {
        timeout: 120_000,
      })
      .toBe('succeeded');

    await page.goto(`/creations/${id}`);
    const player = page.getByRole('group', { name: 'Sound Generation' });
    await expect.poll(() => player.isVisible(), { timeout: 20_000 }).toBe(true);
    // The browser's own controls are not shown; the length is read from the file.
    expect(await player.locator('audio').getAttribute('controls')).toBeNull();
    const slider = player.getByRole('slider', { name: 'Seek Sound Generation' });
    await expect.poll(() => slider.getAttribute('aria-valuemax'), { timeout: 20_000 }).toBe('10');
    // The waveform is drawn from the decoded sound: its bars differ in height (flat bars until then).
    await expect
      .poll(
        async () =>
          new Set(await slider.locator('rect').evaluateAll((bars) => bars.map((b) => b.getAttribute('height')))).size,
        {
          timeout: 20_000,
        },
      )
      .toBeGreaterThan(1);
    await slider.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => slider.getAttribute('aria-valuetext')).toBe('0:05 of 0:10');
    // The arrow moved the sound, not the page (the slider keeps its keys).
    expect(new URL(page.url()).pathname).toBe(`/creations/${id}`);
    await player.getByRole('button', { name: 'Play' }).click();
    await expect.poll(() => player.getByRole('button', { name: 'Pause' }).isVisible()).toBe(true);
    await player.getByRole('button', { name: 'Pause' }).click();
    expect(await violationsAtBothWidths(page, 'creation-page-audio')).toEqual({ desktop: [], phone: [] });
  }, 200_000);
});
