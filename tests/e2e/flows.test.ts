import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { machines as registry } from '../../src/flows';
import { sessionAt } from '../flows/models/session.model';
import { allStates, toFlowGraph } from '../../tools/flows/graph';
import { desktop, newPage, phone, screenshot, setupBrowser } from './browser';
import { root } from './server-process';
import { BUNDLED_COVERAGE } from '../../scripts/bundled-coverage';

const { browser } = setupBrowser();

/** Every request the page makes; anything not to the app server is refused and recorded. */
async function offline(page: Page): Promise<string[]> {
  const outside: string[] = [];
  await page.context().route('**/*', (route) => {
    const { hostname } = new URL(route.request().url());
    if (hostname === 'localhost' || hostname === '127.0.0.1') return route.continue();
    outside.push(route.request().url());
    return route.abort();
  });
  return outside;
}

/** The coverage keys the chart marks `walked` or `missing`, sorted. */
const marks = (chart: Locator, state: 'walked' | 'missing') =>
  chart
    .locator(`[data-coverage="${state}"]`)
    .evaluateAll((all) => all.map((e) => e.getAttribute('data-transition')!).sort());

/** What the session chart must mark for a report listing `missing`: each drawn transition, by its key. */
function drawnMarks(missing: readonly string[]): { walked: string[]; missing: string[] } {
  const keys = toFlowGraph(registry['session']!).transitions.map((t) => t.coverageKey);
  return {
    walked: keys.filter((k) => !missing.includes(k)).sort(),
    missing: keys.filter((k) => missing.includes(k)).sort(),
  };
}

