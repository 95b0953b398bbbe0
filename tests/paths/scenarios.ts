/**
 * Paths as a person reads them: each planned path of a machine splits into scenarios, each ending at a
 * step that walks a transition no earlier path of the machine walked (its target), and titled after
 * that transition: "Reaches signedIn.idle (nothing in flight) when loadUser succeeds". Titles are at
 * most TITLE_LIMIT characters, unique within the machine (an ordinal tells two alike apart) and carry
 * no inputs (those are in the steps). A path's own title (the vitest test name) is its last
 * scenario's, with how many came before. The chart of the machine (the flows viewer's) highlights a
 * path by the coverage keys, state ids and transition ids kept here.
 */
import type { AnyMachineSnapshot, AnyStateNode } from 'xstate';
import {
  allStates,
  guardName,
  toFlowGraph,
  type FlowGraph,
  type FlowState,
  type FlowTransition,
} from '../../tools/flows/graph';
import { edgesPerStep, graphEdges, initialSnapshot } from '../flows/harness';
import type { PlannedPath } from './harness';

/** The longest title a path or scenario gets. */
export const TITLE_LIMIT = 160;

export interface Scenario {
  title: string;
  /** The index of the path's last event in this scenario (its target step). */
  end: number;
  /** The coverage key of the transition it reaches (coverage/flows.json's). */
  target: string;
}

export interface PathPlan {
  title: string;
  /** The path's title as a file name: `<machine>-<title in lower case and dashes>` (its screenshots'). */
  slug: string;
  scenarios: Scenario[];
  /** Coverage keys of the transitions the path walks, in order of first walking. */
  keys: string[];
  /** The flows viewer's transition ids of those (the `path` search parameter of /flows). */
  transitions: string[];
  /** State node ids the path passes through. */
  states: string[];
}

const cut = (text: string, limit: number) => (text.length <= limit ? text : `${text.slice(0, limit - 1).trimEnd()}…`);

