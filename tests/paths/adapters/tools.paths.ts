export const group = 'tools';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { appReady } from '../../e2e/browser';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import type { ToolPollContext } from '../../../machines/tools/tool-poll.machine';
import { toolProgressMachine, type ToolProgressContext } from '../../../machines/tools/tool-progress.machine';
import type { ToolRequestContext } from '../../../machines/tools/tool-request.machine';
import type { RequestOutcome, ToolError, ToolRunContext } from '../../../machines/tools/tool-run.types';
import { toolByKey, type ToolKey } from '../../../src/catalog/tools';
import { toolViews, type PageToolKey, type ToolView } from '../../../src/features/tools/tool-views';
import { defineModel, type FlowModel } from '../../flows/harness';
import { freeUser, serverError, silentError } from '../../flows/models/fixtures';
import {
  IMAGE,
  POSE,
  runInput,
  toolPollModel,
  toolRequestAdModel,
  toolRunMediaModel,
  toolRunPersonModel,
  toolRunSyncModel,
  toolRunTextModel,
} from '../../flows/models/tools.models';
import {
  answerOf,
  delayPasses,
  firstRender,
  fixedDelays,
  pathDelays,
  type PathAdapter,
  type PathContext,
  type TestServer,
} from '../harness';
import { openSignedIn } from './billing.paths';

/** A 1×1 PNG: what a person picks as the main or the pose image. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let bigFile: string | null = null;
/** A 16 MB file on disk (Chromium reads it itself): over the 15 MB limit of spec §5. */
function sixteenMegabytes(): string {
  if (bigFile) return bigFile;
  const dir = mkdtempSync(join(tmpdir(), 'atelier-paths-'));
  bigFile = join(dir, 'huge.png');
  writeFileSync(bigFile, Buffer.alloc(16 * 1024 * 1024, 1));
  return bigFile;
}

const userWith = (credits: number) => ({ ...freeUser, credits });

/** The outputs the answers point at: served by the test, so the result loads without the network. */
async function serveOutputs(page: Page): Promise<void> {
  await page.route('https://atelier.test/**', (route) =>
    route.fulfill({ status: 200, contentType: 'image/png', body: PNG }),
  );
}

/** Opens a tool page, signed in with `credits` or (null) as a visitor. */
async function openTool(
  ctx: { page: Page; server: TestServer },
  key: ToolKey,
  credits: number | null,
): Promise<string> {
  const tool = toolByKey(key);
  await serveOutputs(ctx.page);
  if (credits !== null) {
    const said = await openSignedIn(ctx, userWith(credits), tool.path);
    return `${said} (${credits.toLocaleString('en-US')} credits)`;
  }
  await ctx.page.goto(tool.path);
  await expect
    .poll(() => ctx.page.getByRole('heading', { level: 1, name: tool.title }).isVisible(), firstRender)
    .toBe(true);
  // File inputs are set by script, which does not wait for the prerendered page to be hydrated.
  await appReady(ctx.page);
  return `open ${tool.path} as a visitor`;
}

const viewOf = (context: { tool: { key: string } }): ToolView => toolViews[context.tool.key as PageToolKey];
const runContext = (ctx: PathContext) => ctx.state.context as ToolRunContext;
const submit = (page: Page, view: ToolView) => page.getByRole('button', { name: view.submit, exact: true });
const banner = (page: Page) => page.getByRole('alert');
/** The bar's value (aria-valuenow), or null while there is no bar. */
const progressValue = (page: Page) =>
  page
    .getByRole('progressbar')
    .getAttribute('aria-valuenow', { timeout: 1000 })
    .then(Number)
    .catch(() => null);

/** Generate's button while a run is out: 'Generating...' (the tool's word), disabled, with the bar. */
async function showsWorking(page: Page, view: ToolView): Promise<string> {
  await expect.poll(() => page.getByRole('button', { name: `${view.working}...` }).isDisabled()).toBe(true);
  await expect.poll(() => page.getByRole('progressbar').isVisible()).toBe(true);
  return `the button says ${view.working}... and is disabled; the bar shows`;
}

