/**
 * What changed between two versions of the machines, by their graphs, not their files: per machine,
 * the states and transitions added, removed and changed (kind, initial, description, sights,
 * ignores, rules, entry and exit; targets, actions, delay, re-entry). A transition is known by its
 * source, event and guard (model.ts), so a new guard is one transition removed and one added.
 * A refactor that leaves the graph alone (renamed files, reordered states, new implementations
 * of the same named actions) reports nothing.
 */
import type { GraphState, GraphTransition, MachineGraph } from './model';

export interface Change<T> {
  before: T;
  after: T;
  /** The fields that differ. */
  fields: string[];
}

export interface MachineDiff {
  machine: string;
  /** The whole machine is new or gone. */
  status: 'added' | 'removed' | 'changed';
  /** Machine-level fields that differ (description, sends, rules). */
  fields: string[];
  states: { added: GraphState[]; removed: GraphState[]; changed: Change<GraphState>[] };
  transitions: { added: GraphTransition[]; removed: GraphTransition[]; changed: Change<GraphTransition>[] };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

const STATE_FIELDS = [
  'parent',
  'kind',
  'initial',
  'description',
  'tags',
  'sees',
  'ignores',
  'rules',
  'entry',
  'exit',
  'invokes',
] as const;
const TRANSITION_FIELDS = ['targets', 'actions', 'delay', 'reenter', 'kind'] as const;

function compare<T extends { id: string }>(before: T[], after: T[], fields: readonly (keyof T & string)[]) {
  const old = new Map(before.map((x) => [x.id, x]));
  const now = new Map(after.map((x) => [x.id, x]));
  const changed: Change<T>[] = [];
  for (const [id, a] of now) {
    const b = old.get(id);
    if (!b) continue;
    const diff = fields.filter((f) => !same(a[f], b[f]));
    if (diff.length) changed.push({ before: b, after: a, fields: diff });
  }
  return {
    added: after.filter((x) => !old.has(x.id)),
    removed: before.filter((x) => !now.has(x.id)),
    changed,
  };
}

const empty = (d: MachineDiff) =>
  !d.fields.length && [d.states, d.transitions].every((x) => !x.added.length && !x.removed.length && !x.changed.length);

/** One machine's versions (either may be missing); null when nothing changed. */
export function diffGraph(before: MachineGraph | undefined, after: MachineGraph | undefined): MachineDiff | null {
  const a = after ?? { id: before!.id, description: null, sends: [], rules: [], states: [], transitions: [] };
  const b = before ?? { id: after!.id, description: null, sends: [], rules: [], states: [], transitions: [] };
  const diff: MachineDiff = {
    machine: a.id,
    status: !before ? 'added' : !after ? 'removed' : 'changed',
    fields: before && after ? (['description', 'sends', 'rules'] as const).filter((f) => !same(a[f], b[f])) : [],
    states: compare(b.states, a.states, STATE_FIELDS),
    transitions: compare(b.transitions, a.transitions, TRANSITION_FIELDS),
  };
  return diff.status === 'changed' && empty(diff) ? null : diff;
}

/** Every machine's differences, by machine id; machines that did not change are left out. */
export function diffGraphs(before: readonly MachineGraph[], after: readonly MachineGraph[]): MachineDiff[] {
  const old = new Map(before.map((g) => [g.id, g]));
  const now = new Map(after.map((g) => [g.id, g]));
  const ids = [...new Set([...old.keys(), ...now.keys()])].sort();
  return ids.flatMap((id) => diffGraph(old.get(id), now.get(id)) ?? []);
}

const targets = (t: GraphTransition) => (t.targets.length ? t.targets.join(', ') : '(stays)');
const line = (t: GraphTransition) =>
  `${t.source}: ${t.label}${t.guard ? ` [${t.guard}]` : ''} → ${targets(t)}${t.actions.length ? ` / ${t.actions.join(', ')}` : ''}`;

/** The differences as text, one line per state or transition (`+` added, `-` removed, `~` changed). */
export function diffText(diffs: readonly MachineDiff[]): string {
  if (!diffs.length) return 'No machine changed.\n';
  const out: string[] = [];
  for (const d of diffs) {
    out.push(`${d.machine} (${d.status})`);
    for (const f of d.fields) out.push(`  ~ machine ${f}`);
    for (const s of d.states.added) out.push(`  + state ${s.id}`);
    for (const s of d.states.removed) out.push(`  - state ${s.id}`);
    for (const c of d.states.changed) out.push(`  ~ state ${c.after.id}: ${c.fields.join(', ')}`);
    for (const t of d.transitions.added) out.push(`  + transition ${line(t)}`);
    for (const t of d.transitions.removed) out.push(`  - transition ${line(t)}`);
    for (const c of d.transitions.changed)
      out.push(`  ~ transition ${line(c.before)}  ⇒  ${line(c.after)} (${c.fields.join(', ')})`);
  }
  return `${out.join('\n')}\n`;
}
