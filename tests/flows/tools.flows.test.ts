/**
 * A tool run: the model walks of the four machines, then the REAL composed machine
 * (withToolEffects with test effects, fake timers) on the paths a user meets. The actors of the
 * real tests record every transition they take (XState's inspect), and the last test fails unless
 * they took every transition of toolRun, toolRequest, toolPoll and toolProgress; the model walks
 * (describeFlows) replay the machines against their own transition function and are not counted.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  createActor,
  fromPromise,
  type Actor,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type InspectionEvent,
} from 'xstate';
import { machines } from '../../machines';
import { toolByKey, type ToolKey } from '../../src/catalog/tools';
import { aspectPreset, aspectPresets, roundSize } from '../../machines/tools/aspect';
import { generationBody } from '../../machines/tools/body';
import { withToolEffects, type ToolEffects } from '../../machines/tools/effects';
import {
  AD_BUSY,
  AD_HIGH_LOAD,
  AD_UNAVAILABLE,
  CHECK_FAILED,
  GENERATION_FAILED,
  GENERATION_TIMED_OUT,
  INVALID_RESPONSE,
  REQUEST_TIMED_OUT,
  TOOK_TOO_LONG,
  generationErrorText,
  isRetryable,
  toToolError,
} from '../../machines/tools/errors';
import { acceptParam, defaultParams } from '../../machines/tools/params';
import { toolRunMachine } from '../../machines/tools/tool-run.machine';
import { shapeOf, validationError } from '../../machines/tools/shapes';
import { MAX_POLLS, pollProgress } from '../../machines/tools/tool-poll.machine';
import { PROGRESS_CAP, nextProgress } from '../../machines/tools/tool-progress.machine';
import type { CallInput, PredictionAnswer, ToolRunInput } from '../../machines/tools/tool-run.types';
import { describeFlows, graphEdges } from './harness';
import { serverError, silentError } from './models/fixtures';
import {
  IMAGE,
  POSE,
  runInput,
  toolPollModel,
  toolProgressModel,
  toolRequestAdModel,
  toolRunMediaModel,
  toolRunPersonModel,
  toolRunSyncModel,
  toolRunTextModel,
} from './models/tools.models';

describeFlows('toolRun (sync: text to image)', toolRunSyncModel);
describeFlows('toolRun (upload, start, poll: person to person)', toolRunPersonModel);
describeFlows('toolRun (start then wait: text generation)', toolRunTextModel);
describeFlows('toolRun (parameters, start, poll: sound generation)', toolRunMediaModel);
describeFlows('toolRequest', toolRequestAdModel);
describeFlows('toolPoll', toolPollModel);
describeFlows('toolProgress', toolProgressModel);

// ---------- the real machine, with test effects ----------

/** The four machines of a tool run; the last test below checks the real tests walked all their transitions. */
const toolMachineIds = ['toolRun', 'toolRequest', 'toolPoll', 'toolProgress'] as const;
/** The registered machines' transition objects that an actor of the real tests took. */
const walked = new Set<unknown>();

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
function recordTransitions(event: InspectionEvent): void {
  if (event.type !== '@xstate.microstep') return;
  for (const t of event._transitions) {
    const registered = registeredTransition(t);
    if (registered) walked.add(registered);
  }
}

type Impl<I, O> = (input: I, signal: AbortSignal) => Promise<O>;
const never = <T>(): Promise<T> => new Promise<T>(() => {});

/** Test effects: every call recorded with its input and signal; each effect's answer is given by the test. */
function testEffects(impl: {
  generateSync?: Impl<CallInput, unknown>;
  startGeneration?: Impl<CallInput, unknown>;
  fetchPrediction?: Impl<{ id: string }, PredictionAnswer>;
  upload?: Impl<{ image: string; which: 'main' | 'pose' }, { url: string }>;
  waitForResult?: Impl<{ id: string; onProgress: (n: number) => void }, { output: string }>;
}) {
  const calls = {
    generateSync: [] as Array<{ input: CallInput; signal: AbortSignal }>,
    startGeneration: [] as Array<{ input: CallInput; signal: AbortSignal }>,
    fetchPrediction: [] as Array<{ id: string }>,
    upload: [] as Array<{ image: string; which: string }>,
    waitForResult: [] as Array<{ id: string; onProgress: (n: number) => void }>,
  };
  const spies = {
    requireSignIn: vi.fn(),
    creditsChanged: vi.fn(),
    refreshCredits: vi.fn(),
    scrollToResult: vi.fn(),
  };
  const effects: ToolEffects = {
    generateSync: fromPromise(({ input, signal }) => {
      calls.generateSync.push({ input, signal });
      return (impl.generateSync ?? never)(input, signal) as never;
    }),
    startGeneration: fromPromise(({ input, signal }) => {
      calls.startGeneration.push({ input, signal });
      return (impl.startGeneration ?? never)(input, signal) as never;
    }),
    fetchPrediction: fromPromise(({ input, signal }) => {
      calls.fetchPrediction.push(input);
      return (impl.fetchPrediction ?? never)(input, signal);
    }),
    upload: fromPromise(({ input, signal }) => {
      calls.upload.push(input);
      return (impl.upload ?? never)(input, signal);
    }),
    waitForResult: fromPromise(({ input, signal }) => {
      calls.waitForResult.push(input);
      return (impl.waitForResult ?? never)(input, signal);
    }),
    requireSignIn: spies.requireSignIn,
    creditsChanged: spies.creditsChanged,
    refreshCredits: spies.refreshCredits,
    scrollToResult: spies.scrollToResult,
  };
  return { effects, calls, spies };
}