/** The form as the run keeps it: the prompt typed, the size, Generate offered. */
async function showsForm(ctx: PathContext): Promise<string> {
  const context = runContext(ctx);
  const view = viewOf(context);
  const said: string[] = [];
  if (view.prompt) {
    const prompt = ctx.page.locator('form textarea');
    await expect.poll(() => prompt.inputValue()).toBe(context.prompt);
    await expect.poll(() => prompt.getAttribute('readonly')).toBeNull();
    said.push(
      context.prompt.trim() ? `the prompt reads "${context.prompt}"` : `the prompt is blank ("${context.prompt}")`,
    );
  }
  if (context.shape.freeSize) {
    await expect.poll(() => ctx.page.getByLabel('Width').inputValue()).toBe(String(context.width));
    await expect.poll(() => ctx.page.getByLabel('Height').inputValue()).toBe(String(context.height));
    said.push(`the size is ${context.width}×${context.height}`);
  }
  if (context.aspect) {
    const chosen = ctx.page.getByRole('button', { name: new RegExp(`^${context.aspect} \\(`) });
    await expect.poll(() => chosen.getAttribute('aria-pressed')).toBe('true');
    said.push(`${context.aspect} is chosen`);
  }
  if (view.upload) {
    const preview = ctx.page.getByAltText(`${view.upload.label} preview`, { exact: true });
    await expect.poll(() => preview.count()).toBe(context.image ? 1 : 0);
    said.push(context.image ? 'the image is shown' : 'no image');
  }
  if (view.pose) {
    const preview = ctx.page.getByAltText('Pose image (optional) preview', { exact: true });
    await expect.poll(() => preview.count()).toBe(context.poseImage ? 1 : 0);
    said.push(context.poseImage ? 'the pose image is shown' : 'no pose image');
  }
  await expect.poll(() => submit(ctx.page, view).isVisible()).toBe(true);
  await expect.poll(() => ctx.page.getByRole('region', { name: 'Result' }).count()).toBe(0);
  return said.concat(`${view.submit} is offered`).join(', ');
}

/** The status check of the prediction every start answer of these paths names (pred-1). */
const PREDICTION = '/api/prediction/pred-1';

/** How the server answers a request child's outcome: once, or on each of the three attempts of a retried failure. */
function requestAnswers(outcome: RequestOutcome, sync: boolean): Array<{ status: number; body: unknown }> {
  if (outcome.ok) {
    const { output, id, credits } = outcome.answer;
    // An answer without what the call promises: an empty output or id (the client's schema wants the field).
    const body = sync
      ? { output: typeof output === 'string' ? output : '', ...(credits === undefined ? {} : { credits }) }
      : { id: typeof id === 'string' ? id : '', ...(credits === undefined ? {} : { credits }) };
    return [{ status: 200, body }];
  }
  const { status, message } = outcome.error;
  const answer = { status: status ?? 500, body: message ? { message } : undefined };
  // Spec §9: a time-out message is retried, up to three attempts with the click's key.
  return /time[d\s-]*out/i.test(message) ? [answer, answer, answer] : [answer];
}

const generate = { type: 'tool.generate' };
const prompts = {
  fox: { type: 'tool.prompt', prompt: 'a red fox in the snow' },
  blank: { type: 'tool.prompt', prompt: '   ' },
};
const aspect = { type: 'tool.aspect', name: 'Portrait' };
const tooLarge = { type: 'tool.fileRejected', message: 'Image is too large. Please choose a smaller image.' };
const imageAnswer: RequestOutcome = {
  ok: true,
  answer: { output: 'https://atelier.test/outputs/fox.png', credits: 4992 },
  attempts: 1,
};
const insufficient: RequestOutcome = {
  ok: false,
  error: { status: 402, message: 'Insufficient credits' },
  attempts: 1,
};
const started = (credits: number): RequestOutcome => ({ ok: true, answer: { id: 'pred-1', credits }, attempts: 1 });
/** Image to Image (the size fields) for a visitor: a page no flow model opens. */
const imageToImageVisitorModel: FlowModel = { ...toolRunSyncModel, input: runInput('image-to-image') };

/** The generation calls the server saw, in order: the path, the Idempotency-Key and the input sent. */
interface Call {
  path: string;
  key: string;
  input: Record<string, unknown>;
}
const callsSeen = new WeakMap<TestServer, Call[]>();

function recordCalls({ page, server }: Omit<PathContext, 'state'>): Call[] {
  const calls: Call[] = [];
  callsSeen.set(server, calls);
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'POST' || !path.startsWith('/api/generate')) return;
    const body = request.postDataJSON() as { input?: Record<string, unknown> } | null;
    calls.push({ path, key: request.headers()['idempotency-key'] ?? '', input: body?.input ?? {} });
  });
  return calls;
}

