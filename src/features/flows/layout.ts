/**
 * Lays a FlowGraph out with elkjs (layered, INCLUDE_CHILDREN so transitions between nested states
 * are routed across the hierarchy). Pure: no DOM, so the export script uses it in Node too; text
 * widths are estimated from character counts for the same reason.
 */
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk-api';
import { transitionLabel, type FlowGraph, type FlowState, type FlowTransition } from './graph';

export const TITLE_FONT = 13;
export const ROW_FONT = 11;
const TITLE_H = 22;
const ROW_H = 16;
const PAD = 10;
const MARKER = 10;

export interface NodeRow {
  text: string;
  kind: 'tag' | 'invoke' | 'transition';
  /** For a targetless transition listed inside its state. */
  transition?: FlowTransition;
}

export interface LaidNode {
  state: FlowState;
  x: number;
  y: number;
  width: number;
  height: number;
  depth: number;
  rows: NodeRow[];
}

export interface LaidEdge {
  transition: FlowTransition;
  points: { x: number; y: number }[];
  label: { text: string; x: number; y: number; width: number; height: number } | null;
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
}

/** Roughly the width of sans-serif text; the SVG keeps a margin, so a slight miss is harmless. */
export function textWidth(text: string, size: number): number {
  let units = 0;
  for (const ch of text)
    units += /[A-Z]/.test(ch) ? 0.68 : /[il.,:;'|[\]!]/.test(ch) ? 0.3 : /[mw]/.test(ch) ? 0.85 : 0.56;
  return Math.ceil(units * size);
}

function rowsOf(state: FlowState, transitions: FlowTransition[]): NodeRow[] {
  return [
    ...(state.tags.length ? [{ text: state.tags.map((t) => `#${t}`).join(' '), kind: 'tag' as const }] : []),
    ...state.invokes.map((i) => ({ text: `invoke ${i.src}`, kind: 'invoke' as const })),
    ...transitions
      .filter((t) => t.targetless && t.source === state.id)
      .map((t) => ({ text: transitionLabel(t), kind: 'transition' as const, transition: t })),
  ];
}

const markerId = (parent: string) => `${parent}::initial`;
const markerEdgeId = (parent: string) => `${parent}::initial-edge`;

export async function layoutFlow(graph: FlowGraph): Promise<FlowLayout> {
  const rowsById = new Map<string, NodeRow[]>();
  const stateById = new Map<string, FlowState>();

  const toElk = (state: FlowState): ElkNode => {
    const rows = rowsOf(state, graph.transitions);
    rowsById.set(state.id, rows);
    stateById.set(state.id, state);
    const headerW = Math.max(
      textWidth(state.key, TITLE_FONT) + (state.type === 'parallel' ? 70 : 0),
      ...rows.map((r) => textWidth(r.text, ROW_FONT)),
    );
    const headerH = TITLE_H + rows.length * ROW_H;
    if (state.children.length === 0) {
      return { id: state.id, width: headerW + 2 * PAD, height: headerH + PAD };
    }
    const children = state.children.map(toElk);
    const edges: ElkExtendedEdge[] = [];
    if (state.initial) {
      children.unshift({ id: markerId(state.id), width: MARKER, height: MARKER });
      edges.push({ id: markerEdgeId(state.id), sources: [markerId(state.id)], targets: [state.initial] });
    }
    return {
      id: state.id,
      layoutOptions: {
        'elk.padding': `[top=${headerH + PAD},left=${PAD + 4},bottom=${PAD + 4},right=${PAD + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${headerW + 2 * PAD}, ${headerH + PAD})`,
        ...(state.type === 'parallel' ? { 'elk.direction': 'DOWN' } : {}),
      },
      children,
      edges,
    };
  };

  const edges: ElkExtendedEdge[] = graph.transitions
    .filter((t) => !t.targetless)
    .map((t) => {
      const text = transitionLabel(t);
      return {
        id: t.id,
        sources: [t.source],
        targets: [t.target],
        labels: [{ text, width: textWidth(text, ROW_FONT) + 8, height: ROW_H }],
      };
    });

  // elkjs is ~1.5 MB: its own chunk, fetched when a chart is first drawn.
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js');
  const elk = new ELK();
  const result: ElkNode = await elk.layout({
    id: '::graph',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'RIGHT',
      'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
      'elk.layered.spacing.nodeNodeBetweenLayers': '50',
      'elk.spacing.nodeNode': '28',
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
      });
    } else if (node.id.endsWith('::initial')) {
      markerBoxes.set(node.id.slice(0, -'::initial'.length), { x: at.x + MARKER / 2, y: at.y + MARKER / 2 });
    }
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
      if (!transition) continue;
      const l = edge.labels?.[0];
      laidEdges.push({
        transition,
        points: abs,
        label:
          l && l.text
            ? {
                text: l.text,
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

  return { width: result.width ?? 0, height: result.height ?? 0, nodes, edges: laidEdges, markers };
}

/** An SVG path through the edge's points. */
export function pathData(points: { x: number; y: number }[]): string {
  return points.map((p, i) => `${i === 0 ? 'M' : 'L'}${round(p.x)} ${round(p.y)}`).join(' ');
}

export const round = (n: number) => Math.round(n * 10) / 10;
