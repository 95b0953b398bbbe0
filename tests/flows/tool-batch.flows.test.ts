/**
 * A tool page's batch of prompts (RUNS-16 to RUNS-18): the model walk, then the REAL machine with test
 * effects — the cost, blank lines, the cap of 10, the shortfall with its figures, the sign-in, a started
 * batch with its queued runs, the server's refusal, and the one key of a click kept for the same batch
 * tried again.
 */
import { describe, expect, it, vi } from 'vitest';
import { createActor, fromCallback, fromPromise } from 'xstate';
import { toolBatchMachine } from '../../src/flows/tools/tool-batch.machine';
import { costLine, startedText, type BatchAnswer, type BatchCall } from '../../src/flows/tools/tool-batch.types';
import { batchCostMessage, ENTER_PROMPT, MAX_BATCH_PROMPTS, PROMPT_TOO_LONG, toolByKey } from '../../src/catalog';
import { describeFlows } from './harness';
import { serverError, silentError } from './models/fixtures';
import { toolBatchModel } from './models/tool-batch.models';
import { sixStarted, twoEnded, twoStarted, twoWorking } from '../../src/flows/tools/tools.examples';
import type { FollowBatch } from '../../src/flows/tools/tool-batch.machine';

describeFlows('toolBatch (text to image)', toolBatchModel);

const tool = toolByKey('text-to-image');
const six = 'one\ntwo\nthree\nfour\nfive\nsix';

/** The machine with test effects: each start call answers the next of `answers` (an Error rejects). */
function batchWith(answers: Array<BatchAnswer | object>, input: { signedIn?: boolean; credits?: number } = {}) {
  const calls: BatchCall[] = [];
  let keys = 0;
  const spies = {
    requireSignIn: vi.fn(),
    creditsChanged: vi.fn(),
    refreshRuns: vi.fn(),
    refreshCredits: vi.fn(),
    downloadAll: vi.fn(),
    followed: vi.fn(),
  };
  const logic = toolBatchMachine.provide({
    actors: {
      startBatch: fromPromise<BatchAnswer, BatchCall>(async ({ input: call }) => {
        calls.push(call);
        const answer = answers.shift();
        if (answer === undefined || !('runs' in answer)) throw answer ?? new Error('no answer');
        return answer;
      }),
      followRuns: fromCallback<FollowBatch>(({ receive }) => receive((event) => spies.followed(event.ids))),
    },
    actions: {
      requireSignIn: () => spies.requireSignIn(),
      creditsChanged: (_, { credits }) => spies.creditsChanged(credits),
      refreshRuns: (_, { ids }) => spies.refreshRuns(ids),
      refreshCredits: () => spies.refreshCredits(),
      downloadAll: (_, { ids }) => spies.downloadAll(ids),
    },
  });
  const actor = createActor(logic, {
    input: {
      tool,
      signedIn: input.signedIn ?? true,
      credits: input.credits ?? 5000,
      shared: { width: 1024, height: 1024 },
      newKey: () => `key-${++keys}`,
    },
  }).start();
  return { actor, calls, spies };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the batch form before any call', () => {
  it('RUNS-16: off by default; the switch shows the prompts field, and again the one-run form', () => {
    const { actor } = batchWith([]);
    expect(actor.getSnapshot().value).toBe('off');
    actor.send({ type: 'batch.text', text: 'ignored while off' });
    expect(actor.getSnapshot().context.text).toBe('');
    actor.send({ type: 'batch.toggle' });
    expect(actor.getSnapshot().value).toEqual({ on: 'editing' });
    actor.send({ type: 'batch.toggle' });
    expect(actor.getSnapshot().value).toBe('off');
  });

  it('RUNS-16: each non-blank line is one prompt, trimmed; the total cost follows', () => {
    expect(costLine(tool, '')).toBe('No prompts yet: 8 credits per prompt.');
    expect(costLine(tool, 'a fox')).toBe('1 prompt × 8 credits = 8 credits');
    expect(costLine(tool, '  a fox \n\n   \n a lighthouse\r\n')).toBe('2 prompts × 8 credits = 16 credits');
    expect(costLine(tool, six)).toBe('6 prompts × 8 credits = 48 credits');
  });

  it('RUNS-16: blank lines only: "Please enter a prompt", no call', async () => {
    const { actor, calls } = batchWith([]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: ' \n\n  ' });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ on: { answered: 'refused' } });
    expect(actor.getSnapshot().context.error).toBe(ENTER_PROMPT);
    expect(calls).toEqual([]);
  });

  it('RUNS-16: at most 10 prompts: 11 are refused with the count, no call; 10 start', async () => {
    const { actor, calls } = batchWith([sixStarted]);
    actor.send({ type: 'batch.toggle' });
    const lines = Array.from({ length: MAX_BATCH_PROMPTS + 1 }, (_, i) => `prompt ${i + 1}`);
    actor.send({ type: 'batch.text', text: lines.join('\n\n') });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe('Too many prompts (at most 10 per batch, you have 11).');
    expect(calls).toEqual([]);
    // Editing the prompts takes the message away; ten start.
    actor.send({ type: 'batch.text', text: lines.slice(0, 10).join('\n') });
    expect(actor.getSnapshot().value).toEqual({ on: 'editing' });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: 'batch.start' });
    await settle();
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body.prompts).toHaveLength(10);
  });

  it('RUNS-16: a prompt over the cap is refused as one run would be', async () => {
    const { actor, calls } = batchWith([]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: `short\n${'x'.repeat(4001)}` });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(PROMPT_TOO_LONG);
    expect(calls).toEqual([]);
  });

  it('RUNS-17: a visitor: requireSignIn, no call, the prompts stay; signed in, the same click starts', async () => {
    const { actor, calls, spies } = batchWith([sixStarted], { signedIn: false, credits: 0 });
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: six });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(spies.requireSignIn).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().value).toEqual({ on: 'editing' });
    expect(actor.getSnapshot().context.text).toBe(six);
    expect(calls).toEqual([]);
    actor.send({ type: 'batch.balance', signedIn: true, credits: 5000 });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(calls).toHaveLength(1);
  });

  it('RUNS-17: credits for five of six: nothing starts, and the page says the figures', async () => {
    const { actor, calls, spies } = batchWith([], { credits: 40 });
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: six });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ on: { answered: 'refused' } });
    expect(actor.getSnapshot().context.error).toBe(
      'This batch costs 48 credits and you have 40. Add 8 credits or remove prompts.',
    );
    expect(calls).toEqual([]);
    // The balance may be older than the account's (credits bought in another tab): it is read again.
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    actor.send({ type: 'batch.balance', signedIn: true, credits: 48 });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(calls).toHaveLength(1);
  });
});