/** What the server sees of the call out: the form as the run keeps it, with a new key for this click. */
async function sentCall(ctx: PathContext): Promise<string> {
  const context = runContext(ctx);
  const calls = callsSeen.get(ctx.server)!;
  await expect.poll(() => calls.at(-1)?.path).toBe(context.tool.endpoint);
  const call = calls.at(-1)!;
  const earlier = calls.slice(0, -1).map((c) => c.key);
  expect(call.key, 'a new Idempotency-Key for each click').not.toBe('');
  expect(earlier, 'a new Idempotency-Key for each click').not.toContain(call.key);
  const prompt = context.prompt.trim() || context.shape.defaultPrompt;
  expect(call.input['prompt']).toBe(prompt ?? undefined);
  const said = [`the server has POST ${context.tool.endpoint} with prompt "${String(prompt)}"`];
  if (context.shape.aspect !== null || context.shape.freeSize) {
    expect([call.input['width'], call.input['height']]).toEqual([context.width, context.height]);
    said.push(`${context.width}×${context.height}`);
  }
  if (context.shape.uploadsFirst) {
    expect([call.input['image'], call.input['pose_image']]).toEqual([
      context.uploaded.image,
      context.uploaded.poseImage ?? undefined,
    ]);
    said.push(`the uploaded ${context.uploaded.poseImage ? 'images' : 'image'}`);
  }
  return `${said.join(', ')} and a new Idempotency-Key`;
}

/** The first step of each path (by its test server): a balance there is the one the page opens with. */
const firstSteps = new WeakMap<TestServer, EventObject | undefined>();

interface Balance {
  signedIn: boolean;
  credits: number;
}

