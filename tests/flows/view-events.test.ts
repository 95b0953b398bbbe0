/**
 * Missing transitions found before run time: in every state of every registered machine, each
 * event the app sends that machine is handled or ignored on purpose (machines/view-events.ts).
 * The list of sent events is checked against the code of the views and their glue.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AnyStateMachine } from 'xstate';
import { machines } from '../../machines';
import { covers as coversPath, viewEvents, type ViewEvents } from '../../machines/view-events';
import { appMachine } from '../../src/app/app.machine';

interface Node {
  path: string[];
  type: string;
  parent?: Node;
  states: Record<string, Node>;
  transitions: Map<string, unknown>;
}

const nodesOf = (machine: AnyStateMachine): Node[] => {
  const out: Node[] = [];
  const walk = (n: Node) => {
    out.push(n);
    for (const c of Object.values(n.states)) walk(c);
  };
  walk(machine.root as unknown as Node);
  return out;
};
const leavesOf = (machine: AnyStateMachine) =>
  nodesOf(machine).filter((n) => n.type === 'atomic' || n.type === 'final');
const eventsOf = (machine: AnyStateMachine) => new Set(nodesOf(machine).flatMap((n) => [...n.transitions.keys()]));

/** Handled in `leaf`: a transition on it or an ancestor (a wildcard counts). */
function handles(leaf: Node, event: string): boolean {
  for (let n: Node | undefined = leaf; n; n = n.parent)
    if (n.transitions.has(event) || n.transitions.has('*')) return true;
  return false;
}

const covers = (statePath: string, leaf: Node) => coversPath(statePath, leaf.path.join('.'));

/** For each leaf state, the events sent that it neither handles nor ignores on purpose. */
export function unhandled(machine: AnyStateMachine, declared: ViewEvents): string[] {
  return leavesOf(machine).flatMap((leaf) =>
    declared.sends
      .filter((event) => !handles(leaf, event))
      .filter(
        (event) => !declared.ignored.some((i) => i.events.includes(event) && i.states.some((s) => covers(s, leaf))),
      )
      .map((event) => `${machine.id}: ${leaf.path.join('.') || '(root)'} drops ${event}`),
  );
}

/** Ignores that say nothing true: a state that does not exist, an event not sent or handled there. */
export function staleIgnores(machine: AnyStateMachine, declared: ViewEvents): string[] {
  const paths = new Set(nodesOf(machine).map((n) => n.path.join('.')));
  return declared.ignored.flatMap((i) => [
    ...i.states.filter((s) => !paths.has(s)).map((s) => `${machine.id}: no state ${s}`),
    ...i.events.filter((e) => !declared.sends.includes(e)).map((e) => `${machine.id}: ${e} is ignored but never sent`),
    ...i.states.flatMap((s) =>
      leavesOf(machine)
        .filter((leaf) => covers(s, leaf))
        .flatMap((leaf) =>
          i.events
            .filter((e) => handles(leaf, e))
            .map((e) => `${machine.id}: ${leaf.path.join('.')} handles ${e} it says it ignores`),
        ),
    ),
  ]);
}

/** Every event type the views and their glue send: `type: '…'` in files that call `.send(`. */
function sentInCode(): Map<string, string[]> {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (/\.tsx?$/.test(name)) files.push(full);
    }
  };
  walk('src/features');
  walk('src/app');
  const sent = new Map<string, string[]>();
  for (const file of files) {
    // The flows viewer sends whatever a person picks to its inert runs; it is not the app.
    if (file.startsWith(path.join('src', 'features', 'flows'))) continue;
    const code = readFileSync(file, 'utf8');
    if (!code.includes('.send(')) continue;
    for (const m of code.matchAll(/\btype:\s*([^,}\n]+)/g)) {
      for (const q of m[1]!.matchAll(/'([a-z]+(?:\.[a-zA-Z]+)+)'/g))
        sent.set(q[1]!, [...(sent.get(q[1]!) ?? []), file]);
    }
  }
  return sent;
}

describe('events the app sends: handled or ignored on purpose in every state', () => {
  it('declares every registered machine, and only those', () => {
    expect(Object.keys(viewEvents).sort()).toEqual(Object.keys(machines).sort());
  });

  it('sends only events the machine knows somewhere (no typos)', () => {
    const unknown = Object.entries(viewEvents).flatMap(([name, d]) => {
      const known = eventsOf(machines[name]!);
      return d.sends.filter((e) => !known.has(e)).map((e) => `${name}: ${e}`);
    });
    expect(unknown).toEqual([]);
  });

  it('the declared lists include every event the views and their glue send', () => {
    const declared = new Set(Object.values(viewEvents).flatMap((d) => d.sends));
    // Events for the root actor itself (src/app/app.machine.ts), which routes them on.
    const root = eventsOf(appMachine);
    const missing = [...sentInCode()]
      .filter(([e]) => !declared.has(e) && !root.has(e))
      .map(([e, f]) => `${e} (${f.join(', ')})`);
    expect(missing).toEqual([]);
    // The scan finds the sends it should (a scan that finds nothing would pass vacuously).
    expect(sentInCode().has('tool.generate')).toBe(true);
  });

  for (const [name, machine] of Object.entries(machines)) {
    it(`${name}: every state handles or ignores on purpose each event sent to it`, () => {
      const declared = viewEvents[name];
      expect(declared).toBeDefined();
      expect(unhandled(machine, declared!)).toEqual([]);
      expect(staleIgnores(machine, declared!)).toEqual([]);
    });
  }

  it('fails a machine that drops an event a view sends', () => {
    const sidebar = machines['sidebar']!;
    const withoutIgnores: ViewEvents = { sends: viewEvents['sidebar']!.sends, ignored: [] };
    expect(unhandled(sidebar, withoutIgnores)).toContain('sidebar: mobile.open drops sidebar.open');
  });
});
