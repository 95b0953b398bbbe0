/**
 * flows:export's JSON is a machine config that createMachine accepts and that round-trips: the
 * rebuilt machine has the same states, events, guards, delays and always transitions.
 */
import { describe, expect, it } from 'vitest';
import { createMachine, setup, type AnyStateMachine } from 'xstate';
import { machines } from '../../src/flows';
import { allStates, toFlowGraph } from '../../tools/flows/graph';
import { layoutFlow } from '../../tools/flows/layout';
import { machineToJson } from '../../tools/flows/machine-json';
import { flowToSvg } from '../../tools/flows/svg';

/** What must survive the trip: every state and every transition, in order within one event. */
function shape(machine: AnyStateMachine) {
  const graph = toFlowGraph(machine);
  const states = allStates(graph.root).map((s) => ({
    id: s.id,
    type: s.type,
    initial: s.initial,
    tags: s.tags,
    description: s.description,
    invokes: s.invokes,
  }));
  const seen = new Map<string, number>();
  const transitions = graph.transitions.map((t) => {
    const group = `${t.source} ${t.kind} ${t.eventType}`;
    const n = seen.get(group) ?? 0;
    seen.set(group, n + 1);
    return `${group} #${n} -> ${t.target}${t.targetless ? ' (targetless)' : ''} guard=${t.guard} delay=${t.delay}`;
  });
  return { states, transitions: transitions.sort() };
}

const roundTrip = (machine: AnyStateMachine) =>
  createMachine(JSON.parse(JSON.stringify(machineToJson(machine))) as Parameters<typeof createMachine>[0]);

describe('flows:export JSON', () => {
  it.each(Object.entries(machines))('%s round-trips through createMachine', (_name, machine) => {
    const json = machineToJson(machine);
    expect(json['id']).toBe(machine.id);
    const back = roundTrip(machine);
    expect(shape(back)).toEqual(shape(machine));
  });

  it('keeps always transitions, named delays, literal delays, guards and inline assigns', () => {
    const sample = setup({
      guards: { ready: () => true },
      delays: { pause: 100 },
      actions: { note: () => {} },
    }).createMachine({
      id: 'sample',
      initial: 'a',
      states: {
        a: { always: [{ guard: 'ready', target: 'b' }, { target: 'c' }] },
        b: { after: { pause: 'c', 250: { target: 'a', actions: 'note' } } },
        c: { on: { go: { target: 'a', actions: ({ self }) => void self } } },
      },
    });
    const json = machineToJson(sample) as { states: Record<string, Record<string, unknown>> };
    expect(json.states['a']!['always']).toEqual([{ target: '#sample.b', guard: 'ready' }, { target: '#sample.c' }]);
    expect(Object.keys(json.states['b']!['after'] as object)).toEqual(['250', 'pause']);
    expect(shape(roundTrip(sample))).toEqual(shape(sample));
  });

  it('draws each machine as SVG with a group per state', async () => {
    for (const machine of Object.values(machines)) {
      const graph = toFlowGraph(machine);
      const svg = flowToSvg(graph, await layoutFlow(graph));
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.match(/<g data-state=/g)?.length).toBe(allStates(graph.root).length);
    }
    // Laying out all 18 machines with elkjs took 31 s on two cores shared with an e2e run.
  }, 60_000);
});
