/**
 * Flow models and the paths planned on them (tests/flows/harness.ts has the overview): the model's
 * types, the graph's shortest and simple paths, and the states a path passes computed with `transition`.
 * The path tests and the flows documents' stories share them (tests/flows/model-paths.ts re-exports).
 */
import { getAdjacencyMap, getStateNodes } from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  transition,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
} from 'xstate';

export interface ActorOutcomes {
  /** Outputs the fake resolves with (each becomes an `xstate.done.actor.<id>` event). */
  done?: unknown[];
  /** Errors the fake rejects with (each becomes an `xstate.error.actor.<id>` event). */
  error?: unknown[];
}

export interface FlowModel {
  machine: AnyStateMachine;
  input?: unknown;
  /** Samples of every event the machine accepts, with payloads (valid and invalid). */
  events: Record<string, EventObject[]>;
  /** Outcomes of every invoked actor, by invoke id. */
  actors?: Record<string, ActorOutcomes>;
  /** The context fields that distinguish states in the graph (keeps the graph finite). */
  context?: (context: never) => unknown;
  /** Upper bound on traversal iterations. */
  limit?: number;
  /** Checked after every replayed step: observable effects and context texts. */
  check?: (step: ReplayedStep) => void;
}

/** A model typed by its machine: every event type needs samples of its own shape. */
export type FlowModelOf<M extends AnyStateMachine> = Omit<FlowModel, 'machine' | 'events' | 'context'> & {
  machine: M;
  events: { [K in EventFromLogic<M>['type']]: Array<Extract<EventFromLogic<M>, { type: K }>> };
  context?: (context: ContextFrom<M>) => unknown;
};

export function defineModel<M extends AnyStateMachine>(model: FlowModelOf<M>): FlowModel {
  return model as unknown as FlowModel;
}

export interface Effect {
  name: string;
  params: unknown;
}

export interface ReplayedStep {
  before: AnyMachineSnapshot;
  event: EventObject;
  after: AnyMachineSnapshot;
  /** Effects (named actions) run by this step. */
  effects: Effect[];
  /** Inputs of the actors started by this step, by invoke id. */
  started: Record<string, unknown>;
}

export interface FlowPath {
  steps: Array<{ event: EventObject; state: AnyMachineSnapshot }>;
  source: string;
}

export const DONE = 'xstate.done.actor.';
export const ERROR = 'xstate.error.actor.';
export const AFTER = 'xstate.after.';

function serializer(model: FlowModel) {
  return (snapshot: AnyMachineSnapshot): string =>
    JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      context: model.context ? model.context(snapshot.context as never) : null,
    });
}

/** Invoke id → actor name, for invokes without an explicit id. */
export function actorNames(machine: AnyStateMachine): Map<string, string> {
  const srcOf = new Map<string, string>();
  for (const node of getStateNodes(machine.root)) {
    for (const inv of node.invoke) if (typeof inv.src === 'string') srcOf.set(inv.id, inv.src);
  }
  return srcOf;
}

/**
 * The events to try in a state: the machine's own descriptors, filled with the model's samples (the
 * graph's traversal and the path tests' seeded random walk both take them from here).
 */
export function eventsOf(model: FlowModel, name: string) {
  // Outcomes are listed by invoke id, or by the actor's name for invokes without an id.
  const srcOf = actorNames(model.machine);
  return (snapshot: AnyMachineSnapshot): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(snapshot).flatMap((type: string): EventObject[] => {
      if (type.startsWith(DONE) || type.startsWith(ERROR)) {
        const done = type.startsWith(DONE);
        const id = type.slice((done ? DONE : ERROR).length);
        const entry = model.actors?.[id] ?? model.actors?.[srcOf.get(id) ?? ''];
        const outcomes = done ? entry?.done : entry?.error;
        if (!outcomes || outcomes.length === 0) {
          throw new Error(`Flow model '${name}' gives no ${done ? 'done output' : 'error'} for actor '${id}'`);
        }
        return outcomes.map((o) => (done ? { type, output: o } : { type, error: o }));
      }
      if (type.startsWith(AFTER)) return [{ type }];
      const samples = model.events[type];
      if (!samples || samples.length === 0) {
        throw new Error(`Flow model '${name}' gives no sample for event '${type}'`);
      }
      return samples;
    });
}

