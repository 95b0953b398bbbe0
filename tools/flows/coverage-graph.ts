/** Transition coverage of a machine's graph (toDirectedGraph plus eventless transitions) by planned paths. */
import { toDirectedGraph, type DirectedGraphNode } from '@xstate/graph';
import {
  getInitialMicrosteps,
  getMicrosteps,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyStateNode,
} from 'xstate';
import { stateCount, toFlowGraph } from './graph';
import { flowPaths, initialSnapshot, type FlowModel, type FlowPath } from './documents/model-paths';

interface Edge {
  key: string;
  transition: unknown;
  /** Eventless (`always`) transitions: toDirectedGraph leaves them out, the report keeps them. */
  eventless?: { source: AnyStateNode; targets: AnyStateNode[] };
}

function edgesOf(node: DirectedGraphNode): Edge[] {
  const always = (node.stateNode.always ?? []).flatMap((t) =>
    (t.target ?? [node.stateNode]).map((target) => ({
      key: `${node.stateNode.id} --(always)--> ${target.id}`,
      transition: t,
      eventless: { source: node.stateNode, targets: t.target ?? [node.stateNode] },
    })),
  );
  return [
    ...node.edges.map((e) => ({
      key: `${e.source.id} --${e.label.text}--> ${e.target.id}`,
      transition: e.transition,
    })),
    ...always,
    ...node.children.flatMap(edgesOf),
  ];
}

const isActive = (snapshot: AnyMachineSnapshot, node: AnyStateNode) =>
  (snapshot as unknown as { _nodes: AnyStateNode[] })._nodes.includes(node);

/**
 * Eventless transitions taken between two microsteps: the source was active before, the target
 * is active after and was not before (xstate does not report which eventless transition fired).
 */
function eventlessTaken(edges: Edge[], microsteps: AnyMachineSnapshot[], taken: Set<unknown>): void {
  for (let i = 1; i < microsteps.length; i++) {
    const before = microsteps[i - 1]!;
    const after = microsteps[i]!;
    for (const edge of edges) {
      if (!edge.eventless || !isActive(before, edge.eventless.source)) continue;
      if (edge.eventless.targets.every((t) => isActive(after, t) && !isActive(before, t))) taken.add(edge.transition);
    }
  }
}

export interface MachineCoverage {
  states: number;
  transitions: number;
  walked: number;
  missing: string[];
  percent: number;
  model: boolean;
}

/** Transitions taken on the model's paths versus every edge of toDirectedGraph(machine). */
export function coverageOf(model: FlowModel | undefined, machine: AnyStateMachine, name: string): MachineCoverage {
  const graph = toDirectedGraph(machine);
  const edges = edgesOf(graph);
  const states = stateCount(toFlowGraph(machine)); // the flows viewer's count
  if (!model) {
    return {
      states,
      transitions: edges.length,
      walked: 0,
      missing: edges.map((e) => e.key),
      percent: 0,
      model: false,
    };
  }
  return coverageOfPaths(machine, model, flowPaths(model, name));
}

/** Transitions taken on the given paths (walked from the model's initial state) versus every edge. */
export function coverageOfPaths(
  machine: AnyStateMachine,
  model: FlowModel,
  paths: readonly FlowPath[],
): MachineCoverage {
  const graph = toDirectedGraph(machine);
  const edges = edgesOf(graph);
  const states = stateCount(toFlowGraph(machine)); // the flows viewer's count
  const walkedEdges = edgesTaken(machine, model, paths);
  const missing = edges.filter((_, i) => !walkedEdges[i]).map((e) => e.key);
  const walked = edges.length - missing.length;
  return {
    states,
    transitions: edges.length,
    walked,
    missing,
    percent: edges.length === 0 ? 100 : Math.round((walked / edges.length) * 1000) / 10,
    model: true,
  };
}

/** The coverage key of each edge of the machine's graph, in the order edgesTaken uses. */
export function edgeKeys(machine: AnyStateMachine): string[] {
  return edgesOf(toDirectedGraph(machine)).map((e) => e.key);
}

/**
 * Every edge of the machine's graph (toDirectedGraph plus eventless transitions) with its coverage
 * key and the machine's own transition object, so a test can tell which ones an actor took.
 */
export function graphEdges(machine: AnyStateMachine): Array<{ key: string; transition: unknown }> {
  return edgesOf(toDirectedGraph(machine)).map(({ key, transition }) => ({ key, transition }));
}

/**
 * Per edge of the machine's graph (in a fixed order), whether the paths take it. Two guarded
 * transitions between the same states share a coverage key but are told apart here.
 */
export function edgesTaken(machine: AnyStateMachine, model: FlowModel, paths: readonly FlowPath[]): boolean[] {
  const edges = edgesOf(toDirectedGraph(machine));
  const taken = new Set<unknown>();
  const initial = getInitialMicrosteps(machine, model.input as never).map(([snap]) => snap as AnyMachineSnapshot);
  eventlessTaken(edges, initial, taken);
  for (const path of paths) {
    let before = initialSnapshot(model);
    for (const step of path.steps) {
      for (const t of machine.getTransitionData(before as never, step.event as never)) taken.add(t);
      const micro = getMicrosteps(machine, before as never, step.event as never).map(
        ([snap]) => snap as AnyMachineSnapshot,
      );
      eventlessTaken(edges, [before, ...micro], taken);
      before = step.state;
    }
  }
  return edges.map((e) => taken.has(e.transition));
}

/**
 * Per step of a path, the edges (by index, in edgesTaken's order) that step takes: its event's
 * transitions and the eventless ones that follow. The path reports name their scenarios by them.
 */
export function edgesPerStep(machine: AnyStateMachine, model: FlowModel, path: FlowPath): number[][] {
  const edges = edgesOf(toDirectedGraph(machine));
  let before = initialSnapshot(model);
  return path.steps.map((step) => {
    const taken = new Set<unknown>();
    for (const t of machine.getTransitionData(before as never, step.event as never)) taken.add(t);
    const micro = getMicrosteps(machine, before as never, step.event as never).map(
      ([snap]) => snap as AnyMachineSnapshot,
    );
    eventlessTaken(edges, [before, ...micro], taken);
    before = step.state;
    return edges.flatMap((e, i) => (taken.has(e.transition) ? [i] : []));
  });
}
