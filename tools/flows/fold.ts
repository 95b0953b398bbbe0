/**
 * Which compound states a chart opens folded: those away from the initial configuration, largest
 * first, while the machine has more states than read well on one screen and at least 60% of its
 * transitions stay edges between drawn states. Pure: the page and the tests share it.
 */
import { allStates, type FlowGraph, type FlowState } from './graph';
import { placeTransitions } from './layout';

/** More visible states than this and the chart folds what it can. */
const READABLE_STATES = 5;
export const MIN_EDGE_SHARE = 0.6;

/** The states active when the machine starts (the initial child of each compound, every region of a parallel). */
export function initialConfiguration(root: FlowState): Set<string> {
  const out = new Set<string>();
  const walk = (s: FlowState) => {
    out.add(s.id);
    if (s.type === 'parallel') s.children.forEach(walk);
    else if (s.initial) {
      const next = s.children.find((c) => c.id === s.initial);
      if (next) walk(next);
    }
  };
  walk(root);
  return out;
}

/** The share of transitions drawn as edges between the visible states when `folded` are closed. */
export function edgeShare(graph: FlowGraph, folded: ReadonlySet<string>): number {
  if (graph.transitions.length === 0) return 1;
  return placeTransitions(graph, folded).edges.length / graph.transitions.length;
}

function visibleCount(graph: FlowGraph, folded: ReadonlySet<string>): number {
  const count = (s: FlowState): number => 1 + (folded.has(s.id) ? 0 : s.children.reduce((n, c) => n + count(c), 0));
  return count(graph.root) - 1;
}

export function defaultFolded(graph: FlowGraph): Set<string> {
  const initial = initialConfiguration(graph.root);
  const folded = new Set<string>();
  const candidates = allStates(graph.root)
    .filter((s) => s.children.length > 0 && s.id !== graph.root.id && !initial.has(s.id))
    .sort((a, b) => allStates(b).length - allStates(a).length);
  for (const s of candidates) {
    if (visibleCount(graph, folded) <= READABLE_STATES) break;
    if ([...folded].some((f) => s.id.startsWith(`${f}.`))) continue;
    const next = new Set([...folded, s.id]);
    if (edgeShare(graph, next) >= MIN_EDGE_SHARE) folded.add(s.id);
  }
  return folded;
}
