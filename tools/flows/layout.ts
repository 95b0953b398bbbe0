/**
 * Lays a FlowGraph out with elkjs (layered, INCLUDE_CHILDREN so transitions between nested states
 * are routed across the hierarchy). Pure: no DOM, so the export script uses it in Node too; text
 * widths are estimated from character counts for the same reason.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { transitionLabel, transitionText, type FlowGraph, type FlowState, type FlowTransition } from './graph';

export const TITLE_FONT = 13;
export const ROW_FONT = 11;
const TITLE_H = 22;
const ROW_H = 16;
const PAD = 10;
const MARKER = 10;

export interface NodeRow {
  text: string;
  kind: 'tag' | 'invoke' | 'entry' | 'exit' | 'transition' | 'state' | 'inputs';
  /** The `inputs` row: the state's self-transitions that only set context, drawn as loops only when shown. */
  inputs?: { transitions: FlowTransition[]; shown: boolean };
  /** A transition between two states folded inside this one. */
  transition?: FlowTransition;
  /** A state folded inside this one (its name is the row's text), with its depth below the folded state. */
  state?: FlowState;
  indent?: number;
}

export interface LaidNode {
  state: FlowState;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  rows: NodeRow[];
  /** A compound state drawn closed: its states and inner transitions are rows. */
  folded: boolean;
}

/** One transition of an edge and the lines of the label it owns. */
export interface EdgePart {
  transition: FlowTransition;
  lines: string[];
}

/**
 * One line between two drawn states (or a loop on one) for every transition between them: parallel
 * transitions share it, each with its own lines of the label, instead of a bundle of lines.
 */
export interface LaidEdge {
  /** The first of `parts`. */
  transition: FlowTransition;
  parts: EdgePart[];
  points: { x: number; y: number }[];
  /** `text` is the whole label; `lines` how it is drawn (the event and guard, then the actions). */
  label: { text: string; lines: string[]; x: number; y: number; width: number; height: number } | null;
}

export interface LaidMarker {
  /** The compound state whose initial child this points at. */
  parent: string;
  x: number;
  y: number;
  points: { x: number; y: number }[];
}

export interface FlowLayout {
  width: number;
  height: number;
  nodes: LaidNode[];
  edges: LaidEdge[];
  markers: LaidMarker[];
  /** The compound states drawn closed. */
  folded: ReadonlySet<string>;
}

/** Fewer inputs than this on a state stay drawn as loops. */
export const MIN_COLLAPSED_INPUTS = 2;

/** An input: an event a state takes without leaving (no target, or itself), whose actions only set context. */
export const isInput = (t: FlowTransition): boolean =>
  t.kind === 'event' && !!t.contextOnly && (t.targetless || t.target === t.source);

/** The line a state's collapsed inputs are drawn as. */
export const inputsText = (n: number) => `${n} input${n === 1 ? '' : 's'} handled here`;

/** Roughly the width of sans-serif text; the SVG keeps a margin, so a slight miss is harmless. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text)
    units += /[A-Z]/.test(ch) ? 0.68 : /[il.,:;'|[\]!]/.test(ch) ? 0.3 : /[mw]/.test(ch) ? 0.85 : 0.56;
  return Math.ceil(units * size);
}

/** The lines an edge's label is drawn in: the event with its guard, then its actions. */
export function labelLines(t: FlowTransition): string[] {
  return t.actions.length ? [transitionLabel(t), `/ ${t.actions.join(', ')}`] : [transitionLabel(t)];
}

const shortId = (root: string, id: string) => (id === root ? id : id.slice(root.length + 1));

/**
 * Where a transition is drawn once some states are folded: between which visible states, or inside one
 * box; and, unless `shownInputs` names its state, each drawn state's inputs (isInput, two at least) as
 * one line in its box (`inputs`), not as loops.
 */
