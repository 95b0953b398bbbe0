/**
 * The flows viewer as a person reads it at 1280×800: every registered machine opens readable (state names
 * at least 11 px and transition labels at least 9 px high, measured on the SVG text boxes; never above
 * 100%), from its initial state on the left or top, with most transitions drawn as labelled edges and the
 * event buttons beside the chart on the first screen. Fold, focus, search and edge highlight work and a
 * link keeps them; toolRun steps from idle to a result with its example input; axe finds nothing.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { machines as registry } from '../../src/flows';
import { sessionAt } from '../flows/models/session.model';
import { initialConfiguration } from '../../tools/flows/fold';
import { toFlowGraph } from '../../tools/flows/graph';
import { readRequirements } from '../../tools/flows/requirements/requirements';
import { contrastIn, contrastThemes, violations, violationsAtBothWidths } from './a11y';
import { desktop, newPage, phone, screenshot, screenshotDir, setupBrowser } from './browser';

const { browser } = setupBrowser();

/** The search box's name. */
const SEARCH = 'Find a state, event, guard, action or rule';
const MIN_NAME_PX = 11;
const MIN_LABEL_PX = 9;
const MIN_EDGE_SHARE = 0.6;
/** Layered layout puts states of one layer a few pixels apart: "leftmost" allows that much. */
const SAME_LAYER_PX = 8;

async function openChart(page: Page, path: string, name: string) {
  await page.goto(path);
  const chart = page.getByRole('img', { name: new RegExp(`^Statechart of ${name}\\b`) });
  await expect.poll(() => chart.isVisible(), { timeout: 20_000 }).toBe(true);
  // The fit runs once the layout is drawn; wait until the zoom figure no longer moves.
  let last = '';
  await expect
    .poll(async () => {
      const now = await page.getByTestId('zoom').textContent();
      const stable = now === last;
      last = now ?? '';
      return stable;
    })
    .toBe(true);
  return chart;
}

interface Figures {
  minName: number;
  minLabel: number;
  zoom: number;
  edges: number;
  transitions: number;
  initialLeft: boolean;
  initialTop: boolean;
  chartBottom: number;
  eventsBottom: number;
  unfolded: boolean;
}

/** What the opening view draws, measured in the page. */
function measure(page: Page, initial: string, startIds: string[]): Promise<Omit<Figures, 'transitions'>> {
  return page.evaluate(
    ({ initial, startIds, slack }) => {
      const svg = document.querySelector('svg[role="img"]')!;
      const heights = (selector: string) =>
        [...svg.querySelectorAll(selector)].map((e) => e.getBoundingClientRect().height);
      const boxOf = (id: string) => svg.querySelector(`g[data-state="${id}"] > rect`)?.getBoundingClientRect();
      const start = boxOf(initial)!;
      const others = [...svg.querySelectorAll('g[data-state] > rect:first-of-type')]
        .map((r) => ({ id: r.parentElement!.getAttribute('data-state')!, box: r.getBoundingClientRect() }))
        .filter(({ id }) => id !== initial && !initial.startsWith(`${id}.`) && !id.startsWith(`${initial}.`));
      const edges = [...svg.querySelectorAll('g[data-edge]')].filter((g) => g.querySelector('text[data-label]'));
      // A state's inputs collapsed into one line ("N inputs handled here") count as drawn: a click draws them.
      const inputs = [...svg.querySelectorAll('text[data-inputs][data-shown="false"]')].reduce(
        (n, t) => n + Number(t.getAttribute('data-count')),
        0,
      );
      const zoomText = document.querySelector('[data-testid="zoom"]')!.textContent ?? '';
      const events = document.querySelector('#step-title')!.closest('section')!;
      const eventsList = [...events.querySelectorAll('h3')].find((h) => h.textContent === 'Events')!;
      const firstEvent = eventsList.nextElementSibling!;
      return {
        minName: Math.min(...heights('text[data-name]')),
        minLabel: Math.min(...heights('text[data-label]')),
        zoom: Number(zoomText.replace('%', '')),
        edges: edges.length + inputs,
        initialLeft: others.every((o) => start.left <= o.box.left + slack),
        initialTop: others.every((o) => start.top <= o.box.top + slack),
        chartBottom: svg.getBoundingClientRect().bottom,
        eventsBottom: firstEvent.getBoundingClientRect().bottom,
        unfolded: startIds.every((id) => {
          const g = svg.querySelector(`g[data-state="${id}"]`);
          return g !== null && !g.hasAttribute('data-folded') && g.querySelector(':scope > rect') !== null;
        }),
      };
    },
    { initial, startIds, slack: SAME_LAYER_PX },
  );
}