/** A state's description up to its first clause, in lower case: "nothing in flight". */
function gist(state: FlowState | undefined): string {
  const text =
    state?.description
      ?.split(/[;:(]| — /)[0]
      ?.trim()
      .replace(/\.$/, '') ?? '';
  return text ? text.charAt(0).toLowerCase() + text.slice(1) : '';
}

/** What makes a transition happen, in words: "loadUser succeeds", "the startupTimeout delay passes". */
function whenText(t: FlowTransition): string {
  const guard = t.guard ? ` (${t.guard})` : '';
  // An unnamed invoke's id is `<index>.<machine>.<state path>`: the state path names it well enough.
  const actor = t.eventType
    .split('.')
    .slice(3)
    .join('.')
    .replace(/^\d+\.[^.]+\./, '');
  switch (t.kind) {
    case 'done':
      return `${actor} succeeds${guard}`;
    case 'error':
      return `${actor} fails${guard}`;
    case 'after':
      return `the ${String(t.delay ?? 'timed')} delay passes${guard}`;
    case 'always':
      return `it moves on by itself${guard}`;
    case 'stateDone':
      return `its steps are done${guard}`;
    default:
      return `${t.eventType} is sent${guard}`;
  }
}

/** A scenario's title from the transition it reaches (before making it unique). */
export function scenarioTitle(graph: FlowGraph, t: FlowTransition): string {
  const states = allStates(graph.root);
  const target = states.find((s) => s.id === t.target);
  const where = target?.path || target?.key || t.target;
  const what = gist(target);
  const head = t.targetless ? `Stays in ${where}` : `Reaches ${where}`;
  const tail = ` when ${whenText(t)}`;
  const room = TITLE_LIMIT - head.length - tail.length - 3;
  return cut(`${head}${what && room > 12 ? ` (${cut(what, room)})` : ''}${tail}`, TITLE_LIMIT - 6);
}

/** Makes titles unique in order: the second of two alike gets " (2)", and so on. */
function uniqueTitles(titles: string[]): string[] {
  const count = new Map<string, number>();
  return titles.map((t) => {
    const n = (count.get(t) ?? 0) + 1;
    count.set(t, n);
    return n === 1 ? t : `${t} (${n})`;
  });
}

export const slugOf = (machine: string, title: string) =>
  `${machine}-${title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 90)
    .replace(/-$/, '')}`;

const nodeIds = (snapshot: AnyMachineSnapshot) =>
  (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.map((n) => n.id);

/**
 * The scenarios and titles of a machine's paths, in the order they run: a step that walks a
 * transition no earlier step (of this path or an earlier one) walked ends a scenario; the steps after
 * a path's last such step join its last scenario. A path that walks nothing new is one scenario,
 * named after its last step.
 */
export function planPaths(machine: string, paths: readonly PlannedPath[]): PathPlan[] {
  if (!paths.length) return [];
  const chart = paths[0]!.model.machine;
  const graph = toFlowGraph(chart);
  const edges = graphEdges(chart);
  const keys = edges.map((e) => e.key);
  // Each edge's transition on the chart: the same key, and the same guard where several share the key.
  const byEdge = edges.map(({ key, transition }) => {
    const same = graph.transitions.filter((t) => t.coverageKey === key);
    const guard = guardName((transition as { guard?: unknown }).guard);
    return same.find((t) => t.guard === guard) ?? same[0];
  });
  const seen = new Set<number>();
  const raw = paths.map((planned) => {
    const perStep = edgesPerStep(planned.model.machine, planned.model, planned.path);
    const scenarios: Array<{ end: number; edge: number }> = [];
    const walked: number[] = [];
    perStep.forEach((edges, i) => {
      for (const e of edges) if (!walked.includes(e)) walked.push(e);
      const fresh = edges.filter((e) => !seen.has(e));
      for (const e of fresh) seen.add(e);
      if (fresh.length) {
        const named = fresh.find((e) => byEdge[e]?.kind !== 'always') ?? fresh[0]!;
        scenarios.push({ end: i, edge: named });
      }
    });
    const last = planned.path.steps.length - 1;
    if (!scenarios.length) scenarios.push({ end: last, edge: perStep[last]?.[0] ?? -1 });
    scenarios[scenarios.length - 1]!.end = last;
    const states = new Set(nodeIds(initialSnapshot(planned.model)));
    for (const s of planned.path.steps) for (const id of nodeIds(s.state)) states.add(id);
    return { scenarios, walked, states: [...states].filter((id) => id !== chart.id) };
  });
  const states = new Map(allStates(graph.root).map((state) => [state.id, state]));
  const titleOfEdge = (edge: number) => {
    const t = byEdge[edge];
    return t ? scenarioTitle(graph, t) : 'Starts the flow';
  };
  // Two transitions alike but for the state they leave say which they leave; an ordinal tells the rest apart.
  const edgesNamed = raw.flatMap((r) => r.scenarios.map((s) => s.edge));
  const bases = edgesNamed.map(titleOfEdge);
  const scenarioTitles = uniqueTitles(
    bases.map((base, i) => {
      const t = byEdge[edgesNamed[i]!];
      const clash = bases.some((other, j) => j !== i && other === base && byEdge[edgesNamed[j]!]?.source !== t?.source);
      if (!t || !clash) return base;
      const from = ` from ${states.get(t.source)?.path || t.source}`;
      return `${cut(base, TITLE_LIMIT - from.length - 6)}${from}`;
    }),
  );
  let n = 0;
  const named = raw.map((r) => r.scenarios.map((s) => ({ ...s, title: scenarioTitles[n++]! })));
  const pathTitles = uniqueTitles(
    named.map((scenarios) => {
      const last = scenarios[scenarios.length - 1]!;
      const more = scenarios.length > 1 ? ` (after ${scenarios.length - 1} more)` : '';
      return `${cut(last.title, TITLE_LIMIT - more.length - 6)}${more}`;
    }),
  );
  return raw.map((r, i) => ({
    title: pathTitles[i]!,
    slug: slugOf(machine, pathTitles[i]!),
    scenarios: named[i]!.map((s) => ({ title: s.title, end: s.end, target: keys[s.edge] ?? '' })),
    keys: r.walked.map((e) => keys[e]!),
    transitions: r.walked.flatMap((e) => graph.transitions.filter((t) => t.coverageKey === keys[e]).map((t) => t.id)),
    states: r.states,
  }));
}