/** The lifecycle of every tool page: form, sign-in and balance checks, the call shapes, result or error. */
export const toolRunPaths: PathAdapter = {
  name: 'toolRun',
  models: [toolRunSyncModel, toolRunPersonModel, toolRunTextModel, toolRunMediaModel],
  async start(ctx, model, path) {
    const input = model.input as { tool: { key: ToolKey }; signedIn?: boolean; credits?: number };
    const first = path.steps[0]?.event;
    firstSteps.set(ctx.server, first);
    const opening = first?.type === 'tool.balance' ? (first as unknown as Balance) : null;
    const signedIn = opening ? opening.signedIn : (input.signedIn ?? false);
    const credits = opening ? opening.credits : (input.credits ?? 0);
    recordCalls(ctx);
    // The children's delays, short: a retried attempt, the next status check, the simulated progress.
    await fixedDelays(ctx.page, {
      toolRequest: { retryPause: 100 },
      toolPoll: { pollInterval: 100 },
      toolProgress: { progressTick: 200 },
    });
    return openTool(ctx, input.tool.key, signedIn ? credits : null);
  },
  events: {
    async 'tool.prompt'({ page }, event) {
      const { prompt } = event as unknown as { prompt: string };
      await page.locator('form textarea').fill(prompt);
      return `type "${prompt}" as the prompt`;
    },
    async 'tool.image'(ctx, event) {
      const { image } = event as unknown as { image: string | null };
      const view = viewOf(runContext(ctx));
      const label = view.upload!.label;
      if (image === null) {
        await ctx.page.getByRole('button', { name: 'Remove image' }).click();
        return 'click Remove image';
      }
      await ctx.page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => ctx.page.getByAltText(`${label} preview`, { exact: true }).isVisible()).toBe(true);
      return `choose photo.png as ${label}`;
    },
    async 'tool.poseImage'({ page }, event) {
      const { image } = event as unknown as { image: string | null };
      if (image === null) {
        await page.getByRole('button', { name: 'Remove pose image' }).click();
        return 'click Remove pose image';
      }
      const label = 'Pose image (optional)';
      await page
        .getByLabel(label, { exact: true })
        .setInputFiles({ name: 'pose.png', mimeType: 'image/png', buffer: PNG });
      await expect.poll(() => page.getByAltText(`${label} preview`, { exact: true }).isVisible()).toBe(true);
      return `choose pose.png as ${label}`;
    },
    async 'tool.fileRejected'(ctx) {
      const label = viewOf(runContext(ctx)).upload!.label;
      await ctx.page.getByLabel(label, { exact: true }).setInputFiles(sixteenMegabytes());
      return `choose a 16 MB file as ${label}`;
    },
    async 'tool.aspect'({ page }, event) {
      const { name } = event as unknown as { name: string };
      await page.getByRole('button', { name: new RegExp(`^${name} \\(`) }).click();
      return `click ${name}`;
    },
    async 'tool.size'({ page }, event) {
      const { width, height } = event as unknown as { width: number; height: number };
      await page.getByLabel('Width').fill(String(width));
      await page.getByLabel('Width').blur();
      await page.getByLabel('Height').fill(String(height));
      await page.getByLabel('Height').blur();
      return `type ${width} as Width and ${height} as Height`;
    },
    async 'tool.param'(ctx, event) {
      const { name, value } = event as unknown as { name: string; value: number };
      const spec = runContext(ctx).tool.params.find((p) => p.name === name)!;
      const field = ctx.page.getByLabel(new RegExp(`^${spec.label}`));
      await field.fill(String(value));
      await field.blur();
      await expect.poll(() => field.inputValue()).toBe(String(runContext(ctx).params[name]));
      return `type ${value} as ${spec.label}`;
    },
    async 'tool.generate'(ctx) {
      const context = runContext(ctx);
      const view = viewOf(context);
      await submit(ctx.page, view).click();
      if (!context.signedIn && ctx.state.hasTag('form')) {
        // A visitor: the login dialog opens and the form keeps what was typed.
        const dialog = ctx.page.getByRole('dialog', { name: 'Sign In' });
        await expect.poll(() => dialog.isVisible()).toBe(true);
        await ctx.page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);
        expect(
          ctx.server.seen.filter((s) => s.startsWith('POST /api/generate') || s.startsWith('POST /api/upload')),
        ).toEqual([]);
        return `click ${view.submit}: the Sign In dialog opens, nothing is sent (closed again with Escape)`;
      }
      return `click ${view.submit}`;
    },
    async 'tool.reset'(ctx) {
      const view = viewOf(runContext(ctx));
      await ctx.page.getByRole('button', { name: view.another }).click();
      return `click ${view.another}`;
    },
    async 'tool.balance'(ctx, event) {
      const { signedIn, credits } = event as unknown as Balance;
      if (firstSteps.get(ctx.server) === event) {
        // The page gives its run the session's balance as it opens (useToolRun).
        if (!signedIn) return 'the page gives its run the visitor session (not signed in)';
        const badge = ctx.page.getByLabel(`Credit balance: ${credits} credits`).first();
        await expect.poll(() => badge.isVisible()).toBe(true);
        return `the page gives its run the session's balance: ${credits} credits`;
      }
      // After a run the page asks for the balance (spec §7); the answer reaches the run through the session.
      const said = await ctx.server.answer('GET', '/api/users/credits', 200, { credits });
      await expect.poll(() => ctx.page.getByLabel(`Credit balance: ${credits} credits`).first().isVisible()).toBe(true);
      return `${said}: the badge shows ${credits} credits (the session passes them to the run)`;
    },
    async 'progress.tick'(ctx) {
      const { page, server } = ctx;
      if (ctx.state.matches({ working: 'single' })) {
        // The simulated progress of a single call moves the bar by itself.
        await expect.poll(() => progressValue(page)).toBeGreaterThan(0);
        return 'the simulated progress moves the bar';
      }
      // A status check that finds the run still going moves the bar.
      const said = await server.answer('GET', PREDICTION, 200, { status: 'processing', output: null, error: null });
      await expect.poll(() => progressValue(page)).toBeGreaterThan(0);
      return `${said} (processing): the bar moves`;
    },
    async 'xstate.done.actor.request'(ctx, event) {
      const context = runContext(ctx);
      const outcome = (event as EventObject & { output: RequestOutcome }).output;
      const answers = requestAnswers(outcome, context.shape.call === 'single');
      const said: string[] = [];
      for (const { status, body } of answers)
        said.push(await ctx.server.answer('POST', context.tool.endpoint, status, body));
      if (said.length === 1) return said[0]!;
      const keys = callsSeen
        .get(ctx.server)!
        .slice(-3)
        .map((c) => c.key);
      expect(new Set(keys).size, 'every attempt of the click carries its Idempotency-Key').toBe(1);
      return `${said[0]} on each of 3 attempts, all with the click's Idempotency-Key`;
    },
    async 'xstate.done.actor.uploadMain'({ server }, event) {
      const { output } = event as EventObject & { output: unknown };
      return server.answer('POST', '/api/upload', 200, output);
    },
    async 'xstate.done.actor.uploadPose'({ server }, event) {
      const { output } = event as EventObject & { output: unknown };
      return server.answer('POST', '/api/upload', 200, output);
    },
    async 'xstate.error.actor.*'({ server }, event) {
      const { status, body } = answerOf(event);
      if (event.type.endsWith('.wait')) return server.answer('GET', PREDICTION, status, body);
      return server.answer('POST', '/api/upload', status, body);
    },
    async 'xstate.done.actor.poll'({ server }, event) {
      const outcome = (event as EventObject & { output: { ok: boolean; output?: string; error?: ToolError } }).output;
      return server.answer(
        'GET',
        PREDICTION,
        200,
        outcome.ok
          ? { status: 'succeeded', output: [outcome.output], error: null }
          : { status: 'failed', output: null, error: outcome.error?.message ?? null },
      );
    },
    async 'xstate.done.actor.wait'({ server }, event) {
      const { output } = (event as EventObject & { output: { output: string } }).output;
      return server.answer('GET', PREDICTION, 200, { status: 'succeeded', output, error: null });
    },
    async 'xstate.after.*'({ page }) {
      // The result appears below the form; the page scrolls down to it (spec §2: 100 ms after it appears).
      const result = page.getByRole('region', { name: 'Result' });
      await expect
        .poll(() =>
          result.evaluate((el) => {
            // At the result's top, or as far down as the page goes.
            const atTop = Math.abs(el.getBoundingClientRect().top) <= 1;
            const atEnd = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 1;
            return window.scrollY > 0 && (atTop || atEnd);
          }),
        )
        .toBe(true);
      return 'wait for the scroll delay: the page scrolls down to the result';
    },
  },
  states: {
    idle: (ctx) =>
      showsForm(ctx).then(async (said) => {
        await expect.poll(() => banner(ctx.page).count()).toBe(0);
        return `${said}, no banner`;
      }),
    async error(ctx) {
      const { error, signedIn, credits, tool } = runContext(ctx);
      await expect.poll(() => banner(ctx.page).textContent()).toContain(error);
      const lacks = signedIn && credits < tool.cost;
      await expect.poll(() => banner(ctx.page).getByRole('link', { name: 'Buy credits' }).count()).toBe(lacks ? 1 : 0);
      return `the red banner says "${error}"${lacks ? ' with Buy credits and See plans' : ''}; ${await showsForm(ctx)}`;
    },
    async working(ctx) {
      return showsWorking(ctx.page, viewOf(runContext(ctx)));
    },
    async 'working.single'(ctx) {
      const { endpoint } = runContext(ctx).tool;
      await expect.poll(() => ctx.server.holds('POST', endpoint)).toBe(true);
      return `${await showsWorking(ctx.page, viewOf(runContext(ctx)))}; ${await sentCall(ctx)}`;
    },
    async 'working.uploading'(ctx) {
      await expect.poll(() => ctx.server.holds('POST', '/api/upload')).toBe(true);
      const which = ctx.state.matches({ working: { uploading: 'pose' } }) ? 'pose' : 'main';
      return `${await showsWorking(ctx.page, viewOf(runContext(ctx)))}; the server has POST /api/upload (${which} image)`;
    },
    async 'working.starting'(ctx) {
      const { endpoint } = runContext(ctx).tool;
      await expect.poll(() => ctx.server.holds('POST', endpoint)).toBe(true);
      return `${await showsWorking(ctx.page, viewOf(runContext(ctx)))}; ${await sentCall(ctx)}`;
    },
    async 'working.polling'(ctx) {
      await expect.poll(() => ctx.server.holds('GET', PREDICTION)).toBe(true);
      return `${await showsWorking(ctx.page, viewOf(runContext(ctx)))}; the page checks GET ${PREDICTION}`;
    },
    async result(ctx) {
      const { result } = runContext(ctx);
      const view = viewOf(runContext(ctx));
      const region = ctx.page.getByRole('region', { name: 'Result' });
      if (view.result === 'text') await expect.poll(() => region.locator('pre').textContent()).toBe(result);
      else {
        const media = view.result === 'image' ? region.getByAltText(view.resultAlt) : region.locator(view.result);
        await expect.poll(() => media.getAttribute('src')).toBe(result);
      }
      await expect.poll(() => region.getByRole('button', { name: view.another }).isVisible()).toBe(true);
      await expect.poll(() => banner(ctx.page).count()).toBe(0);
      return `the result shows ${result} with ${view.another}`;
    },
  },
  cannotSend(event, source) {
    const context = source.context as ToolRunContext;
    const view = viewOf(context);
    const e = event as EventObject & Record<string, unknown>;
    switch (event.type) {
      case 'tool.image':
        if (!view.upload) return `${context.tool.title} has no image upload`;
        return e.image === null && !context.image ? 'Remove image shows only with an image' : null;
      case 'tool.poseImage':
        if (!view.pose) return `${context.tool.title} has no pose image`;
        return e.image === null && !context.poseImage ? 'Remove pose image shows only with a pose image' : null;
      case 'tool.fileRejected':
        return view.upload ? null : `${context.tool.title} has no file to choose`;
      case 'tool.aspect':
        return context.shape.aspect ? null : `${context.tool.title} has no aspect presets`;
      case 'tool.size':
        return context.shape.freeSize ? null : `${context.tool.title} has no size fields`;
      case 'tool.param':
        return context.tool.params.some((p) => p.name === e.name) ? null : `${context.tool.title} has no such setting`;
      case 'tool.generate':
        if (context.shape.button.includes('prompt') && context.prompt.trim() === '')
          return 'the button is disabled while the prompt is empty';
        if (context.shape.button.includes('image') && !context.image) return 'the button is disabled without an image';
        return null;
      case 'tool.balance': {
        // The page as it opens gives its run the session's balance (useToolRun)…
        const opening =
          source.matches('idle') &&
          context.key === null &&
          context.prompt === '' &&
          !context.image &&
          !context.poseImage &&
          context.error === null;
        // …and after a polled run it asks for the balance again (spec §7), which reaches the run through the session.
        const refreshed =
          source.matches('result') &&
          context.shape.call !== 'single' &&
          e.signedIn === true &&
          e.credits !== context.credits;
        return opening || refreshed
          ? null
          : 'the balance reaches the run as the page opens, or with the credits refresh after a polled run';
      }
      case 'progress.tick':
        return source.matches({ working: 'single' }) || source.matches({ working: 'polling' })
          ? null
          : 'nothing moves the bar while an upload or the start call is out';
      case 'xstate.done.actor.request': {
        const outcome = e.output as RequestOutcome;
        if (outcome.ok && source.matches({ working: 'single' }) && outcome.answer.credits === undefined)
          return "an image answer without the balance fails the client's schema (ImageAnswer)";
        return null;
      }
      case 'xstate.error.actor.wait': {
        const { message } = (e.error ?? {}) as { message?: unknown };
        return typeof message === 'string' && message !== ''
          ? null
          : "the page's wait turns a failed check without a message into 'Failed to check status'";
      }
      default:
        return null;
    }
  },
  // Few pages, many steps: each route walks one page through most of what it offers (opening a page
  // costs more than a step), and the generated paths fill in what the routes leave.
  routes: [
    // Text to Image: a result, scrolled to, Generate Another; an answer without an image; a 504 retried
    // three times; a 500 without a message.
    {
      model: toolRunSyncModel,
      events: [
        { type: 'tool.balance', signedIn: true, credits: 5000 },
        aspect,
        prompts.fox,
        generate,
        { type: 'progress.tick', value: 5 },
        { type: 'xstate.done.actor.request', output: imageAnswer },
        { type: 'xstate.after.scrollDelay.toolRun.result' },
        { type: 'tool.reset' },
        prompts.fox,
        generate,
        { type: 'xstate.done.actor.request', output: { ok: true, answer: { credits: 4984 }, attempts: 1 } },
        prompts.blank,
        aspect,
        prompts.fox,
        generate,
        {
          type: 'xstate.done.actor.request',
          output: { ok: false, error: { status: 504, message: 'Gateway Timeout' }, attempts: 3 },
        },
        generate,
        { type: 'xstate.done.actor.request', output: { ok: false, error: { message: '' }, attempts: 1 } },
      ],
    },
    // Text to Image with 1 credit: refused before any call, and again from the banner.
    {
      model: toolRunSyncModel,
      events: [{ type: 'tool.balance', signedIn: true, credits: 1 }, prompts.fox, generate, generate],
    },
    // Image to Image for a visitor: the size fields, Generate asks to sign in; a refused file, the same from the banner.
    {
      model: imageToImageVisitorModel,
      events: [
        { type: 'tool.size', width: 1001, height: 517 },
        { type: 'tool.image', image: IMAGE },
        prompts.fox,
        generate,
        { type: 'tool.fileRejected', message: 'Image is too large. Please choose a smaller image.' },
        { type: 'tool.size', width: 640, height: 480 },
        { type: 'tool.image', image: IMAGE },
        generate,
      ],
    },
    // Person to Person: the main image is required (spec §5), then both uploads, the start, the checks,
    // and the balance asked for after the run.
    {
      model: toolRunPersonModel,
      events: [
        prompts.fox,
        { type: 'tool.poseImage', image: POSE },
        generate,
        generate,
        { type: 'tool.image', image: IMAGE },
        generate,
        { type: 'xstate.done.actor.uploadMain', output: { url: '/uploads/main.jpg' } },
        { type: 'xstate.done.actor.uploadPose', output: { url: '/uploads/pose.jpg' } },
        { type: 'xstate.done.actor.request', output: started(4985) },
        { type: 'progress.tick', value: 2 },
        { type: 'xstate.done.actor.poll', output: { ok: true, output: 'https://atelier.test/outputs/person.png' } },
        { type: 'tool.balance', signedIn: true, credits: 5000 },
      ],
    },
    // Person to Person: refused files, a failed upload of either image, the main upload alone once the
    // pose image is removed.
    {
      model: toolRunPersonModel,
      events: [
        { type: 'tool.image', image: IMAGE },
        tooLarge,
        tooLarge,
        { type: 'tool.poseImage', image: POSE },
        prompts.fox,
        generate,
        { type: 'xstate.error.actor.uploadMain', error: silentError },
        generate,
        { type: 'xstate.done.actor.uploadMain', output: { url: '/uploads/main.jpg' } },
        { type: 'xstate.error.actor.uploadPose', error: serverError('Image too large') },
        { type: 'tool.poseImage', image: null },
        generate,
        { type: 'xstate.done.actor.uploadMain', output: { url: '/uploads/main.jpg' } },
      ],
    },
    // Text Generation: a start without an id, a refused start, a failed wait, then the text and Generate Another.
    {
      model: toolRunTextModel,
      events: [
        prompts.fox,
        generate,
        { type: 'xstate.done.actor.request', output: { ok: true, answer: { output: 'not an id' }, attempts: 1 } },
        generate,
        { type: 'xstate.done.actor.request', output: insufficient },
        generate,
        { type: 'xstate.done.actor.request', output: started(4990) },
        { type: 'progress.tick', value: 12 },
        { type: 'xstate.error.actor.wait', error: serverError('Model overloaded') },
        generate,
        { type: 'xstate.done.actor.request', output: started(4985) },
        { type: 'xstate.done.actor.wait', output: { output: 'Once upon a time…' } },
        { type: 'tool.reset' },
      ],
    },
    // Sound Generation: its settings, a refused start, a failed prediction, then the sound.
    {
      model: toolRunMediaModel,
      events: [
        { type: 'tool.param', name: 'duration', value: 12 },
        prompts.fox,
        generate,
        { type: 'xstate.done.actor.request', output: insufficient },
        { type: 'tool.param', name: 'duration', value: 20 },
        generate,
        { type: 'xstate.done.actor.request', output: started(4992) },
        { type: 'xstate.done.actor.poll', output: { ok: false, error: { message: 'Generation failed' } } },
        generate,
        { type: 'xstate.done.actor.request', output: started(4984) },
        { type: 'xstate.done.actor.poll', output: { ok: true, output: 'https://atelier.test/outputs/rain.wav' } },
      ],
    },
  ],
};