describe('flows viewer', () => {
  it('at 1280: lists the machines, draws the chosen one and makes no outside request', async () => {
    const page = await newPage(browser(), desktop);
    const outside = await offline(page);
    await page.goto('/flows');
    await expect.poll(() => page.getByRole('heading', { name: 'Flows', level: 1 }).isVisible()).toBe(true);
    const machines = page.getByRole('region', { name: 'Machines' }).getByRole('link');
    await expect.poll(() => machines.count()).toBe(Object.keys(registry).length);

    // Each registered machine renders: one node per state.
    for (const name of Object.keys(registry).filter((n) => n !== 'session')) {
      // The list, then the switcher above the chart once a machine is chosen.
      // (Listed by readable name, "Tool run" for toolRun: src/flows/groups.ts.)
      await page.locator(`a[href="/flows/${name}"]`).first().click();
      const drawn = page.getByRole('img', { name: new RegExp(`Statechart of ${name}\\b`) });
      await expect.poll(() => drawn.isVisible(), { timeout: 20_000 }).toBe(true);
      const count = allStates(toFlowGraph(registry[name]!).root).length;
      await expect.poll(() => drawn.locator('[data-state]').count()).toBe(count);
    }

    await page.locator('a[href="/flows/session"]').first().click();
    await expect.poll(() => page.url()).toMatch(/\/flows\/session$/);
    const chart = page.getByRole('img', { name: /Statechart of session/ });
    await expect.poll(() => chart.isVisible(), { timeout: 20_000 }).toBe(true);
    const sessionStates = allStates(toFlowGraph(registry['session']!).root).length;
    await expect.poll(() => chart.locator('[data-state]').count()).toBe(sessionStates);
    const active = (id: string) => chart.locator(`[data-state="${id}"]`).getAttribute('data-active');
    // From the first state to signed in: readToken finds a token, loadUser answers the user.
    const user = { id: 'u1', email: 'maker@example.com', credits: 5, subscription: null, lastPasswordChange: null };
    const token = { type: 'xstate.done.actor.readToken', output: 'tok-1' };
    const [reading, loading] = [sessionAt(), sessionAt(token)];
    const signedIn = sessionAt(token, { type: 'xstate.done.actor.loadUser', output: user });
    expect(await active(reading.id)).toBe('true');
    await page.getByLabel('Output or error of readToken (JSON)').fill('"tok-1"');
    await page.getByRole('button', { name: 'done readToken' }).click();
    await expect.poll(() => active(loading.id)).toBe('true');
    expect(await active(reading.id)).toBe('false');
    await page.getByLabel('Output or error of loadUser (JSON)').fill(JSON.stringify(user));
    await page.getByRole('button', { name: 'done loadUser' }).click();
    await expect.poll(() => active(signedIn.id)).toBe('true');
    expect(await active(signedIn.parent)).toBe('true');
    expect(await active(loading.parent)).toBe('false');

    // The coverage overlay shows the report the build bundled (copied aside by scripts/bundled-coverage.ts), when
    // there is one: exactly its missing transitions red, every other drawn one green. ('overlays a report the test
    // gives' below checks the overlay against a known report in every run.)
    const bundled = join(root, BUNDLED_COVERAGE);
    const report = existsSync(bundled)
      ? (JSON.parse(readFileSync(bundled, 'utf8')) as Record<string, { missing: string[] }>)['session']
      : undefined;
    const overlay = page.getByRole('checkbox', { name: /Coverage overlay/ });
    if (!report) {
      await expect
        .poll(() => page.getByText('No path run yet: this chart has no coverage to show.').isVisible())
        .toBe(true);
      expect(await overlay.isDisabled()).toBe(true);
    } else {
      await overlay.check();
      const expected = drawnMarks(report.missing);
      await expect.poll(() => marks(chart, 'missing')).toEqual(expected.missing);
      expect(await marks(chart, 'walked')).toEqual(expected.walked);
      await overlay.uncheck();
    }

    // A state link selects it and keeps the address shareable.
    await page.getByRole('list', { name: 'Every state' }).getByRole('link', { name: 'signedIn', exact: true }).click();
    await expect.poll(() => page.url()).toMatch(/\/flows\/session\?state=signedIn$/);
    const states = page.getByRole('region', { name: 'States' });
    await expect.poll(() => states.getByText('A signed-in user with a credit balance').isVisible()).toBe(true);
    await screenshot(page, 'flows-session-desktop');
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('overlays a report the test gives: exactly its missing transitions red, every other one green', async () => {
    // A clean clone has no coverage/flows.json to bundle, so the overlay is checked against a report of the
    // test's own as well: the page reads one from localStorage (src/features/flows/coverage.ts).
    const graph = toFlowGraph(registry['session']!);
    const keys = [...new Set(graph.transitions.map((t) => t.coverageKey))];
    const missing = keys.filter((_, i) => i % 3 === 0);
    const transitions = graph.transitions.length;
    const walked = transitions - graph.transitions.filter((t) => missing.includes(t.coverageKey)).length;
    const given = {
      session: {
        states: allStates(graph.root).length,
        transitions,
        walked,
        missing,
        percent: Math.round((walked / transitions) * 1000) / 10,
      },
    };
    const page = await newPage(browser(), desktop);
    const outside = await offline(page);
    await page.addInitScript((report) => localStorage.setItem('atelier:test-coverage', report), JSON.stringify(given));
    await page.goto('/flows/session');
    const chart = page.getByRole('img', { name: /Statechart of session/ });
    await expect.poll(() => chart.isVisible(), { timeout: 20_000 }).toBe(true);
    const overlay = page.getByRole('checkbox', {
      name: `Coverage overlay (${walked}/${transitions} walked, ${given.session.percent}%)`,
    });
    await expect.poll(() => overlay.isEnabled()).toBe(true);
    expect(await chart.locator('[data-coverage]').count()).toBe(0);
    await overlay.check();
    const expected = drawnMarks(missing);
    expect(expected.missing.length).toBeGreaterThan(0);
    expect(expected.walked.length).toBeGreaterThan(0);
    await expect.poll(() => marks(chart, 'missing')).toEqual(expected.missing);
    expect(await marks(chart, 'walked')).toEqual(expected.walked);
    expect(outside).toEqual([]);
    await page.context().close();
  });

  it('at 390: the same page fits a phone', async () => {
    const page = await newPage(browser(), phone);
    const outside = await offline(page);
    await page.goto(`/flows/session?state=${sessionAt({ type: 'xstate.done.actor.readToken', output: null }).path}`);
    const chart = page.getByRole('img', { name: /Statechart of session/ });
    await expect.poll(() => chart.isVisible(), { timeout: 20_000 }).toBe(true);
    await page.getByRole('button', { name: 'Zoom in' }).click();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(390);
    await screenshot(page, 'flows-session-phone');
    expect(outside).toEqual([]);
    await page.context().close();
  });
});