const running: Array<Actor<ReturnType<typeof withToolEffects>>> = [];
let keys = 0;

function run(key: ToolKey, effects: ToolEffects, input: Partial<ToolRunInput> = {}) {
  const actor = createActor(withToolEffects(effects), {
    inspect: recordTransitions,
    input: {
      tool: toolByKey(key),
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

const settle = () => vi.advanceTimersByTimeAsync(0);
const reject = (error: unknown) => () => Promise.reject(error);

beforeEach(() => {
  vi.useFakeTimers();
  keys = 0;
});
afterEach(() => {
  for (const a of running.splice(0)) a.stop();
  vi.useRealTimers();
});

describe('advertisement: the retry path of spec §9', () => {
  it('504 → 2 s → 504 → 2 s → 504 → "The server is busy", three calls with one idempotency key', async () => {
    const { effects, calls, spies } = testEffects({
      generateSync: reject(serverError('Gateway Timeout', { status: 504 })),
    });
    const actor = run('text-to-advertisement', effects);
    actor.send({ type: 'tool.prompt', prompt: 'A sparkling water can on ice' });
    actor.send({ type: 'tool.generate' });
    await settle();

    const request = () => actor.getSnapshot().children['request'] as { getSnapshot(): { value: unknown } } | undefined;
    expect(calls.generateSync).toHaveLength(1);
    expect(request()?.getSnapshot().value).toBe('waiting');
    expect(actor.getSnapshot().hasTag('busy')).toBe(true);

    await vi.advanceTimersByTimeAsync(1999);
    expect(calls.generateSync).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.generateSync).toHaveLength(2);
    expect(request()?.getSnapshot().value).toBe('waiting');

    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.generateSync).toHaveLength(3);

    const s = actor.getSnapshot();
    expect(s.value).toBe('error');
    expect(s.context.error).toBe(AD_BUSY);
    expect(s.context.progress).toBe(0);
    expect(calls.generateSync.map((c) => c.input.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(calls.generateSync.map((c) => c.input.attempt)).toEqual([1, 2, 3]);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    expect(spies.creditsChanged).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.generateSync).toHaveLength(3);
  });

  it('sends the ad payload to /api/generate/image: defaults, prompt, sizes rounded down to 8', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('text-to-advertisement', effects);
    actor.send({ type: 'tool.aspect', name: 'Mobile' });
    actor.send({ type: 'tool.prompt', prompt: '  Summer sale  ' });
    actor.send({ type: 'tool.generate' });
    await settle();
    const tool = toolByKey('text-to-advertisement');
    expect(calls.generateSync[0]?.input).toEqual({
      endpoint: '/api/generate/image',
      idempotencyKey: 'key-1',
      attempt: 1,
      body: {
        provider: 'replicate',
        modelId: tool.id,
        cost: tool.cost,
        input: { ...tool.defaultParams, prompt: 'Summer sale', width: 768, height: 1360 },
      },
    });
  });

  it('aborts each attempt at 45 s; after three the banner says the request took too long', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('text-to-advertisement', effects);
    actor.send({ type: 'tool.prompt', prompt: 'A bike' });
    actor.send({ type: 'tool.generate' });
    await settle();
    await vi.advanceTimersByTimeAsync(44_999);
    expect(calls.generateSync[0]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.generateSync[0]?.signal.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(2000 + 45_000 + 2000 + 45_000);
    expect(calls.generateSync).toHaveLength(3);
    expect(calls.generateSync.every((c) => c.signal.aborted)).toBe(true);
    expect(actor.getSnapshot().context.error).toBe(TOOK_TOO_LONG);
  });

  it('a second attempt that answers shows the result; the answer’s credits reach the app', async () => {
    let n = 0;
    const { effects, calls, spies } = testEffects({
      generateSync: async () => {
        n += 1;
        if (n === 1) throw { name: 'AbortError', message: 'The operation was aborted' };
        return { output: 'https://atelier.test/ad.png', credits: 4795 };
      },
    });
    const actor = run('text-to-advertisement', effects);
    actor.send({ type: 'tool.prompt', prompt: 'A bike' });
    actor.send({ type: 'tool.generate' });
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.generateSync).toHaveLength(2);
    const s = actor.getSnapshot();
    expect(s.value).toBe('result');
    expect(s.context.result).toBe('https://atelier.test/ad.png');
    expect(s.context.progress).toBe(100);
    expect(s.context.credits).toBe(4795);
    expect(spies.creditsChanged).toHaveBeenCalledWith(4795);
    expect(spies.refreshCredits).not.toHaveBeenCalled();
  });
});

describe('other tools: time-outs retry, a 504 does not', () => {
  it('text to image: a 504 fails at once with the §8 text', async () => {
    const { effects, calls } = testEffects({ generateSync: reject(serverError('Gateway', { status: 504 })) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe(REQUEST_TIMED_OUT);
  });

  it('text to image: a time-out message is retried, 55 s per attempt', async () => {
    let n = 0;
    const { effects, calls } = testEffects({
      generateSync: async () => {
        n += 1;
        if (n === 1) throw serverError('Prediction timed out', { status: 500 });
        return never();
      },
    });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.generateSync).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(54_999);
    expect(calls.generateSync[1]?.signal.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.generateSync[1]?.signal.aborted).toBe(true);
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

describe('simulated progress (spec §4, §9)', () => {
  it('ticks every 800 ms with shrinking steps, holds at 85, then 100 on the answer', async () => {
    let answer: (v: unknown) => void = () => {};
    const { effects } = testEffects({ generateSync: () => new Promise((r) => (answer = r)) });
    const actor = run('text-to-image', effects, { random: () => 0.5 });
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    const seen: number[] = [];
    for (let i = 0; i < 60; i++) {
      await vi.advanceTimersByTimeAsync(800);
      seen.push(actor.getSnapshot().context.progress);
    }
    // random 0.5: +3 below 30, +2 below 60, +1 above, never past 85.
    expect(seen.slice(0, 12)).toEqual([3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 32, 34]);
    expect(seen[24]).toBe(60);
    expect(seen[25]).toBe(61);
    expect(seen[49]).toBe(85);
    expect(seen.slice(50)).toEqual(Array(10).fill(85));
    expect(seen.every((v, i) => i === 0 || v >= seen[i - 1]!)).toBe(true);

    answer({ output: 'https://atelier.test/fox.png', credits: 4999 });
    await settle();
    expect(actor.getSnapshot().context.progress).toBe(100);
    expect(actor.getSnapshot().children['progress']).toBeUndefined();
  });

  it('goes back to 0 on an error', async () => {
    let fail: (e: unknown) => void = () => {};
    const { effects } = testEffects({ generateSync: () => new Promise((_, r) => (fail = r)) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await vi.advanceTimersByTimeAsync(800 * 5);
    expect(actor.getSnapshot().context.progress).toBe(15);
    fail(serverError('Model unavailable'));
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ progress: 0, error: 'Model unavailable' });
  });

  it('increments: up to 5 below 30, up to 3 below 60, up to 1 above, capped at 85', () => {
    expect(nextProgress(0, 0.99)).toBe(5);
    expect(nextProgress(29, 0.99)).toBe(34);
    expect(nextProgress(30, 0.99)).toBe(33);
    expect(nextProgress(60, 0.99)).toBe(61);
    expect(nextProgress(84, 0.99)).toBe(PROGRESS_CAP);
    expect(nextProgress(85, 0.99)).toBe(PROGRESS_CAP);
    expect(nextProgress(10, 0)).toBe(10);
  });
});

describe('polling (spec §4 Polling flow)', () => {
  const processing: PredictionAnswer = { status: 'processing', output: null, error: null };

  async function restoreRun(fetchPrediction: Impl<{ id: string }, PredictionAnswer>) {
    const t = testEffects({ startGeneration: async () => ({ id: 'pred-9', credits: 4990 }), fetchPrediction });
    const actor = run('restore-image', t.effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    return { actor, ...t };
  }

  it('times out after 60 checks, 2 s apart: "Generation timed out"; progress checks/60 capped at 95', async () => {
    const { actor, calls, spies } = await restoreRun(async () => processing);
    expect(calls.startGeneration[0]?.input).toMatchObject({
      endpoint: '/api/generate/restore',
      body: { modelId: toolByKey('restore-image').id, input: { image: IMAGE } },
    });
    expect(spies.creditsChanged).toHaveBeenCalledWith(4990);
    expect(calls.fetchPrediction).toHaveLength(1);
    expect(calls.fetchPrediction[0]).toEqual({ id: 'pred-9' });
    expect(actor.getSnapshot().context.progress).toBe(2); // 1/60

    const progress: number[] = [actor.getSnapshot().context.progress];
    for (let i = 2; i <= MAX_POLLS - 1; i++) {
      await vi.advanceTimersByTimeAsync(2000);
      progress.push(actor.getSnapshot().context.progress);
    }
    expect(calls.fetchPrediction).toHaveLength(59);
    expect(progress[29]).toBe(50); // 30/60
    expect(progress[56]).toBe(95); // 57/60 = 95
    expect(progress[58]).toBe(95); // 59/60 capped
    expect(actor.getSnapshot().value).toEqual({ working: 'polling' });

    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.fetchPrediction).toHaveLength(60);
    const s = actor.getSnapshot();
    expect(s.value).toBe('error');
    expect(s.context.error).toBe(GENERATION_TIMED_OUT);
    expect(s.context.progress).toBe(0);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.fetchPrediction).toHaveLength(60);
  });

  it('succeeded: the first element of an array output, progress 100, credits refreshed', async () => {
    let n = 0;
    const { actor, spies } = await restoreRun(async () =>
      ++n < 3 ? processing : { status: 'succeeded', output: ['https://atelier.test/a.png', 'b.png'], error: null },
    );
    await vi.advanceTimersByTimeAsync(4000);
    const s = actor.getSnapshot();
    expect(s.value).toBe('result');
    expect(s.context).toMatchObject({ result: 'https://atelier.test/a.png', progress: 100, error: null });
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(100);
    expect(spies.scrollToResult).toHaveBeenCalledTimes(1);
  });

  it.each([
    [{ status: 'failed', output: null, error: 'NSFW content detected' }, 'NSFW content detected'],
    [{ status: 'failed', output: null, error: null }, GENERATION_FAILED],
    [{ status: 'canceled', output: null, error: null }, GENERATION_FAILED],
    [{ status: 'succeeded', output: null, error: null }, INVALID_RESPONSE],
  ] as Array<[PredictionAnswer, string]>)('%j → %s', async (answer, text) => {
    const { actor } = await restoreRun(async () => answer);
    expect(actor.getSnapshot().context.error).toBe(text);
  });

  it('a failed status fetch is retried (an answer resets the count); three in a row end with "Failed to check status"', async () => {
    let n = 0;
    const { actor, calls } = await restoreRun(async () => {
      n += 1;
      if (n === 1) throw serverError('Bad gateway', { status: 502 });
      if (n === 2) return processing;
      throw serverError('Bad gateway', { status: 502 });
    });
    await vi.advanceTimersByTimeAsync(2000 * 3);
    expect(calls.fetchPrediction).toHaveLength(4);
    expect(actor.getSnapshot().context.error).toBeNull();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.fetchPrediction).toHaveLength(5);
    expect(actor.getSnapshot().context.error).toBe(CHECK_FAILED);
  });

  it('poll progress is checks / 60, capped at 95', () => {
    expect([1, 30, 57, 58, 60].map((n) => pollProgress(n))).toEqual([2, 50, 95, 95, 95]);
  });
});

describe('person to person: upload, start, poll (spec §7)', () => {
  const startRun = (actor: ReturnType<typeof run>, pose = true) => {
    actor.send({ type: 'tool.image', image: IMAGE });
    if (pose) actor.send({ type: 'tool.poseImage', image: POSE });
    actor.send({ type: 'tool.generate' });
  };

  it('uploads main then pose, starts with their URLs and the default prompt, then polls', async () => {
    const { effects, calls } = testEffects({
      upload: async ({ which }) => ({ url: `/uploads/${which}.jpg` }),
      startGeneration: async () => ({ id: 'pred-2' }),
      fetchPrediction: async () => ({ status: 'succeeded', output: 'https://atelier.test/p.png', error: null }),
    });
    const actor = run('person-to-person', effects);
    startRun(actor);
    await settle();
    expect(calls.upload).toEqual([
      { image: IMAGE, which: 'main' },
      { image: POSE, which: 'pose' },
    ]);
    expect(calls.startGeneration[0]?.input.endpoint).toBe('/api/generate/person');
    expect(calls.startGeneration[0]?.input.body.input).toEqual({
      prompt: 'A photo of a person',
      image: '/uploads/main.jpg',
      pose_image: '/uploads/pose.jpg',
    });
    expect(calls.fetchPrediction).toEqual([{ id: 'pred-2' }]);
    expect(actor.getSnapshot().context.result).toBe('https://atelier.test/p.png');
  });

  it.each([
    ['main', serverError('Image is too large'), 'Failed to upload main image: Image is too large'],
    ['main', silentError, 'Failed to upload main image: Failed to upload image'],
    ['pose', serverError('Network response was not ok'), 'Failed to upload pose image: Network response was not ok'],
  ])('a failed %s upload: %s', async (which, error, text) => {
    const { effects, calls, spies } = testEffects({
      upload: async (input) => {
        if (input.which === which) throw error;
        return { url: '/uploads/main.jpg' };
      },
    });
    const actor = run('person-to-person', effects);
    startRun(actor);
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(calls.startGeneration).toHaveLength(0);
    expect(spies.refreshCredits).not.toHaveBeenCalled();
  });

  it('without a pose image uploads only the main one', async () => {
    const { effects, calls } = testEffects({ upload: async () => ({ url: '/uploads/main.jpg' }) });
    const actor = run('person-to-person', effects);
    startRun(actor, false);
    await settle();
    expect(calls.upload).toHaveLength(1);
    expect(calls.startGeneration[0]?.input.body.input).not.toHaveProperty('pose_image');
  });
});

describe('start then wait (text, code, image to text)', () => {
  it('starts, waits by id with progress callbacks, then shows 100', async () => {
    let finish: (v: { output: string }) => void = () => {};
    const { effects, calls, spies } = testEffects({
      startGeneration: async () => ({ id: 'pred-t' }),
      waitForResult: () => new Promise((r) => (finish = r)),
    });
    const actor = run('code-generation', effects);
    actor.send({ type: 'tool.prompt', prompt: 'FizzBuzz in Rust' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ working: 'waiting' });
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1); // after the start (spec §7)
    expect(calls.startGeneration[0]?.input.body).toMatchObject({
      modelCost: 0.003,
      input: { prompt: 'FizzBuzz in Rust', max_tokens: 2000, temperature: 0.3 },
    });
    calls.waitForResult[0]?.onProgress(40);
    await settle();
    expect(actor.getSnapshot().context.progress).toBe(40);
    finish({ output: 'fn main() {}' });
    await settle();
    expect(actor.getSnapshot().context).toMatchObject({ result: 'fn main() {}', progress: 100 });
  });

  it.each([
    ['text-to-text', silentError, 'Failed to generate text. Please try again.'],
    ['code-generation', silentError, 'Failed to generate code. Please try again.'],
    ['image-to-text', silentError, 'Failed to process image. Please try again.'],
    ['image-to-text', serverError('Unable to process image.'), 'Unable to process image.'],
  ] as const)('%s: a failed wait shows %#', async (key, error, text) => {
    const { effects } = testEffects({ startGeneration: async () => ({ id: 'p' }), waitForResult: reject(error) });
    const actor = run(key, effects);
    actor.send({ type: 'tool.prompt', prompt: 'hello' });
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(text);
  });
});

describe('the form before any call (spec §5, §6)', () => {
  it.each([
    ['text-to-image', {}, 'Please enter a prompt'],
    ['text-to-image', { prompt: '   ' }, 'Please enter a prompt'],
    ['text-to-advertisement', {}, 'Please enter a prompt'],
    ['text-to-text', {}, 'Please enter a prompt'],
    ['code-generation', {}, 'Please enter a prompt'],
    ['image-to-image', { prompt: 'x' }, 'Please upload an image'],
    ['image-to-image', { image: IMAGE }, 'Please enter a prompt'],
    ['person-to-person', { prompt: 'x' }, 'Please upload a main image'],
    ['restore-image', {}, 'Please upload an image first'],
    ['image-to-text', {}, 'Please upload an image first'],
  ] as const)('%s with %j: "%s", no call', async (key, form, text) => {
    const { effects, calls } = testEffects({});
    const actor = run(key, effects);
    if ('prompt' in form) actor.send({ type: 'tool.prompt', prompt: form.prompt });
    if ('image' in form) actor.send({ type: 'tool.image', image: form.image });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(Object.values(calls).flat()).toEqual([]);
  });

  it('a visitor: requireSignIn, no call, and the prompt stays as typed', async () => {
    const { effects, calls, spies } = testEffects({});
    const actor = run('text-to-image', effects, { signedIn: false, credits: 0 });
    actor.send({ type: 'tool.prompt', prompt: 'a lighthouse at dusk' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(spies.requireSignIn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('idle');
    expect(actor.getSnapshot().context.prompt).toBe('a lighthouse at dusk');
    expect(actor.getSnapshot().context.error).toBeNull();
    expect(calls.generateSync).toEqual([]);

    // Signed in through the dialog: the app sends the balance and the same click now runs.
    actor.send({ type: 'tool.balance', signedIn: true, credits: 5000 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
  });

  it('a balance below the cost: refused before any call, with the numbers', async () => {
    const tool = toolByKey('image-to-image');
    const { effects, calls } = testEffects({});
    const actor = run('image-to-image', effects, { credits: 10 });
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.prompt', prompt: 'in watercolour' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(`You need ${tool.cost} credits to run this tool. You have 10.`);
    expect(Object.values(calls).flat()).toEqual([]);

    actor.send({ type: 'tool.balance', signedIn: true, credits: tool.cost });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('image to image: free width and height are rounded down to multiples of 8', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('image-to-image', effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.prompt', prompt: 'in watercolour' });
    actor.send({ type: 'tool.size', width: 1001, height: 517 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync[0]?.input.body.input).toMatchObject({ width: 1000, height: 512, image: IMAGE });
  });
});

describe('result: Generate Another and the locked aspect buttons (spec §4)', () => {
  async function fromResult() {
    const { effects, calls, spies } = testEffects({
      generateSync: async () => ({ output: 'https://atelier.test/fox.png', credits: 4999 }),
    });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.aspect', name: 'Wide' });
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    expect(actor.getSnapshot().can({ type: 'tool.aspect', name: 'Portrait' })).toBe(true);
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('result');
    return { actor, calls, spies };
  }

  it('refuses the aspect event while a result is shown', async () => {
    const { actor } = await fromResult();
    const s = actor.getSnapshot();
    expect(s.hasTag('result')).toBe(true);
    expect(s.can({ type: 'tool.aspect', name: 'Portrait' })).toBe(false);
    expect(s.can({ type: 'tool.generate' })).toBe(false);
    actor.send({ type: 'tool.aspect', name: 'Portrait' });
    expect(actor.getSnapshot().context.aspect).toBe('Wide');
  });

  it('tool.reset clears prompt, image, result, error, progress and aspect ratio', async () => {
    const { actor } = await fromResult();
    actor.send({ type: 'tool.reset' });
    const s = actor.getSnapshot();
    expect(s.value).toBe('idle');
    expect(s.context).toMatchObject({
      prompt: '',
      image: null,
      poseImage: null,
      result: null,
      error: null,
      progress: 0,
      aspect: 'Square',
      width: 1024,
      height: 1024,
      key: null,
    });
    expect(s.can({ type: 'tool.aspect', name: 'Portrait' })).toBe(true);
  });

  it('scrolls to the result 100 ms after it appears', async () => {
    const { spies } = await fromResult();
    await vi.advanceTimersByTimeAsync(99);
    expect(spies.scrollToResult).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(spies.scrollToResult).toHaveBeenCalledTimes(1);
  });

  it('each click has its own idempotency key', async () => {
    const { actor, calls } = await fromResult();
    actor.send({ type: 'tool.reset' });
    actor.send({ type: 'tool.prompt', prompt: 'a hare' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync.map((c) => c.input.idempotencyKey)).toEqual(['key-1', 'key-2']);
  });
});

describe('leaving the page', () => {
  it('stopping the run stops its children and aborts the request in flight', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    const progress = actor.getSnapshot().children['progress'];
    expect(calls.generateSync[0]?.signal.aborted).toBe(false);
    actor.stop();
    expect(calls.generateSync[0]?.signal.aborted).toBe(true);
    expect(progress?.getSnapshot().status).toBe('stopped');
    await vi.advanceTimersByTimeAsync(120_000);
    expect(calls.generateSync).toHaveLength(1);
  });
});

describe('answers without what the call promises, and failed starts (spec §8)', () => {
  it('text to image: an answer without an output shows "Invalid response from the API" and reloads the balance', async () => {
    const { effects, calls, spies } = testEffects({ generateSync: async () => ({ credits: 4990 }) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
    const s = actor.getSnapshot();
    expect(s.value).toBe('error');
    expect(s.context).toMatchObject({ error: INVALID_RESPONSE, result: null, progress: 0 });
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    expect(spies.creditsChanged).not.toHaveBeenCalled();
  });

  it('restore: a start answered without a prediction id shows "Invalid response from the API", polls nothing', async () => {
    const { effects, calls, spies } = testEffects({ startGeneration: async () => ({ credits: 4990 }) });
    const actor = run('restore-image', effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.startGeneration[0]?.input.endpoint).toBe('/api/generate/restore');
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(INVALID_RESPONSE);
    expect(calls.fetchPrediction).toEqual([]);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['restore-image', serverError('Insufficient credits', { status: 402 }), 'Insufficient credits'],
    ['restore-image', silentError, 'Failed to restore image. Please try again.'],
    ['image-to-text', silentError, 'Failed to process image. Please try again.'],
    ['text-to-text', serverError('Gateway', { status: 504 }), REQUEST_TIMED_OUT],
  ] as const)('%s: a refused start shows the banner (%#), waits for nothing', async (key, error, text) => {
    const { effects, calls, spies } = testEffects({ startGeneration: reject(error) });
    const actor = run(key, effects);
    actor.send({ type: 'tool.prompt', prompt: 'hello' });
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.startGeneration).toHaveLength(1);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(text);
    expect(calls.fetchPrediction).toEqual([]);
    expect(calls.waitForResult).toEqual([]);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
  });
});

describe('the red banner: the form stays editable and Generate tries again (spec §4, §5)', () => {
  const TOO_LARGE = 'Image is too large. Please choose a smaller image.';
  const POSE_TOO_LARGE = 'Pose image is too large. Please choose a smaller image.';

  it('person to person: a refused file shows its text; the files and prompt chosen next are what is uploaded and sent', async () => {
    const { effects, calls } = testEffects({
      upload: async ({ which }) => ({ url: `/uploads/${which}.jpg` }),
      startGeneration: async () => ({ id: 'pred-p' }),
    });
    const actor = run('person-to-person', effects);
    actor.send({ type: 'tool.fileRejected', message: TOO_LARGE });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe(TOO_LARGE);
    actor.send({ type: 'tool.fileRejected', message: POSE_TOO_LARGE });
    expect(actor.getSnapshot().context.error).toBe(POSE_TOO_LARGE);
    expect(Object.values(calls).flat()).toEqual([]);

    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.poseImage', image: POSE });
    actor.send({ type: 'tool.prompt', prompt: 'on a beach' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context).toMatchObject({ image: IMAGE, poseImage: POSE, prompt: 'on a beach' });

    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.upload).toEqual([
      { image: IMAGE, which: 'main' },
      { image: POSE, which: 'pose' },
    ]);
    expect(calls.startGeneration[0]?.input.body.input).toEqual({
      prompt: 'on a beach',
      image: '/uploads/main.jpg',
      pose_image: '/uploads/pose.jpg',
    });
    expect(actor.getSnapshot().value).toEqual({ working: 'polling' });
    expect(actor.getSnapshot().context.error).toBeNull();
  });

  it('text to image: after a failure the aspect buttons still work, and the retry sends the new size', async () => {
    let n = 0;
    const { effects, calls } = testEffects({
      generateSync: async () => {
        n += 1;
        if (n === 1) throw serverError('Model unavailable');
        return { output: 'https://atelier.test/fox.png', credits: 4990 };
      },
    });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Model unavailable');
    expect(actor.getSnapshot().can({ type: 'tool.aspect', name: 'Portrait' })).toBe(true);
    actor.send({ type: 'tool.aspect', name: 'Portrait' });
    expect(actor.getSnapshot().context).toMatchObject({ aspect: 'Portrait', width: 832, height: 1216 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync[1]?.input.body.input).toMatchObject({ width: 832, height: 1216, aspect_ratio: '2:3' });
    expect(calls.generateSync.map((c) => c.input.idempotencyKey)).toEqual(['key-1', 'key-2']);
    expect(actor.getSnapshot().context.result).toBe('https://atelier.test/fox.png');
  });

  it('image to image: after a failure the size fields still work, rounded down to multiples of 8', async () => {
    const { effects, calls } = testEffects({ generateSync: reject(serverError('Model unavailable')) });
    const actor = run('image-to-image', effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.prompt', prompt: 'in watercolour' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('error');
    actor.send({ type: 'tool.size', width: 1001, height: 517 });
    expect(actor.getSnapshot().context).toMatchObject({ width: 1000, height: 512 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync[1]?.input.body.input).toMatchObject({ width: 1000, height: 512, image: IMAGE });
  });

  it('sound generation: after a failure the parameter controls still work, and the retry sends them', async () => {
    const { effects, calls } = testEffects({ startGeneration: reject(serverError('Model unavailable')) });
    const actor = run('audioldm', effects);
    actor.send({ type: 'tool.prompt', prompt: 'rain on a tin roof' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Model unavailable');
    actor.send({ type: 'tool.param', name: 'duration', value: 12 });
    actor.send({ type: 'tool.param', name: 'guidance_scale', value: 99 });
    expect(actor.getSnapshot().context.params).toEqual({ duration: 12, guidance_scale: 10 });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.startGeneration[1]?.input.body.input).toMatchObject({
      prompt: 'rain on a tin roof',
      duration: 12,
      guidance_scale: 10,
    });
  });

  it('Generate from the banner checks the form, the sign-in and the balance again, calling nothing', async () => {
    const tool = toolByKey('text-to-image');
    const { effects, calls, spies } = testEffects({ generateSync: reject(serverError('Model unavailable')) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);

    // The prompt emptied: §5's text, no call.
    actor.send({ type: 'tool.prompt', prompt: '   ' });
    actor.send({ type: 'tool.generate' });
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.error).toBe('Please enter a prompt');

    // Signed out meanwhile: the login dialog, the prompt kept.
    actor.send({ type: 'tool.prompt', prompt: 'a hare' });
    actor.send({ type: 'tool.balance', signedIn: false, credits: 0 });
    actor.send({ type: 'tool.generate' });
    expect(spies.requireSignIn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toBe('error');
    expect(actor.getSnapshot().context.prompt).toBe('a hare');

    // Back with too few credits: the balance text.
    actor.send({ type: 'tool.balance', signedIn: true, credits: 1 });
    actor.send({ type: 'tool.generate' });
    expect(actor.getSnapshot().context.error).toBe(`You need ${tool.cost} credits to run this tool. You have 1.`);
    await settle();
    expect(calls.generateSync).toHaveLength(1);
  });
});

// ---------- pure modules ----------

describe('§8 generation error texts', () => {
  it.each([
    ['image', { message: 'Insufficient credits', status: 402 }, 'Insufficient credits'],
    ['image', { message: '' }, 'Failed to generate image. Please try again.'],
    ['restore', { message: '' }, 'Failed to restore image. Please try again.'],
    ['generic', { message: '' }, GENERATION_FAILED],
    ['image', { message: 'Gateway', status: 504 }, REQUEST_TIMED_OUT],
    ['text', { message: 'aborted', name: 'AbortError' }, TOOK_TOO_LONG],
    ['advertisement', { message: 'x', name: 'TimeoutError' }, TOOK_TOO_LONG],
    ['advertisement', { message: 'Unexpected token \'<\', "<html>" is not valid JSON' }, AD_HIGH_LOAD],
    ['advertisement', { message: 'Gateway', status: 504 }, AD_BUSY],
    ['advertisement', { message: 'An error occurred upstream', status: 500 }, AD_UNAVAILABLE],
    ['advertisement', { message: 'Insufficient credits', status: 402 }, 'Failed to generate image. Please try again.'],
  ] as const)('%s %j → %s', (wording, error, text) => {
    expect(generationErrorText(error, wording)).toBe(text);
  });

  it('normalises what effects throw', () => {
    expect(toToolError(serverError('Nope', { status: 409 }))).toEqual({ message: 'Nope', status: 409 });
    expect(toToolError(new DOMException('aborted', 'AbortError'))).toEqual({ message: 'aborted', name: 'AbortError' });
    expect(toToolError(undefined)).toEqual({ message: '' });
  });

  it('retries time-outs everywhere, 504 and aborts only on the advertisement page', () => {
    expect(isRetryable({ message: 'Request timed out' }, false)).toBe(true);
    expect(isRetryable({ message: 'x', name: 'TimeoutError' }, false)).toBe(true);
    expect(isRetryable({ message: 'Gateway', status: 504 }, false)).toBe(false);
    expect(isRetryable({ message: 'Gateway', status: 504 }, true)).toBe(true);
    expect(isRetryable({ message: 'aborted', name: 'AbortError' }, true)).toBe(true);
    expect(isRetryable({ message: 'Bad prompt', status: 400 }, true)).toBe(false);
  });
});

describe('aspect presets and bodies', () => {
  it('both readings, rounded down to multiples of 8', () => {
    expect(aspectPresets('general').map((p) => `${p.name} ${p.width}x${p.height}`)).toEqual([
      'Square 1024x1024',
      'Portrait 832x1216',
      'Landscape 1216x832',
      'Mobile 768x1344',
      'Wide 1344x768',
      'Classic 1024x768',
    ]);
    expect(aspectPresets('advertisement').map((p) => `${p.width}x${p.height}`)).toEqual([
      '1024x1024',
      '832x1248',
      '1248x832',
      '768x1360',
      '1360x768',
      '1024x768',
    ]);
    expect(aspectPreset('general', 'Nope')).toBeUndefined();
    expect(roundSize(7, 1023)).toEqual({ width: 8, height: 1016 });
  });

  it('text to image sends its defaults, the prompt, the size and the ratio to /api/generate/image', () => {
    const tool = toolByKey('text-to-image');
    const body = generationBody({
      tool,
      shape: shapeOf('text-to-image'),
      prompt: 'a fox',
      image: null,
      poseImage: null,
      aspect: 'Portrait',
      width: 832,
      height: 1216,
      uploaded: { image: null, poseImage: null },
      params: {},
    });
    expect(body).toEqual({
      provider: 'replicate',
      modelId: tool.id,
      cost: tool.cost,
      input: { ...tool.defaultParams, prompt: 'a fox', width: 832, height: 1216, aspect_ratio: '2:3' },
    });
  });

  it('the video, audio and 3D tools start at the §9 defaults and keep each control in its range', () => {
    const run = createActor(toolRunMachine, {
      inspect: recordTransitions,
      input: runInput('audioldm', { signedIn: true, credits: 5000 }),
    }).start();
    expect(run.getSnapshot().context.params).toEqual({ duration: 10, guidance_scale: 3.5 });
    run.send({ type: 'tool.param', name: 'duration', value: 99 });
    run.send({ type: 'tool.param', name: 'guidance_scale', value: 4.3 });
    run.send({ type: 'tool.param', name: 'unknown', value: 1 });
    expect(run.getSnapshot().context.params).toEqual({ duration: 30, guidance_scale: 4.5 });
    run.stop();
    expect(defaultParams('text-to-video', toolByKey('text-to-video').defaultParams)).toEqual({
      num_frames: 14,
      fps: 6,
    });
    expect(defaultParams('image-to-video', toolByKey('image-to-video').defaultParams)).toEqual({ length: 4, fps: 24 });
    expect(defaultParams('musicgen', toolByKey('musicgen').defaultParams)).toEqual({ duration: 30 });
    expect(defaultParams('bark', toolByKey('bark').defaultParams)).toEqual({ history_prompt: 'v2/en_speaker_6' });
    expect(defaultParams('3d-gen', toolByKey('3d-gen').defaultParams)).toEqual({ quality: 'high' });
    expect(acceptParam('bark', 'history_prompt', 'v2/en_speaker_11')).toBeNull();
    expect(acceptParam('3d-gen', 'quality', 'medium')).toBe('medium');
  });

  it('video editing sends its clip as input.video with the chosen edit', () => {
    const tool = toolByKey('video-editing');
    const body = generationBody({
      tool,
      shape: shapeOf('video-editing'),
      prompt: 'make it old',
      image: 'data:video/mp4;base64,AAAA',
      poseImage: null,
      aspect: null,
      width: 1024,
      height: 1024,
      uploaded: { image: null, poseImage: null },
      params: { edit: 'trim', start: 0.5, end: 1.5 },
    });
    expect(body.input).toEqual({
      prompt: 'make it old',
      video: 'data:video/mp4;base64,AAAA',
      edit: 'trim',
      start: 0.5,
      end: 1.5,
    });
    expect(validationError(shapeOf('video-editing'), { prompt: 'x', image: null })).toBeNull();
  });

  it('every catalogue tool has a call shape and form rules', () => {
    expect(validationError(shapeOf('person-to-person'), { prompt: '', image: IMAGE })).toBeNull();
    expect(shapeOf('restore-image').call).toBe('poll');
    expect(shapeOf('image-to-text').call).toBe('startThenWait');
    expect(shapeOf('text-to-advertisement')).toMatchObject({ call: 'sync', retryOn504: true });
  });
});

// ---------- transition coverage of the real tests (keep last: it reads what the tests above walked) ----------

describe('the real tests above walk every transition of the tool machines', () => {
  it('toolRun, toolRequest, toolPoll and toolProgress: no transition left unwalked', () => {
    const missing = toolMachineIds.flatMap((id) =>
      graphEdges(machines[id]!)
        .filter((edge) => !walked.has(edge.transition))
        .map((edge) => edge.key),
    );
    expect(missing).toEqual([]);
  });
});