/** The request of the advertisement page (spec §9): 45 s per attempt, up to 3, 2 s apart; 504 and time-outs retried. */
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
    async 'xstate.error.actor.attempt'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('POST', AD, status, body);
    },
    'xstate.after.*': delayPasses,
  },
  states: {
    async attempting(ctx) {
      const { attempt } = ctx.state.context as ToolRequestContext;
      await expect.poll(() => ctx.server.holds('POST', AD)).toBe(true);
      const keys = keysSeen.get(ctx.server)!;
      await expect.poll(() => keys.length).toBe(attempt);
      expect(new Set(keys).size, 'one Idempotency-Key for every attempt of the click').toBe(1);
      return `${await showsWorking(ctx.page, toolViews['text-to-advertisement'])}; attempt ${attempt} of POST ${AD} is out, with the click's Idempotency-Key`;
    },
    async waiting(ctx) {
      const { attempt } = ctx.state.context as ToolRequestContext;
      await expect.poll(() => ctx.server.holds('POST', AD)).toBe(false);
      expect(keysSeen.get(ctx.server)!.length).toBe(attempt);
      return `${await showsWorking(ctx.page, toolViews['text-to-advertisement'])}; no call out, the next attempt waits`;
    },
    async answered(ctx) {
      const output = ((ctx.state.context as ToolRequestContext).answer as { output: string }).output;
      const image = ctx.page.getByRole('region', { name: 'Result' }).getByAltText('Generated advertisement');
      await expect.poll(() => image.getAttribute('src')).toBe(output);
      await expect.poll(() => ctx.page.getByRole('button', { name: 'Generate Another' }).isVisible()).toBe(true);
      expect(new Set(keysSeen.get(ctx.server)).size, "every attempt carried the click's Idempotency-Key").toBe(1);
      return `the advertisement shows with Generate Another; the server saw ${keysSeen.get(ctx.server)!.length} attempt(s), one Idempotency-Key`;
    },
    async failed(ctx) {
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
      ? 'the page aborts an attempt only by leaving it (its time-out, or leaving the page), and a stopped attempt reports nothing'
      : null;
  },
};

