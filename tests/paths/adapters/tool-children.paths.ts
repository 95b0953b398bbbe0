export const group = 'tools';
/** The children of a tool run, each walked on a page that uses it: the retried request, the poll, the simulated progress. */
import { expect } from 'vitest';
import { visibility } from '../sights';
import type { EventObject } from 'xstate';
import type { ToolPollContext } from '../../../src/flows/tools/tool-poll.machine';
import { toolProgressMachine, type ToolProgressContext } from '../../../src/flows/tools/tool-progress.machine';
import type { ToolRequestContext } from '../../../src/flows/tools/tool-request.machine';
import type { ToolError } from '../../../src/flows/tools/tool-run.types';
import { toolViews } from '../../../src/features/tools/tool-views';
import { defineModel, type FlowModel } from '../../flows/harness';
import { toolPollModel, toolRequestAdModel } from '../../flows/models/tools.models';
import { delayPasses, pathDelays, type PathAdapter, type PathContext, type TestServer, answersCall } from '../harness';
import { predictionCause, toolFailure } from '../causes';
import { PREDICTION, banner, openTool, progressValue, showsWorking } from './tools-page';

/** The request of the advertisement page (TOOL-26): 45 s per attempt, up to 3, 2 s apart; 504 and time-outs retried. */
const AD = '/api/generate/image';
const keysSeen = new WeakMap<TestServer, string[]>();

function adText(error: ToolError | null): string {
  if (error?.name === 'TimeoutError' || error?.name === 'AbortError')
    return 'The request took too long. Please try again with a simpler prompt.';
  if (error?.status === 504) return 'The server is busy. Please try again in a moment.';
  return 'Failed to generate image. Please try again.';
}

export const toolRequestPaths: PathAdapter = {
  name: 'toolRequest',
  models: [toolRequestAdModel],
  async start(ctx, _model, path) {
    await pathDelays(ctx.page, { toolRequest: ['requestTimeout', 'retryPause'] }, path, {
      requestTimeout: 2500,
      // Long enough that the waiting state's check (no call out, one attempt sent) runs before the
      // next attempt leaves, even on busy cores (200 ms lost that race in a clean-clone run).
      retryPause: 1500,
    });
    const keys: string[] = [];
    keysSeen.set(ctx.server, keys);
    ctx.page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === AD)
        keys.push(request.headers()['idempotency-key'] ?? '');
    });
    const said = await openTool(ctx, 'text-to-advertisement', 5000);
    await ctx.page.locator('form textarea').fill('a red fox');
    await ctx.page.getByRole('button', { name: 'Generate', exact: true }).click();
    return `${said}, type "a red fox" as the prompt, click Generate`;
  },
  events: {
    async 'xstate.done.actor.attempt'({ server }, event) {
      const { output } = event as EventObject & { output: unknown };
      return server.answer('POST', AD, 200, output);
    },
    'xstate.error.actor.attempt': answersCall('POST', AD),
    'xstate.after.*': delayPasses,
  },
  causes: {
    'xstate.done.actor.attempt': 'generate an advertisement with an ordinary prompt: the offline provider answers',
    'xstate.error.actor.attempt': (_event, answer) => toolFailure(answer),
  },

  // What each state shows is said by the tool request machine (meta.sees); these check its named kinds.
  kinds: {
    working: (ctx) => showsWorking(ctx.page, toolViews['text-to-advertisement']),
    async attemptOut(ctx) {
      const { attempt } = ctx.state.context as ToolRequestContext;
      await expect.poll(() => ctx.server.holds('POST', AD)).toBe(true);
      const keys = keysSeen.get(ctx.server)!;
      await expect.poll(() => keys.length).toBe(attempt);
      expect(new Set(keys).size, 'one Idempotency-Key for every attempt of the click').toBe(1);
      return `attempt ${attempt} of POST ${AD} is out, with the click's Idempotency-Key`;
    },
    async nextAttemptWaits(ctx) {
      const { attempt } = ctx.state.context as ToolRequestContext;
      // Polled, both: on busy cores this check can start before the page has even sent the attempt it then gave up.
      await expect.poll(() => keysSeen.get(ctx.server)!.length).toBe(attempt);
      await expect.poll(() => ctx.server.holds('POST', AD)).toBe(false);
      return 'no call out, the next attempt waits';
    },
    async answer(ctx) {
      const output = ((ctx.state.context as ToolRequestContext).answer as { output: string }).output;
      const image = ctx.page.getByRole('region', { name: 'Result' }).getByAltText('Generated advertisement');
      await expect.poll(() => image.getAttribute('src')).toBe(output);
      await expect.poll(() => visibility(ctx.page.getByRole('button', { name: 'Generate Another' }))).toBe('visible');
      expect(new Set(keysSeen.get(ctx.server)).size, "every attempt carried the click's Idempotency-Key").toBe(1);
      return `the advertisement shows with Generate Another; the server saw ${keysSeen.get(ctx.server)!.length} attempt(s), one Idempotency-Key`;
    },
    async failureBanner(ctx) {
      const { error, attempt } = ctx.state.context as ToolRequestContext;
      const text = adText(error);
      await expect.poll(() => banner(ctx.page).textContent()).toBe(text);
      expect(keysSeen.get(ctx.server)!.length).toBe(attempt);
      return `after ${attempt} attempt(s) the red banner says "${text}"`;
    },
  },
  routes: [
    // A time-out, then a failure the advertisement retries, then the image: three attempts, one key.
    {
      model: toolRequestAdModel,
      events: [
        { type: 'xstate.after.requestTimeout.toolRequest.attempting' },
        { type: 'xstate.after.retryPause.toolRequest.waiting' },
        { type: 'xstate.error.actor.attempt', error: { status: 502, message: 'The request timed out upstream' } },
        { type: 'xstate.after.retryPause.toolRequest.waiting' },
        { type: 'xstate.done.actor.attempt', output: { output: 'https://atelier.test/outputs/ad.png', credits: 4795 } },
      ],
    },
  ],
  cannotSend(event) {
    const error = (event as EventObject & { error?: { name?: string } }).error;
    return event.type === 'xstate.error.actor.attempt' && error?.name === 'AbortError'
      ? 'an attempt is aborted only by its own time-out or by stopping the run (a sign-out), and a stopped attempt reports nothing'
      : null;
  },
};

