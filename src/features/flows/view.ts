/**
 * The chart's view math (pure, no DOM): the zoom at which state names stay readable, fitting a part of
 * the chart into the canvas, keeping the active states in sight, and the machine's happy path.
 */
import { allStates, type FlowGraph, type FlowState } from '../../../tools/flows/graph';
import { TITLE_FONT, type FlowLayout, type LaidNode } from '../../../tools/flows/layout';

/** State names are readable from 11 px on screen up. */
export const MIN_NAME_PX = 11;
/** The smallest zoom a fit or a followed step gives: state names at MIN_NAME_PX. */
export const MIN_SCALE = MIN_NAME_PX / TITLE_FONT;
/** A fit never enlarges. */
export const MAX_FIT_SCALE = 1;
/** Room kept between the canvas's edge and what a fit or a follow puts in sight. */
export const MARGIN = 16;

export interface View {
  k: number;
  x: number;
  y: number;
}
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}
export interface Size {
  width: number;
  height: number;
}

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** The smallest box holding all of `boxes`; null for none. */
export function boundsOf(boxes: readonly Box[]): Box | null {
  if (!boxes.length) return null;
  const x = Math.min(...boxes.map((b) => b.x));
  const y = Math.min(...boxes.map((b) => b.y));
  return {
    x,
    y,
    width: Math.max(...boxes.map((b) => b.x + b.width)) - x,
    height: Math.max(...boxes.map((b) => b.y + b.height)) - y,
  };
}

/**
 * The view showing `box` in a canvas of `size`: as large as fits, between `min` (readable names) and
 * `max` (no enlarging); centred when it fits, else from its top-left corner (where a flow starts).
 */
export function fitBox(box: Box, size: Size, min = MIN_SCALE, max = MAX_FIT_SCALE): View {
  const room = { width: Math.max(1, size.width - 2 * MARGIN), height: Math.max(1, size.height - 2 * MARGIN) };
  const whole = Math.min(room.width / Math.max(1, box.width), room.height / Math.max(1, box.height));
  const k = clamp(whole, min, max);
  const place = (start: number, length: number, canvas: number, roomLength: number) =>
    length * k <= roomLength ? (canvas - length * k) / 2 - start * k : MARGIN - start * k;
  return {
    k,
    x: place(box.x, box.width, size.width, room.width),
    y: place(box.y, box.height, size.height, room.height),
  };
}

/** Whether `box` (chart units) lies inside the canvas under `view`, `MARGIN` from its edges (or fills it). */
export function isInSight(view: View, box: Box, size: Size): boolean {
  const left = view.x + box.x * view.k;
  const top = view.y + box.y * view.k;
  const right = left + Math.min(box.width * view.k, size.width - 2 * MARGIN);
  const bottom = top + Math.min(box.height * view.k, size.height - 2 * MARGIN);
  return left >= MARGIN && top >= MARGIN && right <= size.width - MARGIN && bottom <= size.height - MARGIN;
}

/**
 * The view after a step: unchanged when `box` is in sight at a readable zoom; else the zoom raised to
 * `min` if lower, and `box` brought to the canvas's middle (its top-left part when larger than the canvas).
 */
export function reveal(view: View, box: Box, size: Size, min = MIN_SCALE): View {
  const k = Math.max(view.k, min);
  // A raised zoom keeps the canvas's middle where it was.
  const zoomed =
    k === view.k
      ? view
      : {
          k,
          x: size.width / 2 - ((size.width / 2 - view.x) * k) / view.k,
          y: size.height / 2 - ((size.height / 2 - view.y) * k) / view.k,
        };
  if (isInSight(zoomed, box, size)) return zoomed;
  const w = Math.min(box.width * k, size.width - 2 * MARGIN);
  const h = Math.min(box.height * k, size.height - 2 * MARGIN);
  return { k, x: (size.width - w) / 2 - box.x * k, y: (size.height - h) / 2 - box.y * k };
}

/** The drawn box of a state: its own, or that of the folded state it is a row of. */
export function drawnNodeOf(layout: FlowLayout, id: string): LaidNode | undefined {
  return (
    layout.nodes.find((n) => n.state.id === id) ?? layout.nodes.find((n) => n.folded && id.startsWith(`${n.state.id}.`))
  );
}

/** The boxes of the innermost drawn active states (not the compound states around them). */
export function activeBoxes(layout: FlowLayout, active: ReadonlySet<string>): LaidNode[] {
  const drawn = [...active].map((id) => drawnNodeOf(layout, id)).filter((n): n is LaidNode => n !== undefined);
  const unique = [...new Set(drawn)];
  return unique.filter((n) => !unique.some((o) => o !== n && o.state.id.startsWith(`${n.state.id}.`)));
}

/** States named like a good end of a flow: its result, done, success, a redirect out. */
const GOAL =
  /^(result|done|success|succeeded|complete|completed|sent|saved|ready|shared|redirecting|signedIn|cancelled|deleted|answered)$/;

/**
 * The machine's happy path: the states of the shortest path (fewest transitions) from its initial
 * state to a state named like a good end (GOAL), else to a final state. Empty when there is none.
 */
export function happyPath(graph: FlowGraph): string[] {
  const states = allStates(graph.root);
  const byId = new Map(states.map((s) => [s.id, s]));
  const leafOf = (id: string): string => {
    const s = byId.get(id);
    return s && s.type === 'compound' && s.initial ? leafOf(s.initial) : id;
  };
  const named = states.filter((s) => s.id !== graph.root.id && GOAL.test(s.key));
  const goals = named.length ? named : states.filter((s) => s.type === 'final' && s.id !== graph.root.id);
  if (!goals.length || !graph.root.initial) return [];
  const within = (id: string, of: FlowState) => id === of.id || id.startsWith(`${of.id}.`);
  const start = leafOf(graph.root.initial);
  const cameFrom = new Map<string, string | null>([[start, null]]);
  const queue = [start];
  let reached: string | null = null;
  while (queue.length && reached === null) {
    const at = queue.shift()!;
    if (goals.some((g) => within(at, g))) {
      reached = at;
      break;
    }
    for (const t of graph.transitions) {
      if (t.targetless || !within(at, byId.get(t.source)!)) continue;
      const next = leafOf(t.target);
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, at);
      queue.push(next);
    }
  }
  if (reached === null) return [];
  const path: string[] = [];
  for (let at: string | null = reached; at !== null; at = cameFrom.get(at) ?? null) path.unshift(at);
  return path;
}
