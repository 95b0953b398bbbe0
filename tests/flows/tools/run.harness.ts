/**
 * The real tool-run machine with test effects (withToolEffects, fake timers), shared by the tool
 * cases: every call recorded with its input and signal, every transition an actor takes recorded
 * against the registered machines (XState's inspect) for `checkToolCoverage`.
 */
import { afterAll, afterEach, beforeEach, expect, vi } from 'vitest';
import {
  createActor,
  type Actor,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { machines } from '../../../src/flows';
import { withToolEffects, type ToolEffects } from '../../../src/flows/tools/tool-effects';
import type {
  CallInput,
  CreationAnswer,
  PredictionAnswer,
  ToolRunInput,
} from '../../../src/flows/tools/tool-run.types';
import { toolByKey, type Tool, type ToolKey } from '../../../src/catalog/tools';
import { fakeActor } from '../fake-actor';
import { graphEdges } from '../harness';

/** The four machines of a tool run; `checkToolCoverage` checks the real tests walked all their transitions. */
export const toolMachineIds = ['toolRun', 'toolRequest', 'toolPoll', 'toolProgress'] as const;
/** The registered machines' transition objects that an actor of the real tests took. */
export const walked = new Set<unknown>();

/**
 * The registered machine's own transition for one an actor took: the actors run provided copies
 * (withToolEffects), whose state nodes are new objects, so the transition is found again by its
 * source state id, its event and its place among that event's guarded candidates.
 */
function registeredTransition(t: AnyTransitionDefinition): unknown {
  const source = t.source;
  const registered: AnyStateMachine | undefined = machines[source.machine.id];
  if (!registered || !(toolMachineIds as readonly string[]).includes(source.machine.id)) return undefined;
  const node = registered.getStateNodeById(source.id);
  const always = source.always?.indexOf(t) ?? -1;
  if (always >= 0) return node.always?.[always];
  const index = source.transitions.get(t.eventType)?.indexOf(t) ?? -1;
  return index >= 0 ? node.transitions.get(t.eventType)?.[index] : undefined;
}

/** Inspector of the real tests' actors (the run and every child): records each transition taken. */
export function recordTransitions(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  for (const t of event._transitions) {
    const registered = registeredTransition(t);
    if (registered) walked.add(registered);
  }
}

export type Impl<I, O> = (input: I, signal: AbortSignal) => Promise<O>;
export const never = <T>(): Promise<T> => new Promise<T>(() => {});

/** Test effects: every call recorded with its input and signal; each effect's answer is given by the test. */
export function testEffects(impl: {
  generateSync?: Impl<CallInput, unknown>;
  startGeneration?: Impl<CallInput, unknown>;
  fetchPrediction?: Impl<{ id: string }, PredictionAnswer>;
  upload?: Impl<{ image: string; which: 'main' | 'pose' }, { url: string }>;
  getCreation?: Impl<{ id: string }, CreationAnswer>;
}) {
  const calls = {
    generateSync: [] as Array<{ input: CallInput; signal: AbortSignal }>,
    startGeneration: [] as Array<{ input: CallInput; signal: AbortSignal }>,
    fetchPrediction: [] as Array<{ id: string }>,
    upload: [] as Array<{ image: string; which: string }>,
    getCreation: [] as Array<{ id: string; signal: AbortSignal }>,
  };
  const spies = {
    requireSignIn: vi.fn(),
    keepDraft: vi.fn(),
    creditsChanged: vi.fn(),
    refreshCredits: vi.fn(),
    scrollToResult: vi.fn(),
  };
  const effects: ToolEffects = {
    generateSync: fakeActor((input: CallInput, signal) => {
      calls.generateSync.push({ input, signal });
      return (impl.generateSync ?? never)(input, signal) as never;
    }),
    startGeneration: fakeActor((input: CallInput, signal) => {
      calls.startGeneration.push({ input, signal });
      return (impl.startGeneration ?? never)(input, signal) as never;
    }),
    fetchPrediction: fakeActor((input: { id: string }, signal) => {
      calls.fetchPrediction.push(input);
      return (impl.fetchPrediction ?? never)(input, signal);
    }),
    upload: fakeActor((input: { image: string; which: 'main' | 'pose' }, signal) => {
      calls.upload.push(input);
      return (impl.upload ?? never)(input, signal);
    }),
    getCreation: fakeActor((input: { id: string }, signal) => {
      calls.getCreation.push({ ...input, signal });
      return (impl.getCreation ?? never)(input, signal);
    }),
    requireSignIn: spies.requireSignIn,
    keepDraft: spies.keepDraft,
    creditsChanged: spies.creditsChanged,
    refreshCredits: spies.refreshCredits,
    scrollToResult: spies.scrollToResult,
  };
  return { effects, calls, spies };
}

const running: Array<Actor<ReturnType<typeof withToolEffects>>> = [];
let keys = 0;

export function run(key: ToolKey | Tool, effects: ToolEffects, input: Partial<ToolRunInput> = {}) {
  const actor = createActor(withToolEffects(effects), {
    inspect: recordTransitions,
    input: {
      tool: typeof key === 'string' ? toolByKey(key) : key,
      signedIn: true,
      credits: 5000,
      newKey: () => `key-${++keys}`,
      random: () => 0.5,
      ...input,
    },
  });
  running.push(actor);
  actor.start();
  return actor;
}

export const settle = () => vi.advanceTimersByTimeAsync(0);
export const reject = (error: unknown) => () => Promise.reject(error);

/** Fake timers and fresh keys for each test of the including file; every run it started is stopped after. */
export function withToolRunTimers(): void {
  beforeEach(() => {
    vi.useFakeTimers();
    keys = 0;
  });
  afterEach(() => {
    for (const a of running.splice(0)) a.stop();
    vi.useRealTimers();
  });
}

/**
 * After all the including file's tests, whatever their order: fails unless their actors took every
 * transition of toolRun, toolRequest, toolPoll and toolProgress.
 */
export function checkToolCoverage(): void {
  afterAll(() => {
    const missing = toolMachineIds.flatMap((id) =>
      graphEdges(machines[id]!)
        .filter((edge) => !walked.has(edge.transition))
        .map((edge) => edge.key),
    );
    expect(missing).toEqual([]);
  });
}