/** Sound Generation polls its prediction (TOOL-6). */
const SOUND = '/api/generate/sound';

/** The page's poll: 60 checks (the flow model shrinks it to 3 to keep its graph small). */
const pagePollModel: FlowModel = { ...toolPollModel, input: { id: 'pred-1' } };
const processing = { status: 'processing', output: null, error: null };
const checkFails = { type: 'xstate.error.actor.fetchPrediction', error: { status: 502, message: 'Bad gateway' } };
const nextCheck = { type: 'xstate.after.pollInterval.toolPoll.waiting' };

async function showsPollProgress(ctx: PathContext): Promise<string> {
  // TOOL-6: checks over 60 (the page's budget, whatever the model's), capped at 95.
  const { checks, place } = ctx.state.context as ToolPollContext;
  if (place !== null) {
    // RUNS-15: a queued run's checks do not count; the page says its place instead.
    await expect.poll(() => visibility(ctx.page.getByText(`Waiting in your queue: place ${place}`))).toBe('visible');
    return `the page says Waiting in your queue: place ${place}`;
  }
  const progress = Math.min(95, Math.round((checks / 60) * 100));
  await expect
    .poll(() => visibility(ctx.page.getByText(`Generating... ${progress}%`, { exact: true })))
    .toBe('visible');
  return `the bar shows Generating... ${progress}%`;
}

