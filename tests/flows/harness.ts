/**
 * Model walks of the REAL machines: a smoke check, not coverage.
 *
 * 1. The machine is traversed with @xstate/graph (getAdjacencyMap + getShortestPaths) using the
 *    model's event samples, including the done/error events of its invoked actors and the
 *    delayed (`after`) events, which the graph derives from the machine itself.
 * 2. Every transition of that graph becomes a path: the shortest path to its source state plus
 *    the transition. Each path runs on a live actor whose actors are controllable fakes, whose
 *    effect actions are recording spies and whose timers are fake; after every step the live
 *    snapshot must equal the one the machine's own `transition` computes. That catches what the
 *    pure function does not run: an action, an actor's input or a delay that throws, a fake that
 *    is not started. It cannot catch a wrong design: the machine is checked against itself.
 * 3. coverage/models.json (coverage.test.ts) lists the transitions these walks ran, against every
 *    edge of toDirectedGraph(machine): a model that leaves one out fails there. The transition
 *    coverage of the app is the path tests' (tests/paths, coverage/flows.json), which drive the real UI.
 * The same paths feed the path tests (tests/paths/harness.ts plannedPaths), and scenario() runs
 * hand-written event sequences whose effects the flow tests assert.
 */
import {
  getAdjacencyMap,
  getShortestPaths,
  getStateNodes,
  toDirectedGraph,
  type DirectedGraphNode,
} from '@xstate/graph';
import {
  __unsafe_getAllOwnEventDescriptors,
  createActor,
  fromPromise,
  getInitialMicrosteps,
  getMicrosteps,
  transition,
  type AnyStateNode,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type ContextFrom,
  type EventFromLogic,
  type EventObject,
} from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { REPLAY_PREFIX } from '../../scripts/test-summary.mjs';

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

const DONE = 'xstate.done.actor.';
const ERROR = 'xstate.error.actor.';
const AFTER = 'xstate.after.';

function serializer(model: FlowModel) {
  return (snapshot: AnyMachineSnapshot): string =>
    JSON.stringify({
      value: snapshot.value,
      status: snapshot.status,
      context: model.context ? model.context(snapshot.context as never) : null,
    });
}

/** The events to try in a state: the machine's own descriptors, filled with the model's samples. */
/** Invoke id → actor name, for invokes without an explicit id. */
function actorNames(machine: AnyStateMachine): Map<string, string> {
  const srcOf = new Map<string, string>();
  for (const node of getStateNodes(machine.root)) {
    for (const inv of node.invoke) if (typeof inv.src === 'string') srcOf.set(inv.id, inv.src);
  }
  return srcOf;
}

