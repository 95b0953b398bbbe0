/** A dropped graph export's difference lands on the chart: its keys are the chart's own state ids and transition keys. */
import { describe, expect, it } from 'vitest';
import { createMachine } from 'xstate';
import { chartDiff } from '../../src/features/flows/DocumentsPanel';
import { diffGraph } from '../../tools/flows/documents/diff';
import { graphOf } from '../../tools/flows/documents/model';
import { toFlowGraph } from '../../tools/flows/graph';

const before = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened' } },
    opened: { on: { close: 'closed' }, always: { guard: () => false, target: 'closed' } },
  },
});
const after = createMachine({
  id: 'door',
  initial: 'closed',
  states: {
    closed: { on: { open: 'opened', lock: 'locked' } },
    opened: { on: { close: 'closed' }, always: { guard: () => false, target: 'closed' } },
    locked: { on: { unlock: 'closed' }, after: { 1000: 'closed' } },
  },
});

describe('flows page: comparing with an earlier export', () => {
  it('names the added state and its transitions by the keys the chart draws them with', () => {
    const diff = diffGraph(graphOf(before), graphOf(after));
    expect(diff).not.toBeNull();
    const marks = chartDiff(diff!);
    const chart = toFlowGraph(after);
    const chartKeys = new Set(chart.transitions.map((t) => t.coverageKey));
    expect([...marks.added].sort()).toEqual(
      [
        'door.locked',
        'door.closed --lock--> door.locked',
        'door.locked --unlock--> door.closed',
        ...chart.transitions.filter((t) => t.source === 'door.locked' && t.kind === 'after').map((t) => t.coverageKey),
      ].sort(),
    );
    for (const key of [...marks.added].filter((k) => k.includes('-->'))) expect(chartKeys.has(key)).toBe(true);
    expect(marks.removed.size).toBe(0);
    expect(marks.changed.size).toBe(0);
  });
});