describe('flows viewer at 1280×800', () => {
  it('opens every machine readable, from its initial state, with its edges labelled and its events on screen', async () => {
    const page = await newPage(browser(), desktop);
    const figures: Record<string, Figures> = {};
    for (const [name, machine] of Object.entries(registry)) {
      const graph = toFlowGraph(machine);
      await openChart(page, `/flows/${name}`, name);
      const start = [...initialConfiguration(graph.root)].filter((id) => id !== graph.root.id);
      const measured = await measure(page, graph.root.initial!, start);
      figures[name] = { ...measured, transitions: graph.transitions.length };
    }
    mkdirSync(screenshotDir, { recursive: true });
    writeFileSync(join(screenshotDir, 'flows-viewer-figures.json'), JSON.stringify(figures, null, 1));
    for (const [name, f] of Object.entries(figures)) {
      expect(f.minName, `${name}: state names`).toBeGreaterThanOrEqual(MIN_NAME_PX);
      expect(f.minLabel, `${name}: transition labels`).toBeGreaterThanOrEqual(MIN_LABEL_PX);
      expect(f.zoom, `${name}: zoom`).toBeLessThanOrEqual(100);
      expect(f.edges / f.transitions, `${name}: transitions drawn as labelled edges`).toBeGreaterThanOrEqual(
        MIN_EDGE_SHARE,
      );
      expect(f.initialLeft || f.initialTop, `${name}: initial state leftmost or topmost`).toBe(true);
      expect(f.unfolded, `${name}: the initial state's region is unfolded`).toBe(true);
      expect(f.chartBottom, `${name}: chart on the first screen`).toBeLessThanOrEqual(desktop.height);
      expect(f.eventsBottom, `${name}: events on the first screen`).toBeLessThanOrEqual(desktop.height);
    }
    await page.context().close();
  }, 300_000);

  it('folds, focuses, finds and highlights, and a link reopens the same view', async () => {
    const page = await newPage(browser(), desktop);
    const chart = await openChart(page, '/flows/session', 'session');
    const state = (id: string) => chart.locator(`g[data-state="${id}"]`);

    // The page says what the machine says: its description, and a composite guard by its written name
    // (this is a production build, whose function names are minified).
    const description = (registry['session']!.config as { description?: string }).description!;
    expect(await page.getByText(description, { exact: true }).isVisible()).toBe(true);
    expect(await chart.textContent()).toContain('[or(isAdopting, isRefusal)]');

    // signedOut opens folded: its states are rows; a click unfolds it and the address keeps the fold.
    expect(await state('session.signedOut').getAttribute('data-folded')).toBe('true');
    // (The toggle may lie outside the opening view, which starts at the initial state: the keyboard reaches it.)
    await page.getByRole('button', { name: 'Unfold signedOut' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => page.url()).toMatch(/fold=/);
    await expect.poll(() => state('session.signedOut').getAttribute('data-folded')).toBe(null);
    // The state a visitor rests in (signed out, no token), as the machine names it.
    const visitor = sessionAt({ type: 'xstate.done.actor.readToken', output: null });
    await expect.poll(() => chart.locator(`g[data-state="${visitor.id}"] > rect`).count()).toBe(1);

    // Focus on it: its transitions in and out stay, the rest is dimmed.
    await page
      .getByRole('list', { name: 'Every state' })
      .getByRole('link', { name: visitor.path.split('.').at(-1)!, exact: true })
      .first()
      .click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`state=${visitor.path}`);
    await page.getByRole('button', { name: 'Focus on this state' }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain(`focus=${visitor.path}`);
    await expect.poll(() => chart.locator('g[data-edge][data-dim]').count()).toBeGreaterThan(0);
    const touching = chart.locator('g[data-edge]:not([data-dim])');
    expect(await touching.count()).toBeGreaterThan(0);

    // The same address in a fresh page draws the same view.
    const address = page.url();
    const again = await newPage(browser(), desktop);
    const chart2 = await openChart(again, address, 'session');
    expect(await chart2.locator('g[data-state="session.signedOut"]').getAttribute('data-folded')).toBe(null);
    expect(await chart2.locator('g[data-state="session.signedIn"]').getAttribute('data-folded')).toBe(
      await state('session.signedIn').getAttribute('data-folded'),
    );
    expect(await chart2.locator('g[data-edge][data-dim]').count()).toBe(
      await chart.locator('g[data-edge][data-dim]').count(),
    );
    expect(await chart2.locator(`g[data-state="${visitor.id}"]`).getAttribute('data-selected')).toBe('true');
    await again.context().close();

    // Search: an event finds its edges.
    await page.getByRole('searchbox', { name: SEARCH }).fill('logout');
    await expect.poll(() => chart.locator('[data-match]').count()).toBeGreaterThan(0);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /transitions/ })
        .textContent(),
    ).toMatch(/[1-9]\d* transitions/);

    // Hovering an edge's label highlights it (one drawn inside the chart's box, by the focus).
    await page.getByRole('searchbox', { name: SEARCH }).fill('');
    const shown = await chart.evaluate((svg) => {
      const box = svg.getBoundingClientRect();
      const inside = (r: DOMRect) =>
        r.left >= box.left && r.right <= box.right && r.top >= box.top && r.bottom <= box.bottom;
      const part = [...svg.querySelectorAll('g[data-edge]:not([data-dim])')].find((g) => {
        const label = g.querySelector('text[data-label]');
        return label !== null && inside(label.getBoundingClientRect());
      });
      return part?.getAttribute('data-edge') ?? null;
    });
    expect(shown).not.toBeNull();
    const edge = chart.locator(`g[data-edge="${shown}"]`);
    await edge.locator('text[data-label]').first().hover();
    await expect.poll(() => edge.getAttribute('data-lit')).toBe('true');
    await screenshot(page, 'flows-viewer-session-desktop');
    await page.context().close();
  }, 120_000);

  it('steps toolRun from idle to a result with its example input and jumps back in the log', async () => {
    const page = await newPage(browser(), desktop);
    await openChart(page, '/flows/toolRun', 'toolRun');
    const current = page.getByTestId('current-state');
    await expect.poll(() => current.textContent()).toBe('form.idle');
    // A greyed event says which guard keeps it and what that guard checks.
    const clear = page.getByRole('button', { name: 'tool.prompt.clear', exact: true });
    expect(await clear.isDisabled()).toBe(true);
    const why = page.locator('[data-blocked="tool.prompt.clear"]');
    await why.locator('xpath=ancestor::details[1]/summary').click();
    await expect.poll(() => why.isVisible()).toBe(true);
    expect(await why.textContent()).toBe('blocked by guard hasPrompt: a prompt is typed');
    expect(await clear.getAttribute('title')).toBe('blocked by guard hasPrompt: a prompt is typed');
    await page.getByRole('button', { name: 'tool.prompt', exact: true }).click();
    await expect.poll(() => clear.isEnabled()).toBe(true);
    expect(await page.locator('[data-blocked="tool.prompt.clear"]').count()).toBe(0);
    await page.getByRole('button', { name: 'tool.generate', exact: true }).click();
    await expect.poll(() => current.textContent()).toBe('working.single');
    // The invoked actor's input reads field by field.
    const input = page.locator('dl[data-fields="Input of syncRequest"]');
    expect(await input.locator('dt').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'done syncRequest' }).click();
    await expect.poll(() => current.textContent()).toBe('result');
    const log = page.getByRole('list', { name: 'Steps taken' });
    expect(await log.getByRole('listitem').allTextContents()).toEqual([
      expect.stringContaining('sent tool.prompt'),
      expect.stringContaining('sent tool.generate'),
      expect.stringContaining('syncRequest answered'),
    ]);
    await screenshot(page, 'flows-viewer-toolrun-desktop');
    await page.getByRole('button', { name: /^Back to step 2/ }).click();
    await expect.poll(() => current.textContent()).toBe('working.single');
    await page.getByRole('button', { name: 'Restart', exact: true }).click();
    await expect.poll(() => current.textContent()).toBe('form.idle');
    await page.context().close();
  }, 120_000);
});