function traversalOptions(model: FlowModel, name: string) {
  return {
    events: eventsOf(model, name),
    serializeState: serializer(model) as never,
    limit: model.limit ?? 5000,
    ...(model.input === undefined ? {} : { input: model.input }),
  };
}

/** The traversed graph as getAdjacencyMap gives it: each state's key, and per event the event and next state. */
type Adjacency = Record<string, { transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }>;

/**
 * The events of a shortest path from `first` to each state of the graph, found breadth first in the graph's own
 * order, as getShortestPaths of @xstate/graph finds them (which would traverse the machine a second time).
 */
function shortestPrefixes(
  adjacency: Adjacency,
  first: string,
  serialize: (snapshot: AnyMachineSnapshot) => string,
): Map<string, EventObject[]> {
  const prefixes = new Map<string, EventObject[]>([[first, []]]);
  const queue = [first];
  for (let i = 0; i < queue.length; i++) {
    const key = queue[i]!;
    for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
      const next = serialize(state);
      if (prefixes.has(next)) continue;
      prefixes.set(next, [...prefixes.get(key)!, event]);
      queue.push(next);
    }
  }
  return prefixes;
}

/** Each model's paths, planned once: the walks, the coverage, the path plan and the stories all read them. */
const pathsOfModel = new WeakMap<FlowModel, FlowPath[]>();

/** One path per transition of the traversed graph: shortest path to its source, then the transition. */
export function flowPaths(model: FlowModel, name: string): readonly FlowPath[] {
  const known = pathsOfModel.get(model);
  if (known) return known;
  const serialize = serializer(model);
  const adjacency = getAdjacencyMap(model.machine, traversalOptions(model, name)) as unknown as Adjacency;
  const prefixes = shortestPrefixes(adjacency, serialize(initialSnapshot(model)), serialize);
  const paths: FlowPath[] = [];
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const prefix = prefixes.get(key);
    if (!prefix) throw new Error(`No shortest path to ${key}`);
    for (const { event } of Object.values(transitions)) {
      paths.push({ source: key, steps: pureSteps(model, [...prefix, event]) });
    }
  }
  pathsOfModel.set(model, paths);
  return paths;
}

/**
 * Every simple path of the traversed graph (no state twice) from the initial state, as getSimplePaths of
 * @xstate/graph gives them (one per distinct event sequence, to every state), but counted as they are
 * found: past `limit` paths the search stops and says so (`complete: false`), since their number grows
 * exponentially with the graph's branching and cycles.
 */
export function simpleFlowPaths(
  model: FlowModel,
  name: string,
  limit: number,
): { paths: FlowPath[]; complete: boolean } {
  const serialize = serializer(model);
  const adjacency = getAdjacencyMap(model.machine, traversalOptions(model, name)) as unknown as Adjacency;
  const first = serialize(initialSnapshot(model));
  if (!adjacency[first]) throw new Error(`The initial state of '${name}' is not in its graph`);
  const found: EventObject[][] = [];
  const onPath = new Set<string>([first]);
  const events: EventObject[] = [];
  const visit = (key: string): boolean => {
    for (const { event, state } of Object.values(adjacency[key]!.transitions)) {
      const next = serialize(state);
      if (onPath.has(next) || !adjacency[next]) continue;
      events.push(event);
      found.push([...events]);
      if (found.length > limit) return false;
      onPath.add(next);
      const more = visit(next);
      onPath.delete(next);
      events.pop();
      if (!more) return false;
    }
    return true;
  };
  const complete = visit(first);
  return {
    paths: found.slice(0, limit).map((e) => ({ source: 'simple', steps: pureSteps(model, e) })),
    complete,
  };
}

/**
 * The states of an event sequence, computed with the machine's pure `transition`. The graph's
 * own snapshots are not used: states that share a key may differ in context fields the key
 * leaves out (error texts, the user), and the replay compares the whole context.
 */
export function pureSteps(model: FlowModel, events: EventObject[]): FlowPath['steps'] {
  let state = initialSnapshot(model);
  return events.map((event) => {
    [state] = transition(model.machine, state as never, event as never) as unknown as [AnyMachineSnapshot];
    return { event, state };
  });
}

export function initialSnapshot(model: FlowModel): AnyMachineSnapshot {
  const actor = createActor(model.machine, model.input === undefined ? {} : { input: model.input });
  return actor.getSnapshot() as AnyMachineSnapshot;
}
