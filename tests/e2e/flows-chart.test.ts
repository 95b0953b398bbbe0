/**
 * The flows chart follows and leaves room to read, measured in Chromium at 1280×800: the canvas is at least
 * 900 px wide (the creators' sidebar folds away on /flows); stepping toolRun from idle to working to its
 * result keeps the active state's box inside the canvas with its name drawn at 11 px at least; both fits
 * keep every state name at 11 px at least; a compound state's fold control changes the states drawn and the
 * address, and a reload keeps it; its focus control dims the rest; the inputs line unfolds into loops; and
 * axe finds nothing at 1280 and 390 px.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { violationsAtBothWidths } from './a11y';
import { desktop, newPage, screenshot, setupBrowser } from './browser';

const { browser } = setupBrowser();

const MIN_NAME_PX = 11;
const MIN_CANVAS_PX = 900;

async function openChart(page: Page, path: string, name: string): Promise<Locator> {
  await page.goto(path);
  const chart = page.getByRole('img', { name: new RegExp(`^Statechart of ${name}\\b`) });
  await expect.poll(() => chart.isVisible(), { timeout: 20_000 }).toBe(true);
  await still(page);
  return chart;
}

/** Waits until the view stops moving (a fit or a follow glides for a moment). */
async function still(page: Page) {
  let last = '';
  await expect
    .poll(async () => {
      const now = await page.evaluate(
        () => document.querySelector('svg[role="img"] > g')?.getAttribute('transform') ?? '',
      );
      const same = now === last && now !== '';
      last = now;
      return same;
    })
    .toBe(true);
}

interface Sight {
  ids: string[];
  inside: boolean;
  namePx: number;
}

/** The innermost drawn active states: whether their boxes lie inside the canvas, and their names' size. */
function activeSight(page: Page): Promise<Sight> {
  return page.evaluate(() => {
    const svg = document.querySelector('svg[role="img"]')!;
    const canvas = svg.getBoundingClientRect();
    const groups = [...svg.querySelectorAll('g[data-state][data-active="true"]')].filter(
      (g) => g.querySelector(':scope > rect') !== null,
    );
    const ids = groups.map((g) => g.getAttribute('data-state')!);
    const innermost = groups.filter((g) => !ids.some((id) => id.startsWith(`${g.getAttribute('data-state')}.`)));
    const inside = innermost.every((g) => {
      const r = g.querySelector(':scope > rect')!.getBoundingClientRect();
      return r.left >= canvas.left && r.top >= canvas.top && r.right <= canvas.right && r.bottom <= canvas.bottom;
    });
    const sizes = innermost.map((g) => {
      const name = g.querySelector(':scope > text[data-name]') as SVGTextElement;
      return Number(name.getAttribute('font-size')) * name.getCTM()!.a;
    });
    return { ids: innermost.map((g) => g.getAttribute('data-state')!), inside, namePx: Math.min(...sizes) };
  });
}

/** The smallest state name on the chart, in screen pixels (its font size times the zoom). */
function smallestName(page: Page): Promise<number> {
  return page.evaluate(() =>
    Math.min(
      ...[...document.querySelectorAll('svg[role="img"] text[data-name]')].map(
        (t) => Number(t.getAttribute('font-size')) * (t as SVGTextElement).getCTM()!.a,
      ),
    ),
  );
}

const drawnStates = (chart: Locator) =>
  chart.evaluate((svg) =>
    [...svg.querySelectorAll('g[data-state]')]
      .filter((g) => g.querySelector(':scope > rect'))
      .map((g) => g.getAttribute('data-state'))
      .join(','),
  );

