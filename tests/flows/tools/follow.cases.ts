/**
 * A tool run that follows a run of the account by its id (RUNS-14), and a run waiting in the queue (RUNS-15),
 * with the real machine and test effects. Included by tools.flows.test.ts.
 */
import { describe, expect, it, vi } from 'vitest';
import type { ListedRun, PredictionAnswer } from '../../../src/flows/tools/tool-run.types';
import { run, settle, testEffects } from './run.harness';

/** What the runs tray lists: one run of `toolKey`, working unless said otherwise. */
const listed = (toolKey: string, status: ListedRun['status'] = 'processing', id = 'pred-7') => ({
  type: 'tool.listed' as const,
  runs: [{ id, toolKey, prompt: 'a calm sea at dawn', status }],
});

describe('following a run of the account (RUNS-14)', () => {
  const working: PredictionAnswer = { status: 'processing', output: null, error: null };
  const done: PredictionAnswer = { status: 'succeeded', output: 'A calm sea, at dawn.', error: null };

  it('a page on its first form follows the run by id: no start call, nothing charged, its prompt and progress, then its result', async () => {
    let n = 0;
    const { effects, calls, spies } = testEffects({ fetchPrediction: async () => (++n < 2 ? working : done) });
    const actor = run('text-to-text', effects);
    actor.send(listed('text-to-text'));
    await settle();
    expect(actor.getSnapshot().value).toEqual({ working: 'polling' });
    expect(actor.getSnapshot().context.prompt).toBe('a calm sea at dawn');
    expect(calls.startGeneration).toHaveLength(0);
    expect(calls.fetchPrediction[0]).toEqual({ id: 'pred-7' });
    await vi.advanceTimersByTimeAsync(1000);
    const s = actor.getSnapshot();
    expect(s.value).toBe('result');
    expect(s.context.result).toBe('A calm sea, at dawn.');
    expect(s.context.predictionId).toBe('pred-7');
    expect(spies.creditsChanged).not.toHaveBeenCalled();
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
  });

  it('a page whose form was touched keeps its own; a single-call tool cannot follow one', async () => {
    const touched = run('text-to-text', testEffects({}).effects);
    touched.send({ type: 'tool.prompt', prompt: 'my own words' });
    touched.send(listed('text-to-text'));
    expect(touched.getSnapshot().value).toEqual({ form: 'idle' });
    expect(touched.getSnapshot().context.prompt).toBe('my own words');

    const single = run('text-to-image', testEffects({}).effects);
    single.send(listed('text-to-image'));
    expect(single.getSnapshot().value).toEqual({ form: 'idle' });
    expect(single.getSnapshot().context.prompt).toBe('');
  });

  it('only a run of its own tool still queued or in progress is followed', () => {
    const actor = run('text-to-text', testEffects({}).effects);
    actor.send(listed('text-to-video'));
    actor.send(listed('text-to-text', 'succeeded'));
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' });
    actor.send({
      type: 'tool.listed',
      runs: [listed('text-to-video').runs[0]!, listed('text-to-text', 'queued').runs[0]!],
    });
    expect(actor.getSnapshot().value).toEqual({ working: 'polling' });
  });

  it("a page whose run has left its first form never follows one, even on the blank form of 'Generate Another'", async () => {
    const { effects } = testEffects({
      startGeneration: async () => ({ id: 'pred-8', credits: 4990 }),
      fetchPrediction: async () => ({ status: 'succeeded', output: 'Once upon a time.', error: null }),
    });
    const actor = run('text-to-text', effects);
    actor.send({ type: 'tool.prompt', prompt: 'a story' });
    actor.send({ type: 'tool.generate' });
    await settle();
    expect(actor.getSnapshot().value).toBe('result');
    actor.send({ type: 'tool.reset' });
    expect(actor.getSnapshot().context.prompt).toBe('');
    expect(actor.getSnapshot().can(listed('text-to-text'))).toBe(false);
    actor.send(listed('text-to-text'));
    expect(actor.getSnapshot().value).toEqual({ form: 'idle' });
  });

  it('a run started after a followed one has its own key and no id until the server answers', async () => {
    const { effects, calls } = testEffects({
      fetchPrediction: async () => done,
      startGeneration: async () => ({ id: 'pred-8', credits: 4990 }),
    });
    const actor = run('text-to-text', effects);
    actor.send(listed('text-to-text'));
    await settle();
    actor.send({ type: 'tool.runAgain' });
    await settle();
    expect(calls.startGeneration).toHaveLength(1);
    expect(calls.fetchPrediction.map((c) => c.id)).toEqual(['pred-7', 'pred-8']);
  });
});

describe('a run waiting in the queue (RUNS-15)', () => {
  it("queued checks do not count against the tool's 180 checks; the page has the place, then the progress again", async () => {
    let n = 0;
    const queued: PredictionAnswer = { status: 'queued', position: 2, output: null, error: null };
    const { effects, calls } = testEffects({
      // 300 checks queued (past the text tools' 180), then working, then done.
      fetchPrediction: async () =>
        ++n <= 300
          ? queued
          : n <= 302
            ? { status: 'processing', output: null, error: null }
            : { status: 'succeeded', output: 'A calm sea.', error: null },
    });
    const actor = run('text-to-text', effects);
    actor.send(listed('text-to-text'));
    await settle();
    expect(actor.getSnapshot().context.queuedPlace).toBe(2);
    expect(actor.getSnapshot().context.progress).toBe(0);
    for (let i = 0; i < 299; i++) await vi.advanceTimersByTimeAsync(1000);
    expect(calls.fetchPrediction).toHaveLength(300);
    expect(actor.getSnapshot().value).toEqual({ working: 'polling' });
    expect(actor.getSnapshot().context.queuedPlace).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    // Out of the queue: the place goes, the bar counts its first check.
    expect(actor.getSnapshot().context.queuedPlace).toBeNull();
    expect(actor.getSnapshot().context.progress).toBeGreaterThan(0);
    await vi.advanceTimersByTimeAsync(2000);
    expect(actor.getSnapshot().value).toBe('result');
    expect(actor.getSnapshot().context.result).toBe('A calm sea.');
  });
});