describe('starting a batch', () => {
  it("RUNS-17, RUNS-18: one click, one call with the tool's model, the prompts and the shared settings; then what started", async () => {
    const { actor, calls, spies } = batchWith([sixStarted]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.shared', input: { width: 768, height: 1344, aspect_ratio: '9:16' } });
    actor.send({ type: 'batch.text', text: `  one \n\n${six.slice(4)}` });
    actor.send({ type: 'batch.start' });
    expect(actor.getSnapshot().value).toEqual({ on: 'starting' });
    // While it starts, the form is locked.
    actor.send({ type: 'batch.text', text: 'changed' });
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(calls).toEqual([
      {
        body: {
          modelId: tool.id,
          prompts: ['one', 'two', 'three', 'four', 'five', 'six'],
          input: { width: 768, height: 1344, aspect_ratio: '9:16' },
        },
        idempotencyKey: 'key-1',
      },
    ]);
    const { context, value } = actor.getSnapshot();
    expect(value).toEqual({ on: { answered: 'started' } });
    expect(context.started).toEqual({ started: 4, queued: 2 });
    expect(startedText(context.started!)).toBe('Started 6 runs: 4 in progress, 2 queued.');
    expect(context.credits).toBe(4952);
    expect(spies.creditsChanged).toHaveBeenCalledWith(4952);
    expect(spies.refreshRuns).toHaveBeenCalledTimes(1);
    expect(spies.refreshRuns).toHaveBeenCalledWith(['b1', 'b2', 'b3', 'b4', 'b5', 'b6']);
  });

  it('RUNS-18: another batch after one started: a new key, charged as a new batch', async () => {
    const { actor, calls } = batchWith([sixStarted, sixStarted]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: six });
    actor.send({ type: 'batch.start' });
    await settle();
    actor.send({ type: 'batch.start' });
    await settle();
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['key-1', 'key-2']);
    expect(actor.getSnapshot().value).toEqual({ on: { answered: 'started' } });
  });

  it("RUNS-18: the server's 402 is shown as it says it; the same batch tried again carries the same key", async () => {
    const refusal = serverError(batchCostMessage(48, 40), { status: 402 });
    const { actor, calls, spies } = batchWith([refusal, sixStarted]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: six });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ on: { answered: 'failed' } });
    expect(actor.getSnapshot().context.error).toBe(
      'This batch costs 48 credits and you have 40. Add 8 credits or remove prompts.',
    );
    expect(spies.creditsChanged).not.toHaveBeenCalled();
    // The balance shown was older than the account's: the page reads it again.
    expect(spies.refreshCredits).toHaveBeenCalledTimes(1);
    actor.send({ type: 'batch.start' });
    await settle();
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['key-1', 'key-1']);
    expect(actor.getSnapshot().value).toEqual({ on: { answered: 'started' } });
  });

  it('RUNS-18: after a failed start, changed prompts or settings make a new batch with a new key', async () => {
    const { actor, calls } = batchWith([silentError, silentError, sixStarted]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: six });
    actor.send({ type: 'batch.start' });
    await settle();
    // A failure without a message: the tool's own fallback.
    expect(actor.getSnapshot().context.error).toBe('Failed to generate image. Please try again.');
    actor.send({ type: 'batch.shared', input: { width: 1344, height: 768 } });
    actor.send({ type: 'batch.start' });
    await settle();
    actor.send({ type: 'batch.text', text: `${six}\nseven` });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(calls.map((c) => c.idempotencyKey)).toEqual(['key-1', 'key-2', 'key-3']);
    expect(calls[2]!.body.prompts).toHaveLength(7);
  });

  it('RUNS-1: the limit of runs in progress, as the server words it', async () => {
    const limit = serverError('You already have 4 runs in progress. Wait for one to finish, then try again.', {
      status: 429,
    });
    const { actor } = batchWith([limit]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: 'a fox' });
    actor.send({ type: 'batch.start' });
    await settle();
    expect(actor.getSnapshot().context.error).toBe(
      'You already have 4 runs in progress. Wait for one to finish, then try again.',
    );
  });
});