export function placeTransitions(graph: FlowGraph, folded: ReadonlySet<string>, shownInputs?: ReadonlySet<string>) {
  const visibleOf = new Map<string, string>();
  const visit = (s: FlowState, closedAt: string | null) => {
    visibleOf.set(s.id, closedAt ?? s.id);
    const closed = closedAt ?? (folded.has(s.id) && s.children.length ? s.id : null);
    for (const c of s.children) visit(c, closed);
  };
  visit(graph.root, null);
  const edges: { t: FlowTransition; source: string; target: string }[] = [];
  const inner = new Map<string, FlowTransition[]>();
  const inputs = new Map<string, FlowTransition[]>();
  for (const t of graph.transitions)
    if (isInput(t) && visibleOf.get(t.source) === t.source) inputs.set(t.source, [...(inputs.get(t.source) ?? []), t]);
  for (const [id, list] of inputs) if (list.length < MIN_COLLAPSED_INPUTS) inputs.delete(id);
  const collapsed = new Set(
    [...inputs].flatMap(([id, list]) => (shownInputs === undefined || shownInputs.has(id) ? [] : list)),
  );
  for (const t of graph.transitions) {
    if (collapsed.has(t)) continue;
    const source = visibleOf.get(t.source) ?? t.source;
    const target = visibleOf.get(t.target) ?? t.target;
    if (source === target && t.source !== source && (t.targetless || t.target !== source)) {
      inner.set(source, [...(inner.get(source) ?? []), t]);
    } else edges.push({ t, source, target });
  }
  return { visibleOf, edges, inner, inputs };
}

function rowsOf(
  state: FlowState,
  inner: FlowTransition[],
  folded: boolean,
  inputs: FlowTransition[],
  shown: boolean,
): NodeRow[] {
  const rows: NodeRow[] = [
    ...(state.tags.length ? [{ text: state.tags.map((t) => `#${t}`).join(' '), kind: 'tag' as const }] : []),
    ...state.invokes.map((i) => ({ text: `invoke ${i.src}`, kind: 'invoke' as const })),
    ...(state.entry.length ? [{ text: `entry / ${state.entry.join(', ')}`, kind: 'entry' as const }] : []),
    ...(state.exit.length ? [{ text: `exit / ${state.exit.join(', ')}`, kind: 'exit' as const }] : []),
    ...(inputs.length
      ? [{ text: inputsText(inputs.length), kind: 'inputs' as const, inputs: { transitions: inputs, shown } }]
      : []),
  ];
  if (!folded) return rows;
  const below = (s: FlowState, indent: number): NodeRow[] =>
    s.children.flatMap((c) => [{ text: c.key, kind: 'state' as const, state: c, indent }, ...below(c, indent + 1)]);
  return [
    ...rows,
    ...below(state, 0),
    ...inner.map((t) => ({
      text: `${shortId(state.id, t.source)} → ${t.targetless ? '(stays)' : shortId(state.id, t.target)}: ${transitionLabel(t)}`,
      kind: 'transition' as const,
      transition: t,
    })),
  ];
}

const rowHeight = (r: NodeRow) => (r.kind === 'state' ? TITLE_FONT + 6 : ROW_H);
/** Room before the inputs row's text for its show/hide button. */
export const INPUTS_INSET = 22;
const rowWidth = (r: NodeRow) =>
  textWidth(r.text, r.kind === 'state' ? TITLE_FONT : ROW_FONT) +
  (r.indent ?? 0) * 12 +
  (r.kind === 'state' ? 14 : r.kind === 'inputs' ? INPUTS_INSET : 0);
/** The y of each row's baseline below the box's top. */
export function rowOffsets(rows: readonly NodeRow[]): number[] {
  let y = TITLE_H;
  return rows.map((r) => {
    y += rowHeight(r);
    return y - 4;
  });
}

const markerId = (parent: string) => `${parent}::initial`;
const markerEdgeId = (parent: string) => `${parent}::initial-edge`;

/**
 * `shownInputs`: the states whose inputs are drawn as loops, the rest being one line each (placeTransitions);
 * without it every input is a loop (the exported and reported charts).
 */