describe('flows chart at 1280×800', () => {
  it('NAV-10: uses the width, follows toolRun from idle to working to its result, and fits readable', async () => {
    const page = await newPage(browser(), desktop);
    const chart = await openChart(page, '/flows/toolRun', 'toolRun');
    expect(await page.getByRole('complementary', { name: 'Sidebar' }).isVisible()).toBe(false);
    const width = await chart.evaluate((svg) => svg.getBoundingClientRect().width);
    expect(width).toBeGreaterThanOrEqual(MIN_CANVAS_PX);

    const current = page.getByTestId('current-state');
    await expect.poll(() => current.textContent()).toBe('form.idle');
    const seen: Sight[] = [await activeSight(page)];
    await page.getByRole('button', { name: 'tool.prompt', exact: true }).click();
    await page.getByRole('button', { name: 'tool.generate', exact: true }).click();
    await expect.poll(() => current.textContent()).toBe('working.single');
    await still(page);
    seen.push(await activeSight(page));
    await page.getByRole('button', { name: 'done syncRequest' }).click();
    await expect.poll(() => current.textContent()).toBe('result');
    await still(page);
    seen.push(await activeSight(page));
    expect(seen.map((s) => s.ids.at(-1))).toEqual([
      expect.stringMatching(/^toolRun\.form/),
      expect.stringMatching(/^toolRun\.working/),
      'toolRun.result',
    ]);
    for (const s of seen) {
      expect(s.inside, `${s.ids.join(',')} inside the canvas`).toBe(true);
      expect(s.namePx, `${s.ids.join(',')} name size`).toBeGreaterThanOrEqual(MIN_NAME_PX - 0.01);
    }
    await screenshot(page, 'flows-chart-toolrun-result');

    // Zoomed out below readable by hand, the next step brings the zoom back to readable names.
    for (let i = 0; i < 4; i++) await page.getByRole('button', { name: 'Zoom out' }).click();
    expect(await smallestName(page)).toBeLessThan(MIN_NAME_PX);
    await page.getByRole('button', { name: /^Back to step 2/ }).click();
    await expect.poll(() => current.textContent()).toBe('working.single');
    await still(page);
    const back = await activeSight(page);
    expect(back.inside).toBe(true);
    expect(back.namePx).toBeGreaterThanOrEqual(MIN_NAME_PX - 0.01);

    // Both fits keep every name readable.
    await page.getByRole('button', { name: 'Fit whole chart' }).click();
    await still(page);
    expect(await smallestName(page)).toBeGreaterThanOrEqual(MIN_NAME_PX - 0.01);
    await page.getByRole('button', { name: 'Fit happy path' }).click();
    await still(page);
    expect(await smallestName(page)).toBeGreaterThanOrEqual(MIN_NAME_PX - 0.01);
    // (Wider than the canvas at a readable zoom, the path is fitted from its start.)
    const startInside = await chart.evaluate((svg) => {
      const c = svg.getBoundingClientRect();
      const r = svg.querySelector('g[data-state="toolRun.form.idle"] > rect')!.getBoundingClientRect();
      return r.left >= c.left && r.right <= c.right && r.top >= c.top && r.bottom <= c.bottom;
    });
    expect(startInside).toBe(true);

    // The form's inputs are one line; a click draws them as loops, another folds them back.
    const inputs = page.getByRole('button', { name: /^Show the \d+ inputs handled in form$/ });
    const parts = () => chart.locator('g[data-edge]').count();
    const before = await parts();
    const n = Number((await inputs.getAttribute('aria-label'))!.match(/\d+/)![0]);
    expect(n).toBeGreaterThanOrEqual(2);
    await inputs.click();
    await expect.poll(parts).toBe(before + n);
    await page.getByRole('button', { name: /^Hide the \d+ inputs handled in form$/ }).click();
    await expect.poll(parts).toBe(before);
    await page.context().close();
  }, 120_000);

  it('folds and focuses a compound state, kept in the address through a reload', async () => {
    const page = await newPage(browser(), desktop);
    const chart = await openChart(page, '/flows/toolRun', 'toolRun');
    // working opens folded (its states are rows): unfolding it draws them, and the address says so.
    const working = chart.locator('g[data-state="toolRun.working"]');
    expect(await working.getAttribute('data-folded')).toBe('true');
    const drawn = await drawnStates(chart);
    expect(drawn).not.toContain('toolRun.working.single');
    await page.getByRole('button', { name: 'Unfold working', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/fold=/);
    expect(decodeURIComponent(page.url())).not.toMatch(/fold=[^&]*working/);
    await expect.poll(() => working.getAttribute('data-folded')).toBe(null);
    const unfolded = await drawnStates(chart);
    expect(unfolded).toContain('toolRun.working.single');
    // And folding it again closes it.
    await page.getByRole('button', { name: 'Fold working', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => working.getAttribute('data-folded')).toBe('true');
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/fold=[^&]*working/);
    await page.getByRole('button', { name: 'Unfold working', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => drawnStates(chart)).toBe(unfolded);

    // Focus on the form: it and its neighbours stay, the rest is dimmed (its opacity lowered).
    await page.getByRole('button', { name: 'Focus on form', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => decodeURIComponent(page.url())).toMatch(/focus=form(&|$)/);
    const opacity = (id: string) =>
      chart
        .locator(`g[data-state="${id}"]`)
        .first()
        .evaluate((g) => Number(getComputedStyle(g).opacity));
    await expect.poll(() => chart.locator('g[data-state][data-dim]').count()).toBeGreaterThan(0);
    expect(await opacity('toolRun.form')).toBe(1);
    const dimmed = await chart.locator('g[data-state][data-dim]').first().getAttribute('data-state');
    expect(await opacity(dimmed!)).toBeLessThan(1);
    expect(await page.getByRole('button', { name: 'Stop focusing on form' }).getAttribute('aria-pressed')).toBe('true');

    // A reload draws the same view.
    await page.reload();
    const again = page.getByRole('img', { name: /^Statechart of toolRun\b/ });
    await expect.poll(() => again.isVisible(), { timeout: 20_000 }).toBe(true);
    await expect.poll(() => drawnStates(again)).toBe(unfolded);
    expect(await again.locator('g[data-state="toolRun.working"]').getAttribute('data-folded')).toBe(null);
    expect(await again.locator('g[data-state][data-dim]').count()).toBeGreaterThan(0);

    // Unfolding session's folded state changes the states drawn too.
    const session = await openChart(page, '/flows/session', 'session');
    const closed = await drawnStates(session);
    await page.getByRole('button', { name: 'Unfold signedOut', exact: true }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => drawnStates(session)).not.toBe(closed);
    await page.context().close();
  }, 120_000);

  it('passes axe at 1280 and 390 px', async () => {
    const page = await newPage(browser(), desktop);
    await openChart(page, '/flows/toolRun?focus=form', 'toolRun');
    expect(await violationsAtBothWidths(page, 'flows-chart-toolrun')).toEqual({ desktop: [], phone: [] });
    await page.goto('/flows');
    await expect.poll(() => page.getByRole('heading', { name: 'Machines' }).isVisible()).toBe(true);
    expect(await violationsAtBothWidths(page, 'flows-list')).toEqual({ desktop: [], phone: [] });
    await page.context().close();
  }, 300_000);
});
