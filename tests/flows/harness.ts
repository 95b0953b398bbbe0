/**
 * Model walks of the REAL machines: a smoke check, not coverage.
 *
 * 1. The machine is traversed once with @xstate/graph (getAdjacencyMap) using the model's event
 *    samples, including the done/error events of its invoked actors and the delayed (`after`)
 *    events, which the graph derives from the machine itself.
 * 2. Every transition of that graph becomes a path: the shortest path to its source state (breadth
 *    first over that graph, as getShortestPaths finds it) plus the transition; a model's paths are
 *    planned once per worker and shared by the walks, the coverage and the path plan. Each path
 *    runs on a live actor whose actors are controllable fakes, whose effect actions are recording
 *    spies and whose timers are fake; after every step the live snapshot must equal the one the
 *    machine's own `transition` computes. That catches what the pure function does not run: an
 *    action, an actor's input or a delay that throws, a fake that is not started. It cannot catch
 *    a wrong design: the machine is checked against itself.
 * 3. coverage/models.json (coverage.test.ts) lists the transitions these walks ran, against every
 *    edge of toDirectedGraph(machine): a model that leaves one out fails there. The transition
 *    coverage of the app is the path tests' (tests/paths, coverage/flows.json), which drive the real UI.
 * The same paths feed the path tests (tests/paths/harness.ts plannedPaths), and scenario() runs
 * hand-written event sequences whose effects the flow tests assert.
 * The models' types and their paths are in model-paths.ts, the coverage of a graph in coverage-graph.ts;
 * this file (the driver, the replay, scenarios) re-exports both.
 */
import { createActor, type AnyMachineSnapshot, type EventObject } from 'xstate';
import { describe, expect, it, vi } from 'vitest';
import { REPLAY_PREFIX } from '../../scripts/test-summary.mjs';
import { fakeActor } from './fake-actor';
import {
  actorNames,
  AFTER,
  DONE,
  ERROR,
  flowPaths,
  initialSnapshot,
  type Effect,
  type FlowModel,
  type FlowPath,
  type ReplayedStep,
} from './model-paths';

export * from './model-paths';
export * from '../../tools/flows/coverage-graph';

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
        fakeActor<unknown, unknown>(
          (input, _signal, id) =>
            new Promise((resolve, reject) => {
              this.pending.set(id, { resolve, reject });
              this.started.push({ id, input });
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
