/**
 * A tool run's calls with the real machine and test effects: the advertisement's retries, the
 * time-outs, simulated progress, the one poller (at the spec's 2 s × 60 and the text tools'
 * 1 s × 180), person-to-person's uploads. Included by tools.flows.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  AD_BUSY,
  CHECK_FAILED,
  GENERATION_FAILED,
  GENERATION_TIMED_OUT,
  INVALID_RESPONSE,
  REQUEST_TIMED_OUT,
  TOOK_TOO_LONG,
} from '../../../src/flows/tools/errors';
import { MAX_POLLS, pollProgress } from '../../../src/flows/tools/tool-poll.machine';
import { PROGRESS_CAP, nextProgress } from '../../../src/flows/tools/tool-progress.machine';
import type { PredictionAnswer } from '../../../src/flows/tools/tool-run.types';
import { SPEC_POLL } from '../../../src/catalog/tool-rules';
import { toolByKey } from '../../../src/catalog/tools';
import { serverError, silentError } from '../models/fixtures';
import { IMAGE, POSE } from '../../../src/flows/tools/tools.examples';
import { never, reject, run, settle, testEffects, type Impl } from './run.harness';

describe('advertisement: the retry path', () => {
  it('TOOL-26, TOOL-30: 504 → 2 s → 504 → 2 s → 504 → "The server is busy", three calls with one idempotency key', async () => {
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
    expect(s.value).toEqual({ form: 'error' });
    expect(s.context.error).toBe(AD_BUSY);
    expect(s.context.progress).toBe(0);
    expect(calls.generateSync.map((c) => c.input.idempotencyKey)).toEqual(['key-1', 'key-1', 'key-1']);
    expect(calls.generateSync.map((c) => c.input.attempt)).toEqual([1, 2, 3]);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    expect(spies.creditsChanged).not.toHaveBeenCalled();

    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.generateSync).toHaveLength(3);
  });

  it('TOOL-35, TOOL-37: sends the ad payload by generateImage (POST /api/generate/image): defaults, prompt, sizes rounded down to 8', async () => {
    const { effects, calls } = testEffects({});
    const actor = run('text-to-advertisement', effects);
    actor.send({ type: 'tool.aspect', name: 'Mobile' });
    actor.send({ type: 'tool.prompt', prompt: '  Summer sale  ' });
    actor.send({ type: 'tool.generate' });
    await settle();
    const tool = toolByKey('text-to-advertisement');
    expect(calls.generateSync[0]?.input).toEqual({
      startOperation: 'generateImage',
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

  it('TOOL-26, TOOL-30: aborts each attempt at 45 s; after three the banner says the request took too long', async () => {
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
  it('TOOL-28: text to image: a 504 fails at once with its text', async () => {
    const { effects, calls } = testEffects({ generateSync: reject(serverError('Gateway', { status: 504 })) });
    const actor = run('text-to-image', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a fox' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(calls.generateSync).toHaveLength(1);
    expect(actor.getSnapshot().context.error).toBe(REQUEST_TIMED_OUT);
  });

  it('TOOL-26: text to image: a time-out message is retried, 55 s per attempt', async () => {
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

describe('simulated progress', () => {
  it('TOOL-5: ticks every 800 ms with shrinking steps, holds at 85, then 100 on the answer', async () => {
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

  it('TOOL-5: goes back to 0 on an error', async () => {
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

describe('polling', () => {
  const processing: PredictionAnswer = { status: 'processing', output: null, error: null };

  async function restoreRun(fetchPrediction: Impl<{ id: string }, PredictionAnswer>) {
    const t = testEffects({ startGeneration: async () => ({ id: 'pred-9', credits: 4990 }), fetchPrediction });
    const actor = run('restore-image', t.effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    return { actor, ...t };
  }

  it('TOOL-6, TOOL-9: times out after 60 checks, 2 s apart: "Generation timed out"; progress checks/60 capped at 95', async () => {
    const { actor, calls, spies } = await restoreRun(async () => processing);
    expect(calls.startGeneration[0]?.input).toMatchObject({
      startOperation: 'generateRestore',
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
    expect(s.value).toEqual({ form: 'error' });
    expect(s.context.error).toBe(GENERATION_TIMED_OUT);
    expect(s.context.progress).toBe(0);
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.fetchPrediction).toHaveLength(60);
  });

  it('TOOL-7, CREDITS-4: succeeded: the first element of an array output, progress 100, credits refreshed', async () => {
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

  it('TOOL-27: a failed status fetch is retried (an answer resets the count); three in a row end with "Failed to check status"', async () => {
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
    expect([1, 30, 57, 58, 60].map((n) => pollProgress(n, SPEC_POLL))).toEqual([2, 50, 95, 95, 95]);
  });
});

describe('person to person: upload, start, poll', () => {
  const startRun = (actor: ReturnType<typeof run>, pose = true) => {
    actor.send({ type: 'tool.image', image: IMAGE });
    if (pose) actor.send({ type: 'tool.poseImage', image: POSE });
    actor.send({ type: 'tool.generate' });
  };

  it('TOOL-13, TOOL-34: uploads main then pose, starts with their URLs and the default prompt, then polls', async () => {
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
    expect(calls.startGeneration[0]?.input.startOperation).toBe('generatePerson');
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
    expect(actor.getSnapshot().value).toEqual({ form: 'error' });
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

describe('text, code and image to text: the same poller, every second, at most 180 checks', () => {
  const processing: PredictionAnswer = { status: 'processing', output: null, error: null };

  it('TOOL-10: starts, checks every 1 s with a bar fast at first, then shows 100', async () => {
    let n = 0;
    const { effects, calls, spies } = testEffects({
      startGeneration: async () => ({ id: 'pred-t' }),
      fetchPrediction: async () =>
        ++n < 4 ? processing : { status: 'succeeded', output: 'fn main() {}', error: null },
    });
    const actor = run('code-generation', effects);
    actor.send({ type: 'tool.prompt', prompt: 'FizzBuzz in Rust' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ working: 'polling' });
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1); // after the start (CREDITS-4)
    expect(calls.startGeneration[0]?.input.body).toMatchObject({
      modelCost: 0.003,
      input: { prompt: 'FizzBuzz in Rust', max_tokens: 2000, temperature: 0.3 },
    });
    expect(calls.fetchPrediction).toEqual([{ id: 'pred-t' }]);
    expect(actor.getSnapshot().context.progress).toBe(12); // 1 − e^(−1/8)
    await vi.advanceTimersByTimeAsync(999);
    expect(calls.fetchPrediction).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.fetchPrediction).toHaveLength(2);
    expect(actor.getSnapshot().context.progress).toBe(22); // 1 − e^(−2/8)
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().context).toMatchObject({ result: 'fn main() {}', progress: 100 });
  });

  it('TOOL-9, TOOL-10: times out after 180 checks, 1 s apart: "Generation timed out"; the bar never passes 95', async () => {
    const { effects, calls } = testEffects({
      startGeneration: async () => ({ id: 'pred-t' }),
      fetchPrediction: async () => processing,
    });
    const actor = run('text-to-text', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a haiku' });
    actor.send({ type: 'tool.generate' });
    await settle();
    await vi.advanceTimersByTimeAsync(178_000);
    expect(calls.fetchPrediction).toHaveLength(179);
    expect(actor.getSnapshot().context.progress).toBe(95);
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls.fetchPrediction).toHaveLength(180);
    expect(actor.getSnapshot().context.error).toBe(GENERATION_TIMED_OUT);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls.fetchPrediction).toHaveLength(180);
  });

  it.each([
    ['text-to-text', { status: 'failed', output: null, error: null }, GENERATION_FAILED],
    [
      'image-to-text',
      { status: 'failed', output: null, error: 'Unable to process image.' },
      'Unable to process image.',
    ],
    ['code-generation', { status: 'aborted', output: null, error: null }, GENERATION_FAILED],
  ] as const)('%s: %j shows %s', async (key, answer, text) => {
    const { effects } = testEffects({
      startGeneration: async () => ({ id: 'p' }),
      fetchPrediction: async () => answer as PredictionAnswer,
    });
    const actor = run(key, effects);
    actor.send({ type: 'tool.prompt', prompt: 'hello' });
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(text);
  });

  it('a failed status fetch is retried a second later; three in a row end with "Failed to check status"', async () => {
    const { effects, calls } = testEffects({
      startGeneration: async () => ({ id: 'p' }),
      fetchPrediction: reject(silentError),
    });
    const actor = run('image-to-text', effects);
    actor.send({ type: 'tool.image', image: IMAGE });
    actor.send({ type: 'tool.generate' });
    await settle();
    await vi.advanceTimersByTimeAsync(2000);
    expect(calls.fetchPrediction).toHaveLength(3);
    expect(actor.getSnapshot().context.error).toBe(CHECK_FAILED);
  });
});
