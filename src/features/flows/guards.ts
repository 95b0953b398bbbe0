/**
 * Why an event the step panel lists is greyed out: the guards of the transitions the active states would
 * take for it, each with what it checks (the machine's `guards` facts, src/flows/shared/meta.ts), else its
 * name in words.
 */
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate';
import { guardsOf } from '../../flows/shared/meta';
import { guardName } from '../../../tools/flows/graph';
import { activeNodes } from './inert';

export interface Block {
  guard: string;
  why: string;
}

/** A guard's name in words: `hasPoseImage` → 'has pose image'. */
export const humanized = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .toLowerCase();

/** What a guard checks: its description, or for and()/or()/not() those of its parts, else its name in words. */
export function guardText(name: string, described: Readonly<Record<string, string>>): string {
  const own = described[name];
  if (own) return own;
  const composite = /^(and|or|not)\((.*)\)$/.exec(name);
  if (composite) {
    const parts = composite[2]!.split(/,\s*/).map((p) => guardText(p, described));
    if (composite[1] === 'not') return `not: ${parts.join(', ')}`;
    return parts.join(composite[1] === 'and' ? ' and ' : ' or ');
  }
  return humanized(name);
}

/** The guards that keep `type` from being taken in the snapshot's active states (none: nothing guards it). */
export function blockingGuards(machine: AnyStateMachine, snapshot: AnyMachineSnapshot, type: string): Block[] {
  const described = guardsOf(machine);
  const names = new Set<string>();
  for (const node of activeNodes(snapshot) as AnyStateNode[]) {
    const transitions = (node.on as Record<string, ReadonlyArray<{ guard?: unknown }> | undefined>)[type] ?? [];
    for (const t of transitions) {
      const name = guardName(t.guard);
      if (name) names.add(name);
    }
  }
  return [...names].map((guard) => ({ guard, why: guardText(guard, described) }));
}