describe('the grid of the last batch', () => {
  it('RUNS-24: a tile per run in the order of the prompts, each following the tray’s list to its picture or its error', async () => {
    const { actor, spies } = batchWith([twoStarted]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: 'a lighthouse at dusk\n\n a fox in the snow ' });
    actor.send({ type: 'batch.start' });
    await settle();
    // RUNS-21, RUNS-22: the tray is told of the batch, and the follower of the runs its page shows.
    expect(spies.refreshRuns).toHaveBeenCalledWith(['b1', 'b2']);
    expect(spies.followed).toHaveBeenCalledWith(['b1', 'b2']);
    const tiles = () => actor.getSnapshot().context.tiles;
    expect(tiles().map((t) => [t.id, t.prompt, t.status])).toEqual([
      ['b1', 'a lighthouse at dusk', 'processing'],
      ['b2', 'a fox in the snow', 'processing'],
    ]);
    // Download all waits for a finished run.
    actor.send({ type: 'batch.zip' });
    expect(spies.downloadAll).not.toHaveBeenCalled();
    actor.send({ type: 'batch.runs', runs: twoWorking });
    expect(tiles().map((t) => [t.status, t.progress, t.position])).toEqual([
      ['processing', 40, null],
      ['queued', null, 1],
    ]);
    // A change of the prompts leaves the grid: it shows the last batch until another starts.
    actor.send({ type: 'batch.text', text: 'a red kite' });
    actor.send({ type: 'batch.runs', runs: twoEnded });
    expect(tiles().map((t) => [t.status, t.output, t.error])).toEqual([
      ['succeeded', '/files/outputs/b1.png', null],
      ['failed', null, 'The provider failed'],
    ]);
    actor.send({ type: 'batch.zip' });
    expect(spies.downloadAll).toHaveBeenCalledWith(['b1']);
  });

  it('RUNS-24: runs of other batches in the list leave the tiles as they are', async () => {
    const { actor } = batchWith([twoStarted]);
    actor.send({ type: 'batch.toggle' });
    actor.send({ type: 'batch.text', text: 'one\ntwo' });
    actor.send({ type: 'batch.start' });
    await settle();
    const before = actor.getSnapshot().context.tiles;
    actor.send({ type: 'batch.runs', runs: twoEnded.map((r) => ({ ...r, id: `other-${r.id}` })) });
    expect(actor.getSnapshot().context.tiles).toBe(before);
  });
});
