/**
 * What a path checks in each state it reaches: the sights the machine file gives the state and its
 * ancestors (`meta.sees`, src/flows/shared/meta.ts). Literal sights are checked here, the same for
 * every machine; a named kind by the adapter's checker for that kind, which may read what the path
 * made the server answer. A state a path reaches with no sight on its way up fails the path.
 */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { activeNodes, sightText, sightsOf, type FactsNode, type Sight } from '../../src/flows/shared/meta';
import { CheckFailed } from './failure';
import type { PathContext, StateCheck } from './harness';

interface Node extends FactsNode {
  readonly path: readonly string[];
}

/** The leaf state paths of a snapshot, dot-joined ('mobile.open'). */
export function leafPaths(snapshot: AnyMachineSnapshot): string[] {
  const out: string[] = [];
  const walk = (value: unknown, prefix: string) => {
    if (typeof value === 'string') out.push(prefix ? `${prefix}.${value}` : value);
    else if (value && typeof value === 'object') {
      const entries = Object.entries(value as Record<string, unknown>);
      if (entries.length === 0) out.push(prefix);
      for (const [k, v] of entries) walk(v, prefix ? `${prefix}.${k}` : k);
    }
  };
  walk(snapshot.value, '');
  return out;
}

/** The check of a leaf in an adapter that still keeps checks by state path: its own, else its nearest ancestor's. */
export function checkFor(states: Record<string, StateCheck>, leaf: string): StateCheck | undefined {
  for (let p = leaf; p; p = p.includes('.') ? p.slice(0, p.lastIndexOf('.')) : '') {
    const check = states[p];
    if (check) return check;
  }
  return undefined;
}

/** The active leaves of a snapshot, each with the sights of its state and its ancestors (outermost first). */
export function sightsAt(snapshot: AnyMachineSnapshot): Array<{ leaf: string; sights: Sight[] }> {
  const nodes = activeNodes(snapshot.machine.root as unknown as Node, snapshot.value) as Node[];
  const leaves = nodes.filter((n) => !Object.values(n.states ?? {}).some((c) => nodes.includes(c as Node)));
  return leaves.map((leaf) => {
    const chain: Node[] = [];
    for (let n: Node | undefined = leaf; n; n = n.parent as Node | undefined) chain.unshift(n);
    return { leaf: leaf.path.join('.'), sights: chain.flatMap((n) => [...sightsOf(n)]) };
  });
}

/**
 * What the page shows of a role sight: 'visible' (with ' and enabled' / ' and disabled' when the sight
 * asks for a state) when a visible element of the locator's matches is in that state (a page form and a
 * dialog's may both match), else what it shows instead, for the report's Received line.
 */
async function roleSeen(page: Page, sight: Extract<Sight, { role: string }>): Promise<string> {
  const all = await page
    .getByRole(sight.role as Parameters<Page['getByRole']>[0], { name: sight.name, exact: true })
    .all();
  if (all.length === 0) return 'not on the page';
  let visible = 0;
  for (const element of all) {
    if (!(await element.isVisible())) continue;
    visible++;
    if (sight.state === 'disabled' && !(await element.isDisabled())) continue;
    if (sight.state === 'enabled' && !(await element.isEnabled())) continue;
    return sight.state ? `visible and ${sight.state}` : 'visible';
  }
  if (visible === 0) return `on the page but hidden (${all.length} match${all.length === 1 ? '' : 'es'})`;
  return `visible but ${sight.state === 'disabled' ? 'enabled' : 'disabled'}`;
}

/** What the page shows of a text sight: 'visible', or where it is instead. */
async function textSeen(page: Page, text: string): Promise<string> {
  const found = page.getByText(text);
  if ((await found.count()) === 0) return 'not on the page';
  return (await found.first().isVisible()) ? 'visible' : 'on the page but hidden';
}

/**
 * Whether an element shows, for an expect.poll: 'visible', else what the page has instead, with the
 * element's locator (the report's Received: "not on the page: getByLabel('Credit balance: 5 credits')").
 */
export async function visibility(locator: Locator): Promise<string> {
  if (await locator.isVisible()) return 'visible';
  return `${(await locator.count()) === 0 ? 'not on the page' : 'on the page but hidden'}: ${locator.toString()}`;
}

/**
 * What a field shows for an expect.poll: its value, or, once it has been waited for as long as
 * Playwright's own inputValue waits (30 s), that there is no such field (the report's Received, where
 * inputValue's timeout said only "Timeout 30000ms exceeded").
 */
export async function fieldValue(field: Locator): Promise<string> {
  const there = await field
    .first()
    .waitFor({ state: 'attached', timeout: 30_000 })
    .then(
      () => true,
      () => false,
    );
  return there ? field.inputValue() : '(no such field on the page)';
}

/** Checks one sight on the page; resolves to what was seen. */
export async function checkSight(
  ctx: PathContext,
  sight: Sight,
  kinds: Readonly<Record<string, StateCheck>>,
): Promise<string> {
  const { page, server } = ctx;
  if ('kind' in sight) {
    const check = kinds[sight.kind];
    if (!check) throw new Error(`No checker for the kind of sight '${sight.kind}' (${sight.says})`);
    return check(ctx);
  }
  if ('role' in sight)
    await expect.poll(() => roleSeen(page, sight)).toBe(sight.state ? `visible and ${sight.state}` : 'visible');
  else if ('text' in sight) await expect.poll(() => textSeen(page, sight.text)).toBe('visible');
  else if ('address' in sight) await expect.poll(() => new URL(page.url()).pathname).toBe(sight.address);
  else {
    const [method, pathname] = sight.request.split(' ') as [string, string];
    await expect.poll(() => (server.holds(method, pathname) ? 'asked for' : 'not asked for')).toBe('asked for');
  }
  return sightText(sight);
}

/** Checks every sight of the state a step leads to; resolves to one line per leaf. */
export async function checkState(ctx: PathContext, kinds: Readonly<Record<string, StateCheck>>): Promise<string[]> {
  const lines: string[] = [];
  for (const { leaf, sights } of sightsAt(ctx.state)) {
    if (sights.length === 0) throw new Error(`No sight for state ${leaf} (its meta.sees, or an ancestor's)`);
    const seen: string[] = [];
    for (const sight of sights)
      try {
        seen.push(await checkSight(ctx, sight, kinds));
      } catch (error) {
        // The report's top names the check that failed, with what it expected and what the page showed.
        throw new CheckFailed(`${leaf}: ${sightText(sight)}`, error);
      }
    lines.push(`${leaf}: ${seen.join('; ')}`);
  }
  return lines;
}
