/**
 * The flows chart's view math (src/features/flows/view.ts) and its collapse of inputs (tools/flows/layout.ts):
 * fits never shrink state names below 11 px nor enlarge, a step's states are brought into sight, the happy
 * path runs from the initial state to the flow's good end, and self-transitions that only set context
 * become one line per state until shown; every registered machine is listed once by group with a name.
 */
import { describe, expect, it } from 'vitest';
import { machines } from '../../src/flows';
import { groupedMachines, machineGroups, machineName, machineNames } from '../../src/flows/groups';
import { toFlowGraph } from '../../tools/flows/graph';
import { inputsText, isInput, layoutFlow, placeTransitions, TITLE_FONT } from '../../tools/flows/layout';
import {
  activeBoxes,
  boundsOf,
  fitBox,
  happyPath,
  isInSight,
  MARGIN,
  MIN_NAME_PX,
  MIN_SCALE,
  reveal,
} from '../../src/features/flows/view';

const canvas = { width: 920, height: 600 };
const short = (graph: { id: string }, ids: string[]) => ids.map((id) => id.slice(graph.id.length + 1));

describe('fit', () => {
  it('never draws state names below 11 px, however large the chart', () => {
    expect(MIN_SCALE * TITLE_FONT).toBeCloseTo(MIN_NAME_PX);
    const view = fitBox({ x: 0, y: 0, width: 4000, height: 3000 }, canvas);
    expect(view.k * TITLE_FONT).toBeGreaterThanOrEqual(MIN_NAME_PX - 1e-9);
    // Too large to fit: it starts from the top-left corner, where the flow starts.
    expect(view.x).toBe(MARGIN);
    expect(view.y).toBe(MARGIN);
  });

  it('never enlarges a small chart, and centres it', () => {
    const view = fitBox({ x: 0, y: 0, width: 200, height: 100 }, canvas);
    expect(view.k).toBe(1);
    expect(view.x).toBe((canvas.width - 200) / 2);
    expect(view.y).toBe((canvas.height - 100) / 2);
  });

  it('fits a part of the chart between those bounds', () => {
    const part = { x: 500, y: 300, width: 1000, height: 300 };
    const view = fitBox(part, canvas);
    expect(view.k).toBeCloseTo((canvas.width - 2 * MARGIN) / 1000);
    expect(isInSight(view, part, canvas)).toBe(true);
  });
});

describe('following a step', () => {
  const node = { x: 1500, y: 900, width: 120, height: 40 };

  it('pans a state out of sight into the canvas and raises a small zoom to readable', () => {
    const start = { k: 0.3, x: 0, y: 0 };
    const next = reveal(start, node, canvas);
    expect(next.k).toBe(MIN_SCALE);
    expect(isInSight(next, node, canvas)).toBe(true);
  });

  it('leaves the view alone when the state is already in sight at a readable zoom', () => {
    const view = { k: 1, x: -1400, y: -800 };
    expect(isInSight(view, node, canvas)).toBe(true);
    expect(reveal(view, node, canvas)).toBe(view);
  });

  it('brings the innermost drawn active states, not their compound parents', async () => {
    const graph = toFlowGraph(machines['toolRun']!);
    const layout = await layoutFlow(graph, new Set(), new Set());
    const ids = ['toolRun', 'toolRun.working', 'toolRun.working.single'];
    expect(activeBoxes(layout, new Set(ids)).map((n) => n.state.id)).toEqual(['toolRun.working.single']);
    // Folded, the compound's box stands for its states.
    const folded = await layoutFlow(graph, new Set(['toolRun.working']), new Set());
    expect(activeBoxes(folded, new Set(ids)).map((n) => n.state.id)).toEqual(['toolRun.working']);
    expect(boundsOf([])).toBeNull();
  }, 60_000);
});

describe('happy path', () => {
  it('runs from the initial state to the result by the fewest transitions', () => {
    const graph = toFlowGraph(machines['toolRun']!);
    const path = short(graph, happyPath(graph));
    expect(path[0]).toBe('form.idle');
    expect(path.at(-1)).toBe('result');
    expect(path.some((p) => p.startsWith('working.'))).toBe(true);
  });

  it('ends on a final or good-end state of each machine that has one', () => {
    const forgot = toFlowGraph(machines['forgotPassword']!);
    expect(short(forgot, happyPath(forgot))).toEqual(['idle', 'sending', 'sent']);
    const verify = toFlowGraph(machines['verifyEmail']!);
    // Verified and signed in, in the browser that registered (AUTH-18): its shortest good end.
    expect(short(verify, happyPath(verify)).at(-1)).toBe('signedIn');
  });

  it('is empty for a machine without a good end (the whole chart is fitted instead)', () => {
    const theme = toFlowGraph(machines['theme']!);
    expect(happyPath(theme)).toEqual([]);
  });
});

describe('inputs handled here', () => {
  const graph = toFlowGraph(machines['toolRun']!);

  it('are the self-transitions whose actions only set context', () => {
    const inputs = graph.transitions.filter(isInput).map((t) => `${t.source} ${t.event}`);
    expect(inputs).toContain('toolRun.form tool.prompt');
    expect(inputs).toContain('toolRun.form tool.aspect');
    // tool.generate while signed out asks to sign in: an effect, so it stays a loop.
    expect(inputs).not.toContain('toolRun.form tool.generate');
  });

  it('collapse into one line per state until that state is shown, and then are loops again', async () => {
    const placed = placeTransitions(graph, new Set(), new Set());
    const form = placed.inputs.get('toolRun.form')!;
    expect(form.length).toBeGreaterThanOrEqual(2);
    const loops = (p: typeof placed) => p.edges.filter(({ t }) => t.source === 'toolRun.form' && isInput(t)).length;
    expect(loops(placed)).toBe(0);
    expect(loops(placeTransitions(graph, new Set(), new Set(['toolRun.form'])))).toBe(form.length);
    // The export and reports draw every input (no set given).
    expect(loops(placeTransitions(graph, new Set()))).toBe(form.length);

    const layout = await layoutFlow(graph, new Set(), new Set());
    const row = layout.nodes.find((n) => n.state.id === 'toolRun.form')!.rows.find((r) => r.kind === 'inputs')!;
    expect(row.text).toBe(inputsText(form.length));
    expect(row.text).toMatch(/^\d+ inputs handled here$/);
    expect(row.inputs?.shown).toBe(false);
    const shown = await layoutFlow(graph, new Set(), new Set(['toolRun.form']));
    const parts = (l: typeof layout) => l.edges.flatMap((e) => e.parts).length;
    expect(parts(shown)).toBe(parts(layout) + form.length);
  }, 60_000);
});

describe('machine groups', () => {
  it('list every registered machine once, with a readable name', () => {
    const keys = Object.keys(machines);
    const listed = machineGroups.flatMap((g) => g.machines);
    expect([...listed].sort()).toEqual([...keys].sort());
    expect(new Set(listed).size).toBe(listed.length);
    for (const key of keys) expect(machineNames[key], key).toBeTruthy();
    expect(machineName('toolRun')).toBe('Tool run');
    expect(groupedMachines(keys).map((g) => g.name)).toEqual([
      'Session and accounts',
      'Tools and runs',
      'Billing',
      'Creations',
      'Prompts',
      'Shell',
    ]);
    expect(groupedMachines([...keys, 'later']).at(-1)).toEqual({ name: 'Other', machines: ['later'] });
  });
});
