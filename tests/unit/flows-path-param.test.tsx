/**
 * `/flows/<machine>?path=…`: the path reports link each walked path to the flows viewer (tests/paths
 * report-writer.ts), and the chart highlights that path's transitions and the states they leave and
 * enter; the address keeps the parameter, and one the machine does not know highlights nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { machines } from '../../src/flows';
import { pathHighlight, stateCount, toFlowGraph } from '../../tools/flows/graph';
import { layoutFlow } from '../../tools/flows/layout';
import { flowsSearchSchema } from '../../src/features/flows/search-schema';
import { renderFlows } from './router-harness';

const graph = toFlowGraph(machines['session']!);
/** The saved sign-in at startup: readToken answers a token, then loadUser a user. */
const walked = graph.transitions.filter(
  (t) =>
    (t.source === 'session.reading' && t.eventType === 'xstate.done.actor.readToken' && t.guard === 'hasToken') ||
    (t.source === 'session.loadingUser' && t.eventType === 'xstate.done.actor.loadUser'),
);

describe('the path search parameter of /flows', () => {
  beforeAll(async () => {
    await layoutFlow(graph);
  }, 60_000);

  it('is kept by the route’s search validation, and too long a value falls back to none', () => {
    expect(v.parse(flowsSearchSchema, { path: 'session.reading#0' }).path).toBe('session.reading#0');
    expect(v.parse(flowsSearchSchema, { path: 'x'.repeat(9000) }).path).toBe('');
  });

  it('names the transitions and the states they leave and enter; unknown ids are left out', () => {
    const ids = walked.map((t) => t.id);
    expect(ids.length).toBeGreaterThan(1);
    const lit = pathHighlight(graph, [...ids, 'session.nowhere#9'].join(','))!;
    expect(lit.transitions).toEqual(ids);
    expect(lit.states).toEqual(expect.arrayContaining(['session.reading', 'session.loadingUser']));
    expect(pathHighlight(graph, 'session.nowhere#9')).toBeNull();
  });

  it('highlights the path on the chart and says how much of it', async () => {
    const ids = walked.map((t) => t.id);
    const { container, router } = renderFlows(`/flows/session?path=${encodeURIComponent(ids.join(','))}`);
    await screen.findByRole('img', { name: /Statechart of session/ }, { timeout: 10_000 });
    expect(router.state.location.search).toMatchObject({ path: ids.join(',') });
    const lit = pathHighlight(graph, ids.join(','))!;
    expect(
      screen.getByText(`Path: ${lit.transitions.length} transitions, ${lit.states.length} states highlighted`),
    ).toHaveAttribute('role', 'status');
    for (const id of lit.states)
      expect(container.querySelector(`[data-state="${id}"]`)).toHaveAttribute('data-match', 'true');
    for (const id of ids) expect(container.querySelector(`[data-edge="${id}"]`)).toHaveAttribute('data-match', 'true');
    const other = graph.transitions.find((t) => !ids.includes(t.id))!;
    expect(container.querySelector(`[data-edge="${other.id}"][data-match]`)).toBeNull();
  });

  it('counts the states as the path report does: the state nodes below the root', async () => {
    renderFlows('/flows/session');
    const chart = await screen.findByRole('img', { name: /Statechart of session/ }, { timeout: 10_000 });
    expect(chart).toHaveAccessibleName(new RegExp(`^Statechart of session: ${stateCount(graph)} states \\(`));
    // The machine's own state nodes, counted apart from the graph: every node below the root.
    type Node = { states: Record<string, Node> };
    const below = (node: Node): number => Object.values(node.states).reduce((n, child) => n + 1 + below(child), 0);
    expect(stateCount(graph)).toBe(below(machines['session']!.root as unknown as Node));
    expect(stateCount(graph)).toBeGreaterThan(10);
  });
});