function eventsOf(model: FlowModel, name: string) {
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

/** One path per transition of the traversed graph: shortest path to its source, then the transition. */
export function flowPaths(model: FlowModel, name: string): FlowPath[] {
  const serialize = serializer(model);
  const options = traversalOptions(model, name);
  const shortest = getShortestPaths(model.machine, options);
  const toState = new Map(shortest.map((p) => [serialize(p.state as AnyMachineSnapshot), p]));
  const adjacency = getAdjacencyMap(model.machine, options);
  const paths: FlowPath[] = [];
  for (const [key, { transitions }] of Object.entries(adjacency)) {
    const prefix = toState.get(key);
    if (!prefix) throw new Error(`No shortest path to ${key}`);
    const events = prefix.steps.map((step) => step.event as EventObject).filter((event) => !isInit(event));
    for (const { event } of Object.values(transitions) as Array<{ event: EventObject }>) {
      paths.push({ source: key, steps: pureSteps(model, [...events, event]) });
    }
  }
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
  const adjacency = getAdjacencyMap(model.machine, traversalOptions(model, name)) as unknown as Record<
    string,
    { transitions: Record<string, { event: EventObject; state: AnyMachineSnapshot }> }
  >;
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

function isInit(event: EventObject | undefined): boolean {
  return event?.type === 'xstate.init';
}

export function initialSnapshot(model: FlowModel): AnyMachineSnapshot {
  const actor = createActor(model.machine, model.input === undefined ? {} : { input: model.input });
  return actor.getSnapshot() as AnyMachineSnapshot;
}

// ---------- the live driver ----------

interface Deferred {
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

function isCustomAction(impl: unknown): boolean {
  // Built-in actions (assign, raise, sendTo…) carry a `type`; the app's effects are plain functions.
  return typeof impl === 'function' && !('type' in impl);
}

async function flush(): Promise<void> {
  for (let i = 0; i < 10; i++) await Promise.resolve();
  await vi.advanceTimersByTimeAsync(0);
}

export class Driver {
  readonly effects: Effect[] = [];
  readonly started: Array<{ id: string; input: unknown }> = [];
  private readonly pending = new Map<string, Deferred>();
  readonly actor;

  constructor(private readonly model: FlowModel) {
    const machine = model.machine;
    const actors = Object.fromEntries(
      Object.keys(machine.implementations.actors).map((src) => [
        src,
        fromPromise<unknown, unknown>(
          ({ input, self }) =>
            new Promise((resolve, reject) => {
              this.pending.set(self.id, { resolve, reject });
              this.started.push({ id: self.id, input });
            }),
        ),
      ]),
    );
    const actions = Object.fromEntries(
      Object.entries(machine.implementations.actions)
        .filter(([, impl]) => isCustomAction(impl))
        .map(([name]) => [name, (_: unknown, params: unknown) => void this.effects.push({ name, params })]),
    );
    this.actor = createActor(
      machine.provide({ actors, actions } as never),
      model.input === undefined ? {} : { input: model.input },
    );
  }

  async start(): Promise<void> {
    this.actor.start();
    await flush();
  }

  snapshot(): AnyMachineSnapshot {
    return this.actor.getSnapshot() as AnyMachineSnapshot;
  }

  /** Delivers one path event: a user event, an actor outcome or the elapse of a named delay. */
  async send(event: EventObject): Promise<void> {
    const type = event.type;
    if (type.startsWith(DONE) || type.startsWith(ERROR)) {
      const done = type.startsWith(DONE);
      const id = type.slice((done ? DONE : ERROR).length);
      // Scenarios may name the actor instead of its generated invoke id.
      const srcOf = actorNames(this.model.machine);
      const key = this.pending.has(id) ? id : [...this.pending.keys()].find((k) => srcOf.get(k) === id);
      const deferred = key === undefined ? undefined : this.pending.get(key);
      if (!deferred || key === undefined) throw new Error(`Actor '${id}' is not running`);
      this.pending.delete(key);
      if (done) deferred.resolve((event as { output?: unknown }).output);
      else deferred.reject((event as { error?: unknown }).error);
      await flush();
      return;
    }
    if (type.startsWith(AFTER)) {
      await vi.advanceTimersByTimeAsync(this.delayOf(type));
      await flush();
      return;
    }
    this.actor.send(event);
    await flush();
  }

  private delayOf(type: string): number {
    const name = type.slice(AFTER.length).split('.')[0] ?? '';
    const delays = this.model.machine.implementations.delays as Record<string, unknown>;
    const delay = delays[name];
    if (typeof delay === 'number') return delay;
    if (typeof delay === 'function') {
      const snap = this.snapshot();
      return (delay as (a: unknown) => number)({ context: snap.context, event: { type } });
    }
    const ms = Number(name);
    if (Number.isNaN(ms)) throw new Error(`Unknown delay '${name}'`);
    return ms;
  }

  stop(): void {
    this.actor.stop();
  }
}

export function comparable(snapshot: AnyMachineSnapshot) {
  return { value: snapshot.value, status: snapshot.status, context: snapshot.context };
}

/** Replays a path on a live actor; after every step the live snapshot must equal the path's. */
export async function replay(model: FlowModel, path: FlowPath): Promise<ReplayedStep[]> {
  vi.useFakeTimers();
  const driver = new Driver(model);
  const replayed: ReplayedStep[] = [];
  try {
    await driver.start();
    expect(comparable(driver.snapshot())).toEqual(comparable(initialSnapshot(model)));
    for (const step of path.steps) {
      const before = driver.snapshot();
      const effectsBefore = driver.effects.length;
      const startedBefore = driver.started.length;
      await driver.send(step.event);
      const after = driver.snapshot();
      expect(comparable(after), `after ${step.event.type}`).toEqual(comparable(step.state));
      const done: ReplayedStep = {
        before,
        event: step.event,
        after,
        effects: driver.effects.slice(effectsBefore),
        started: Object.fromEntries(driver.started.slice(startedBefore).map((s) => [s.id, s.input])),
      };
      model.check?.(done);
      replayed.push(done);
    }
  } finally {
    driver.stop();
    vi.useRealTimers();
  }
  return replayed;
}

/** Runs a hand-written scenario (user events and actor outcomes) on a live actor. */
export async function scenario(model: FlowModel, events: ReadonlyArray<AnyEvent>) {
  vi.useFakeTimers();
  const driver = new Driver(model);
  try {
    await driver.start();
    for (const event of events) await driver.send(event);
    return { snapshot: driver.snapshot(), effects: driver.effects, started: driver.started };
  } finally {
    driver.stop();
    vi.useRealTimers();
  }
}

/** Any event with its payload, as a scenario lists them. */
export type AnyEvent = { type: string; [key: string]: unknown };
export const done = (id: string, output: unknown): AnyEvent => ({ type: `${DONE}${id}`, output });
export const fail = (id: string, error: unknown): AnyEvent => ({ type: `${ERROR}${id}`, error });
export const elapse = (delay: string, stateId: string): AnyEvent => ({ type: `${AFTER}${delay}.${stateId}` });

// ---------- coverage ----------

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
  const states = countStates(graph);
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
  const states = countStates(graph);
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

function countStates(node: DirectedGraphNode): number {
  return node.children.reduce((n, c) => n + countStates(c), node.children.length);
}

/**
 * The model walk of one machine (a smoke check): every transition of its graph run on a live actor
 * with test effects, grouped by source state; each step must end where the machine's `transition` says.
 * Its describe title starts with REPLAY_PREFIX: `npm test` counts these apart from behaviour tests.
 */
export function describeFlows(name: string, model: FlowModel): void {
  describe(`${REPLAY_PREFIX}${name} (a smoke check)`, () => {
    const paths = flowPaths(model, name);
    const groups = new Map<string, FlowPath[]>();
    for (const path of paths) groups.set(path.source, [...(groups.get(path.source) ?? []), path]);
    for (const [source, group] of groups) {
      it(`runs ${group.length} transition(s) from ${source} with test effects, without error`, async () => {
        for (const path of group) await replay(model, path);
      });
    }
  });
}