describe('flows viewer: product rules that read', () => {
  const tool38 = readRequirements().find((r) => r.id === 'TOOL-38')!;

  it('TOOL-38 on toolRun: hovering shows its text, its page lists states, transitions and tests; "refund" finds it and what serves it', async () => {
    const page = await newPage(browser(), desktop);
    const chart = await openChart(page, '/flows/toolRun?state=form.error', 'toolRun');
    const rules = page.getByRole('list', { name: 'Product rules' });
    const chip = rules.getByRole('link', { name: 'TOOL-38', exact: true });
    await chip.hover();
    const tip = page.getByRole('tooltip');
    await expect.poll(() => tip.isVisible()).toBe(true);
    expect(await tip.textContent()).toBe(tool38.text);
    expect(await chip.getAttribute('aria-describedby')).toBe(await tip.getAttribute('id'));
    await screenshot(page, 'flows-viewer-rule-tooltip-desktop');

    // The search finds the rule by a word of its text, and the transitions that serve it on the chart.
    await page.mouse.move(0, 0);
    await page.getByRole('searchbox', { name: SEARCH }).fill('refund');
    const found = page.getByRole('list', { name: 'Rules found' });
    await expect.poll(() => found.getByRole('link', { name: 'TOOL-38', exact: true }).isVisible()).toBe(true);
    expect(
      await page
        .getByRole('status')
        .filter({ hasText: /rules, / })
        .textContent(),
    ).toMatch(/^[1-9]\d* rules, [1-9]\d* states, [1-9]\d* transitions$/);
    await expect.poll(() => chart.locator('g[data-edge][data-match]').count()).toBeGreaterThan(0);
    const matched = await chart
      .locator('g[data-edge][data-match]')
      .evaluateAll((edges) => edges.map((g) => g.getAttribute('data-edge') ?? ''));
    const intoError = toFlowGraph(registry['toolRun']!)
      .transitions.filter((t) => t.target === 'toolRun.form.error')
      .map((t) => t.id);
    expect(matched.filter((id) => intoError.includes(id)).length).toBeGreaterThan(0);
    await page.getByRole('searchbox', { name: SEARCH }).fill('TOOL-38');
    await expect.poll(() => found.getByRole('link', { name: 'TOOL-38', exact: true }).isVisible()).toBe(true);

    // Its page: the text, the state and transitions that serve it, the tests that cite it.
    await found.getByRole('link', { name: 'TOOL-38', exact: true }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/flows/rules/TOOL-38');
    await expect.poll(() => page.getByRole('heading', { name: 'Rule TOOL-38' }).isVisible()).toBe(true);
    expect(await page.getByTestId('rule-text').textContent()).toBe(tool38.text);
    const states = page.getByRole('table', { name: 'States' });
    expect(await states.getByRole('link', { name: 'form.error', exact: true }).count()).toBe(1);
    const transitions = page.getByRole('table', { name: 'Transitions' });
    expect(await transitions.getByRole('row').count()).toBeGreaterThan(2);
    expect(await transitions.textContent()).toContain('--> toolRun.form.error');
    const tests = page.getByRole('list', { name: 'Tests' });
    expect(await tests.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(await tests.textContent()).toContain('TOOL-38');
    expect(await violationsAtBothWidths(page, 'flows-viewer-rule-page')).toEqual({ desktop: [], phone: [] });

    // A state's link opens its chart with the state chosen.
    await states.getByRole('link', { name: 'form.error', exact: true }).click();
    await expect.poll(() => decodeURIComponent(page.url())).toContain('/flows/toolRun?state=form.error');
    await page.context().close();
  }, 120_000);

  it('loads coverage from a file, refuses what is not a report plainly, and passes axe at both widths', async () => {
    const page = await newPage(browser(), desktop);
    await openChart(page, '/flows/toolRun?state=form.error', 'toolRun');
    await page.getByText('Load coverage…').click();
    const file = page.getByLabel('A coverage report file (the flows.json a path run writes)');
    await file.setInputFiles({ name: 'notes.json', mimeType: 'application/json', buffer: Buffer.from('[1, 2]') });
    await expect.poll(() => page.getByRole('alert').textContent()).toMatch(/^This is not a coverage report/);
    const graph = toFlowGraph(registry['toolRun']!);
    const missing = graph.transitions.slice(0, 3).map((t) => t.coverageKey);
    const report = {
      toolRun: {
        states: 20,
        transitions: graph.transitions.length,
        walked: graph.transitions.length - 3,
        missing,
        percent: 90,
      },
    };
    await file.setInputFiles({
      name: 'flows.json',
      mimeType: 'application/json',
      buffer: Buffer.from(JSON.stringify(report)),
    });
    await expect
      .poll(() => page.getByText(/Coverage: loaded from the file flows\.json\. 1 machine\./).isVisible())
      .toBe(true);
    const overlay = page.getByRole('checkbox', { name: /^Coverage overlay/ });
    expect(await overlay.isEnabled()).toBe(true);
    expect(await page.getByText('Coverage overlay', { exact: false }).textContent()).toContain(
      `(${graph.transitions.length - 3}/${graph.transitions.length} walked, 90%)`,
    );
    expect(await violationsAtBothWidths(page, 'flows-viewer-load-coverage')).toEqual({ desktop: [], phone: [] });

    // The report's address (on this site, which the page may read): it replaces the file's.
    const origin = new URL(page.url()).origin;
    await page.route(`${origin}/test-report/flows.json`, (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({
          toolRun: { ...report.toolRun, walked: graph.transitions.length, missing: [], percent: 100 },
        }),
      }),
    );
    await page.getByLabel('Or the report’s address').fill(`${origin}/test-report/flows.json`);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await expect
      .poll(() => page.getByText('Coverage overlay', { exact: false }).textContent())
      .toContain(`(${graph.transitions.length}/${graph.transitions.length} walked, 100%)`);
    await page.route(`${origin}/test-report/missing.json`, (route) => route.fulfill({ status: 404, body: '' }));
    await page.getByLabel('Or the report’s address').fill(`${origin}/test-report/missing.json`);
    await page.getByRole('button', { name: 'Load', exact: true }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('The address answered 404: no report there.');
    await page.context().close();
  }, 120_000);
});

describe('flows viewer accessibility', () => {
  for (const [label, viewport] of [
    ['1280', desktop],
    ['390', phone],
  ] as const) {
    it(`passes axe at ${label} px, and its colour contrast in the sampled themes (all 60: npm run test:themes)`, async () => {
      const page = await newPage(browser(), viewport);
      await openChart(page, '/flows/session?state=signedOut', 'session');
      expect(await violations(page)).toEqual([]);
      expect(await contrastIn(page, contrastThemes)).toEqual([]);
      if (viewport === phone) {
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
        await screenshot(page, 'flows-viewer-session-phone');
      }
      await page.context().close();
    }, 600_000);
  }
});