export async function layoutFlow(
  graph: FlowGraph,
  folded: ReadonlySet<string> = new Set(),
  shownInputs?: ReadonlySet<string>,
): Promise<FlowLayout> {
  // Layer constraints put each initial state first; elkjs rejects them on some hierarchies (an
  // internal error), and then the chart is laid out without them.
  try {
    return await layoutWith(graph, folded, shownInputs, true);
  } catch {
    return layoutWith(graph, folded, shownInputs, false);
  }
}

async function layoutWith(
  graph: FlowGraph,
  folded: ReadonlySet<string>,
  shownInputs: ReadonlySet<string> | undefined,
  constrain: boolean,
): Promise<FlowLayout> {
  const rowsById = new Map<string, NodeRow[]>();
  const stateById = new Map<string, FlowState>();
  const placed = placeTransitions(graph, folded, shownInputs);
  const compounds: string[] = [];

  const toElk = (state: FlowState): ElkNode => {
    const closed = folded.has(state.id) && state.children.length > 0;
    const rows = rowsOf(
      state,
      placed.inner.get(state.id) ?? [],
      closed,
      (shownInputs && placed.inputs.get(state.id)) || [],
      shownInputs?.has(state.id) ?? true,
    );
    rowsById.set(state.id, rows);
    stateById.set(state.id, state);
    const headerW = Math.max(
      textWidth(state.key, TITLE_FONT) + (state.type === 'parallel' ? 70 : 0) + (state.children.length ? 24 : 0),
      ...rows.map(rowWidth),
    );
    const headerH = TITLE_H + rows.reduce((h, r) => h + rowHeight(r), 0);
    if (state.children.length === 0 || closed) {
      return { id: state.id, width: headerW + 2 * PAD, height: headerH + PAD };
    }
    // The initial child first, so the flow reads from it (cycle breaking follows the model order).
    const ordered = [...state.children].sort((a, b) => Number(b.id === state.initial) - Number(a.id === state.initial));
    const children = ordered.map(toElk);
    const edges: ElkExtendedEdge[] = [];
    if (state.initial && state.type !== 'parallel') {
      compounds.push(state.id);
      // The initial state in the first layer after its marker (a compound one is left to the cycle breaking:
      // elkjs refuses a layer constraint on a node with children of its own).
      const first = children[0]!;
      if (constrain && !first.children?.length)
        first.layoutOptions = { ...first.layoutOptions, 'elk.layered.layering.layerConstraint': 'FIRST' };
      children.unshift({
        id: markerId(state.id),
        width: MARKER,
        height: MARKER,
      });
      edges.push({ id: markerEdgeId(state.id), sources: [markerId(state.id)], targets: [state.initial] });
    }
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${headerH + PAD},left=${PAD + 4},bottom=${PAD + 4},right=${PAD + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        // With INCLUDE_CHILDREN elkjs reads the layered options of the outermost compound node, not the graph's.
        'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
        'elk.nodeSize.minimum': `(${headerW + 2 * PAD}, ${headerH + PAD})`,
        ...(state.type === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
      children,
      edges,
    };
  };

  const groups = new Map<string, { source: string; target: string; parts: EdgePart[] }>();
  for (const { t, source, target } of placed.edges) {
    const key = `${source}->${target}`;
    const group = groups.get(key) ?? { source, target, parts: [] };
    group.parts.push({ transition: t, lines: [] });
    groups.set(key, group);
  }
  const partsOf = new Map<string, EdgePart[]>();
  const edges: ElkExtendedEdge[] = [...groups.values()].map(({ source, target, parts }) => {
    // Alone, a transition's actions go on a line of their own; in a group each transition is one line.
    for (const part of parts)
      part.lines = parts.length === 1 ? labelLines(part.transition) : [transitionText(part.transition)];
    const lines = parts.flatMap((p) => p.lines);
    const id = parts[0]!.transition.id;
    partsOf.set(id, parts);
    return {
      id,
      sources: [source],
      targets: [target],
      labels: [
        {
          text: lines.join(' '),
          width: Math.max(...lines.map((l) => textWidth(l, ROW_FONT))) + 8,
          height: lines.length * ROW_H,
        },
      ],
    };
  });

  // Layout-only edges from the machine's initial state to each nested initial marker: a nested
  // compound's first state has no incoming edge and would otherwise start the flow at the far left.
  const start = graph.root.initial;
  if (start && placed.visibleOf.get(start) === start)
    for (const m of compounds)
      if (m !== graph.root.id) edges.push({ id: `${m}::lead`, sources: [start], targets: [markerId(m)] });

  // elkjs is ~1.5 MB: its own chunk, fetched when a chart is first drawn.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const result: ElkNode = await elk.layout({
    id: '::graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.cycleBreaking.strategy': 'DEPTH_FIRST',
      'elk.layered.spacing.nodeNodeBetweenLayers': '40',
      'elk.spacing.nodeNode': '24',
      'elk.spacing.edgeLabel': '4',
      'elk.edgeLabels.inline': 'false',
      'elk.layered.edgeLabels.sideSelection': 'SMART_UP',
      'elk.padding': '[top=16,left=16,bottom=16,right=16]',
    },
    children: [toElk(graph.root)],
    edges,
  });

  // ELK gives positions relative to the parent node (and edges relative to their container).
  const origin = new Map<string, { x: number; y: number }>([['::graph', { x: 0, y: 0 }]]);
  const nodes: LaidNode[] = [];
  const markers: LaidMarker[] = [];
  const markerBoxes = new Map<string, { x: number; y: number }>();
  const walk = (node: ElkNode, parentAt: { x: number; y: number }, depth: number) => {
    const at = { x: parentAt.x + (node.x ?? 0), y: parentAt.y + (node.y ?? 0) };
    origin.set(node.id, at);
    const state = stateById.get(node.id);
    if (state) {
      nodes.push({
        state,
        x: at.x,
        y: at.y,
        width: node.width ?? 0,
        height: node.height ?? 0,
        depth,
        rows: rowsById.get(node.id) ?? [],
        folded: folded.has(node.id) && state.children.length > 0,
      });
    } else if (node.id.endsWith('::initial')) {
      markerBoxes.set(node.id.slice(0, -'::initial'.length), { x: at.x + MARKER / 2, y: at.y + MARKER / 2 });
    }
    if (state && folded.has(state.id)) return;
    for (const child of node.children ?? []) walk(child, at, depth + 1);
  };
  walk(result, { x: 0, y: 0 }, -1);

  const laidEdges: LaidEdge[] = [];
  const byId = new Map(graph.transitions.map((t) => [t.id, t]));
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const base = origin.get(edge.container ?? node.id) ?? origin.get(node.id) ?? { x: 0, y: 0 };
      const points = (edge.sections ?? []).flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint]);
      const abs = points.map((p) => ({ x: base.x + p.x, y: base.y + p.y }));
      if (edge.id.endsWith('::initial-edge')) {
        const parent = edge.id.slice(0, -'::initial-edge'.length);
        const box = markerBoxes.get(parent) ?? abs[0] ?? { x: 0, y: 0 };
        markers.push({ parent, x: box.x, y: box.y, points: abs });
        continue;
      }
      const transition = byId.get(edge.id);
      const parts = partsOf.get(edge.id);
      if (!transition || !parts) continue;
      const l = edge.labels?.[0];
      laidEdges.push({
        transition,
        parts,
        points: abs,
        label:
          l && l.text
            ? {
                text: l.text,
                lines: parts.flatMap((p) => p.lines),
                x: base.x + (l.x ?? 0),
                y: base.y + (l.y ?? 0),
                width: l.width ?? 0,
                height: l.height ?? 0,
              }
            : null,
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(result);

  return {
    width: result.width ?? 0,
    height: result.height ?? 0,
    nodes,
    edges: laidEdges,
    markers,
    folded,
  };
}

/** An SVG path through the edge's points. */
export function pathData(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
}

export const round = (n: number) => Math.round(n * 10) / 10;