export const toolPollPaths: PathAdapter = {
  name: 'toolPoll',
  models: [toolPollModel],
  async start(ctx, _model, path) {
    await pathDelays(ctx.page, { toolPoll: ['pollInterval'] }, path, 50);
    const said = await openTool(ctx, 'audioldm', 5000);
    await ctx.page.locator('form textarea').fill('rain on a tin roof');
    await ctx.page.getByRole('button', { name: 'Generate Sound', exact: true }).click();
    await ctx.server.answer('POST', SOUND, 200, { id: 'pred-1', credits: 4992 });
    return `${said}, type "rain on a tin roof", click Generate Sound; the server starts pred-1`;
  },
  events: {
    async 'xstate.done.actor.fetchPrediction'({ server }, event) {
      const { output } = event as EventObject & { output: Record<string, unknown> };
      const said = await server.answer('GET', PREDICTION, 200, { output: null, error: null, ...output });
      return `${said} (${String(output.status)})`;
    },
    'xstate.error.actor.fetchPrediction': answersCall('GET', PREDICTION),
    'xstate.after.*': delayPasses,
  },
  causes: {
    start: 'generate a sound with an ordinary prompt: the server starts the run and answers its id',
    'xstate.done.actor.fetchPrediction': (_event, answer) => predictionCause(answer.body),
    'xstate.error.actor.fetchPrediction': (_event, answer) => toolFailure(answer),
  },

  // What each state shows is said by the tool poll machine (meta.sees); these check its named kinds.
  kinds: {
    pollProgress: showsPollProgress,
    async statusCheck(ctx) {
      await expect.poll(() => ctx.server.holds('GET', PREDICTION)).toBe(true);
      return `the page asks GET ${PREDICTION}`;
    },
    async output(ctx) {
      const { output } = ctx.state.context as ToolPollContext;
      const audio = ctx.page.getByRole('region', { name: 'Result' }).locator('audio');
      await expect.poll(() => audio.getAttribute('src')).toBe(output);
      return `the sound player plays ${output} (the first output)`;
    },
    async failureBanner(ctx) {
      const { error } = ctx.state.context as ToolPollContext;
      await expect.poll(() => banner(ctx.page).textContent()).toBe(error?.message);
      return `the red banner says "${error?.message}"`;
    },
  },
  cannotSend(event, source) {
    const { checks, maxPolls } = source.context as ToolPollContext;
    return event.type.startsWith('xstate.') &&
      !event.type.startsWith('xstate.after.') &&
      checks + 1 >= maxPolls &&
      maxPolls < 60
      ? "the page checks 60 times (TOOL-6), not the model's 3: its last checks are walked by the routes below"
      : null;
  },
  routes: [
    { model: pagePollModel, events: [checkFails, nextCheck, checkFails, nextCheck, checkFails] },
    {
      model: pagePollModel,
      events: [
        ...Array.from({ length: 59 }, () => [
          { type: 'xstate.done.actor.fetchPrediction', output: processing },
          nextCheck,
        ]).flat(),
        { type: 'xstate.done.actor.fetchPrediction', output: processing },
      ],
    },
  ],
};

/** Simulated progress of a single call: the page's bar starts at 0 (the flow model starts at 75). */
const pageProgressModel = defineModel({
  machine: toolProgressMachine,
  input: { random: () => 0.99 },
  events: {},
  context: (c) => c.value,
});

export const toolProgressPaths: PathAdapter = {
  name: 'toolProgress',
  models: [pageProgressModel],
  async start(ctx, _model, path) {
    await pathDelays(ctx.page, { toolProgress: ['progressTick'] }, path, 80);
    // The model's draw (0.99): the page's increments are the model's.
    await ctx.page.addInitScript(() => {
      Math.random = () => 0.99;
    });
    const said = await openTool(ctx, 'text-to-image', 5000);
    await ctx.page.locator('form textarea').fill('a red fox');
    await ctx.page.getByRole('button', { name: 'Generate', exact: true }).click();
    await expect.poll(() => ctx.server.holds('POST', '/api/generate/image')).toBe(true);
    return `${said}, type "a red fox", click Generate (the server holds the call)`;
  },
  events: { 'xstate.after.*': delayPasses },
  // What each state shows is said by the tool progress machine (meta.sees); these check its named kinds.
  kinds: {
    async bar(ctx) {
      const { value } = ctx.state.context as ToolProgressContext;
      await expect.poll(() => progressValue(ctx.page).then((v) => (v ?? 0) >= value)).toBe(true);
      const shown = (await progressValue(ctx.page)) ?? 0;
      expect(shown).toBeLessThanOrEqual(85);
      return `the bar has reached ${value}% (Generating... ${shown}%)`;
    },
    async capped(ctx) {
      await expect.poll(() => visibility(ctx.page.getByText('Generating... 85%', { exact: true }))).toBe('visible');
      await ctx.page.waitForTimeout(600);
      expect(await progressValue(ctx.page)).toBe(85);
      return 'the bar stops at Generating... 85% while the call is out';
    },
  },
};
