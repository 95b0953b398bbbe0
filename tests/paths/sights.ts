/**
 * What a path checks in each state it reaches: the sights the machine file gives the state and its
 * ancestors (`meta.sees`, src/flows/shared/meta.ts). Literal sights are checked here, the same for
 * every machine; a named kind by the adapter's checker for that kind, which may read what the path
 * made the server answer. A state a path reaches with no sight on its way up fails the path.
 */
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot } from 'xstate';
import { activeNodes, sightText, sightsOf, type FactsNode, type Sight } from '../../src/flows/shared/meta';
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

/** A visible element of the locator's matches (a page form and a dialog's may both match), in the given state. */
async function someVisible(page: Page, sight: Extract<Sight, { role: string }>): Promise<boolean> {
  const all = await page
    .getByRole(sight.role as Parameters<Page['getByRole']>[0], { name: sight.name, exact: true })
    .all();
  for (const element of all) {
    if (!(await element.isVisible())) continue;
    if (sight.state === 'disabled' && !(await element.isDisabled())) continue;
    if (sight.state === 'enabled' && !(await element.isEnabled())) continue;
    return true;
  }
  return false;
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
  if ('role' in sight) await expect.poll(() => someVisible(page, sight)).toBe(true);
  else if ('text' in sight) await expect.poll(() => page.getByText(sight.text).first().isVisible()).toBe(true);
  else if ('address' in sight) await expect.poll(() => new URL(page.url()).pathname).toBe(sight.address);
  else {
    const [method, pathname] = sight.request.split(' ') as [string, string];
    await expect.poll(() => server.holds(method, pathname)).toBe(true);
  }
  return sightText(sight);
}

/** Checks every sight of the state a step leads to; resolves to one line per leaf. */
export async function checkState(ctx: PathContext, kinds: Readonly<Record<string, StateCheck>>): Promise<string[]> {
  const lines: string[] = [];
  for (const { leaf, sights } of sightsAt(ctx.state)) {
    if (sights.length === 0) throw new Error(`No sight for state ${leaf} (its meta.sees, or an ancestor's)`);
    const seen: string[] = [];
    for (const sight of sights) seen.push(await checkSight(ctx, sight, kinds));
    lines.push(`${leaf}: ${seen.join('; ')}`);
  }
  return lines;
}