/** Sound Generation polls its prediction (spec §4 Polling flow). */
const SOUND = '/api/generate/sound';

/** The page's poll: 60 checks (the flow model shrinks it to 3 to keep its graph small). */
const pagePollModel: FlowModel = { ...toolPollModel, input: { id: 'pred-1' } };
const processing = { status: 'processing', output: null, error: null };
const checkFails = { type: 'xstate.error.actor.fetchPrediction', error: { status: 502, message: 'Bad gateway' } };
const nextCheck = { type: 'xstate.after.pollInterval.toolPoll.waiting' };

async function showsPollProgress(ctx: PathContext): Promise<string> {
  // Spec §4: checks over 60 (the page's budget, whatever the model's), capped at 95.
  const { checks } = ctx.state.context as ToolPollContext;
  const progress = Math.min(95, Math.round((checks / 60) * 100));
  await expect.poll(() => ctx.page.getByText(`Generating... ${progress}%`, { exact: true }).isVisible()).toBe(true);
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
    async 'xstate.error.actor.fetchPrediction'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('GET', PREDICTION, status, body);
    },
    'xstate.after.*': delayPasses,
  },
  states: {
    async checking(ctx) {
      await expect.poll(() => ctx.server.holds('GET', PREDICTION)).toBe(true);
      return `${await showsPollProgress(ctx)}; the page asks GET ${PREDICTION}`;
    },
    waiting: showsPollProgress,
    async succeeded(ctx) {
      const { output } = ctx.state.context as ToolPollContext;
      const audio = ctx.page.getByRole('region', { name: 'Result' }).locator('audio');
      await expect.poll(() => audio.getAttribute('src')).toBe(output);
      return `the sound player plays ${output} (the first output)`;
    },
    async failed(ctx) {
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
      ? "the page checks 60 times (spec §9), not the model's 3: its last checks are walked by the routes below"
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
  states: {
    async running(ctx) {
      const { value } = ctx.state.context as ToolProgressContext;
      await expect.poll(() => progressValue(ctx.page).then((v) => (v ?? 0) >= value)).toBe(true);
      const shown = (await progressValue(ctx.page)) ?? 0;
      expect(shown).toBeLessThanOrEqual(85);
      return `the bar has reached ${value}% (Generating... ${shown}%)`;
    },
    async capped(ctx) {
      await expect.poll(() => ctx.page.getByText('Generating... 85%', { exact: true }).isVisible()).toBe(true);
      await ctx.page.waitForTimeout(600);
      expect(await progressValue(ctx.page)).toBe(85);
      return 'the bar stops at Generating... 85% while the call is out';
    },
  },
};
