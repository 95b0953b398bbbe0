/** COLLECT-6: the one collection of the path's person ('Save to' offers it; the model's event names its id). */
const KEEP = { id: 'k1', name: 'Keep', count: 0, createdAt: '2026-12-01T10:00:00.000Z' };

export const group = 'tools';
import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import type { EventObject } from 'xstate';
import type { CreationDetail } from '../../../src/api/schemas';
import type { ListedRun, RequestOutcome, ToolError } from '../../../src/flows/tools/tool-run.types';
import { creationDetail } from '../../../src/flows/tools/tools.examples';
import { DRAFT_KEY } from '../../../src/flows/tools/draft';
import type { ToolKey } from '../../../src/catalog/tools';
import { operations } from '../../../src/api/operations';
import {
  toolRunMediaModel,
  toolRunPersonModel,
  toolRunSyncModel,
  toolRunTextModel,
} from '../../flows/models/tools.models';
import { answerOf, fixedDelays, type PathAdapter, type TestServer } from '../harness';
import { predictionCause, toolFailure } from '../causes';
import { fieldValue, visibility } from '../sights';
import { callsSeen, recordCalls, toolRunKinds } from './tools-kinds';
import { toolRunCannotSend, toolRunRoutes } from './tools-routes';
import { PNG, PREDICTION, openTool, progressValue, runContext, sixteenMegabytes, submit, viewOf } from './tools-page';

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
  // TOOL-26: a time-out message is retried, up to three attempts with the click's key.
  return /time[d\s-]*out/i.test(message) ? [answer, answer, answer] : [answer];
}

/** The first step of each path (by its test server): a balance there is the one the page opens with. */
const firstSteps = new WeakMap<TestServer, EventObject | undefined>();

interface Balance {
  signedIn: boolean;
  credits: number;
}

/**
 * Clicks one of the result's actions, again if the click did nothing: the page scrolls to a new result
 * (TOOL-25) a moment after it shows, and on busy cores that scroll can move the button between Playwright's
 * aim and its click. Every one of these actions takes the result away, so a click that worked is never repeated.
 */
async function clickResultAction(button: Locator): Promise<void> {
  await button.click();
  for (let again = 0; again < 2; again++) {
    const gone = await button.waitFor({ state: 'detached', timeout: 2_000 }).then(
      () => true,
      () => false,
    );
    // Still there and still offered: the click missed it.
    if (gone || !(await button.isVisible()) || !(await button.isEnabled())) return;
    await button.click();
  }
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
    // COLLECT-6: the person's collections, which 'Save to' offers (a signed-in page reads them as it opens).
    ctx.server.standing.set('GET /api/collections', { status: 200, body: { items: [KEEP] } });
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
    async 'tool.prompt.clear'({ page }) {
      await page.getByRole('button', { name: 'Clear prompt' }).click();
      return 'click Clear prompt';
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
      await expect.poll(() => visibility(ctx.page.getByAltText(`${label} preview`, { exact: true }))).toBe('visible');
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
      await expect.poll(() => visibility(page.getByAltText(`${label} preview`, { exact: true }))).toBe('visible');
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
      await expect.poll(() => fieldValue(field)).toBe(String(runContext(ctx).params[name]));
      return `type ${value} as ${spec.label}`;
    },
    async 'tool.saveTo'({ page }, event) {
      const { collectionId } = event as unknown as { collectionId: string | null };
      const field = page.getByLabel('Save to');
      await field.selectOption(collectionId ?? '');
      await expect.poll(() => field.inputValue()).toBe(collectionId ?? '');
      return `choose ${collectionId === KEEP.id ? `"${KEEP.name}"` : 'None'} as Save to`;
    },
    async 'tool.generate'(ctx) {
      const context = runContext(ctx);
      const view = viewOf(context);
      await submit(ctx.page, view).click();
      if (!context.signedIn && ctx.state.hasTag('form')) {
        // A visitor: the login dialog opens and the form keeps what was typed.
        const dialog = ctx.page.getByRole('dialog', { name: 'Sign In' });
        await expect.poll(() => visibility(dialog)).toBe('visible');
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
      await clickResultAction(ctx.page.getByRole('button', { name: view.another }));
      return `click ${view.another}`;
    },
    async 'tool.runAgain'({ page }) {
      await clickResultAction(page.getByRole('region', { name: 'Result' }).getByRole('button', { name: 'Run again' }));
      return 'click Run again';
    },
    async 'tool.edit'({ page }) {
      await clickResultAction(
        page.getByRole('region', { name: 'Result' }).getByRole('button', { name: 'Edit', exact: true }),
      );
      return 'click Edit';
    },
    async 'tool.draft.keep'({ page }) {
      // TOOL-47: the login dialog opened over the page (the header's Sign In), then closed again.
      await page.getByRole('banner').getByRole('button', { name: 'Sign In', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await expect.poll(() => dialog.isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await expect.poll(() => dialog.count()).toBe(0);
      expect(await page.evaluate((key) => sessionStorage.getItem(key) !== null, DRAFT_KEY)).toBe(true);
      return "click the header's Sign In: the tab keeps the form (closed again with Escape)";
    },
    async 'tool.draft.restore'(ctx, event) {
      // TOOL-48: the tab holds the draft; / offers the way back (a client-side move: the page's run is kept).
      const { form, generate } = event as EventObject & { form: unknown; generate: boolean };
      const { tool } = runContext(ctx);
      const draft = { toolKey: tool.key, path: tool.path, title: tool.title, form, generate, restore: false };
      await ctx.page.evaluate(({ key, value }) => sessionStorage.setItem(key, value), {
        key: DRAFT_KEY,
        value: JSON.stringify(draft),
      });
      await ctx.page.evaluate(() => {
        const state = (window.history.state ?? {}) as Record<string, unknown>;
        const index = typeof state['__TSR_index'] === 'number' ? state['__TSR_index'] : 0;
        window.history.pushState({ ...state, __TSR_index: index + 1 }, '', '/');
      });
      const back = ctx.page.getByRole('link', { name: `Back to ${tool.title} — your prompt is kept` });
      await expect.poll(() => back.isVisible()).toBe(true);
      await back.click();
      await expect.poll(() => new URL(ctx.page.url()).pathname).toBe(tool.path);
      await expect.poll(() => ctx.page.evaluate((key) => sessionStorage.getItem(key), DRAFT_KEY)).toBeNull();
      return `on / click "Back to ${tool.title} — your prompt is kept"${generate ? ' (Generate had been pressed)' : ''}`;
    },
    async 'tool.draft.run'(ctx) {
      const context = runContext(ctx);
      await ctx.page.getByRole('dialog', { name: 'Run it now?' }).getByRole('button', { name: 'Run it' }).click();
      if (!context.signedIn) {
        // A visitor (the draft restored after registering): Generate opens the login dialog again.
        const dialog = ctx.page.getByRole('dialog', { name: 'Sign In' });
        await expect.poll(() => dialog.isVisible()).toBe(true);
        await ctx.page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);
        return 'click Run it: the Sign In dialog opens (closed again with Escape)';
      }
      return 'click Run it';
    },
    async 'tool.draft.decline'({ page }) {
      await page.getByRole('dialog', { name: 'Run it now?' }).getByRole('button', { name: 'Not now' }).click();
      return 'click Not now';
    },
    async 'tool.applyCreation'(ctx, event) {
      // CREATIONS-13, CREATIONS-14: 'Use these settings' or 'New seed' of a creation's page opens the tool's page
      // with ?settings=<id> (&seed=new); the page hands its run the creation's id and drops the query.
      const { id, newSeed } = event as EventObject & { id: string; newSeed: boolean };
      const { tool } = runContext(ctx);
      const read = `GET /api/creations/${id}`;
      // The creation's page reads it once (a standing answer); the run's own read waits for its step.
      ctx.server.standing.set(read, {
        status: 200,
        body: creationDetail(id, tool.key, { prompt: 'a creation', params: {} }),
      });
      // To the creation's page in the app (a client-side move: the page's run is kept, RUNS-12), then its link.
      await ctx.page.evaluate((path) => {
        const state = (window.history.state ?? {}) as Record<string, unknown>;
        const index = typeof state['__TSR_index'] === 'number' ? state['__TSR_index'] : 0;
        window.history.pushState({ ...state, __TSR_index: index + 1 }, '', path);
      }, `/creations/${id}`);
      const link = ctx.page.getByRole('link', { name: newSeed ? 'New seed' : 'Use these settings' });
      await expect.poll(() => visibility(link)).toBe('visible');
      ctx.server.standing.delete(read);
      await link.click();
      await expect.poll(() => new URL(ctx.page.url()).pathname).toBe(tool.path);
      await expect.poll(() => new URL(ctx.page.url()).search).toBe('');
      return `click ${newSeed ? 'New seed' : 'Use these settings'} on a creation of ${tool.title}`;
    },
    async 'xstate.done.actor.creation'(ctx, event) {
      // The run reads the creation; its form takes the settings (and New seed presses Generate).
      const detail = (event as EventObject & { output: CreationDetail }).output;
      const said = await ctx.server.answer('GET', `/api/creations/${detail.id}`, 200, detail);
      await expect.poll(() => fieldValue(ctx.page.locator('form textarea').first())).toBe(detail.prompt);
      return said;
    },
    async 'tool.listed'(ctx, event) {
      // RUNS-14: the runs tray's first read lists a run of this tool still working; the page, on its first form, follows it.
      const { runs } = event as EventObject & { runs: readonly ListedRun[] };
      const { tool } = runContext(ctx);
      const listed = runs.map((run) => ({
        ...run,
        ...{ progress: null, position: null, cost: tool.cost, refunded: 0, error: null, output: null },
        ...{ createdAt: new Date().toISOString(), finishedAt: null },
      }));
      const answered = await ctx.server.answer('GET', '/api/runs', 200, { runs: listed });
      await expect.poll(() => fieldValue(ctx.page.getByLabel(/^Prompt/).first())).toBe(runs[0]?.prompt ?? '');
      return answered;
    },
    async 'tool.balance'(ctx, event) {
      const { signedIn, credits } = event as unknown as Balance;
      if (firstSteps.get(ctx.server) === event) {
        // The page gives its run the session's balance as it opens (useToolRun).
        if (!signedIn) return 'the page gives its run the visitor session (not signed in)';
        const badge = ctx.page.getByLabel(`Credit balance: ${credits} credits`).first();
        await expect.poll(() => visibility(badge)).toBe('visible');
        return `the page gives its run the session's balance: ${credits} credits`;
      }
      // After a run the page asks for the balance (CREDITS-4); the answer reaches the run through the session.
      const said = await ctx.server.answer('GET', '/api/users/credits', 200, { credits });
      await expect
        .poll(() => visibility(ctx.page.getByLabel(`Credit balance: ${credits} credits`).first()))
        .toBe('visible');
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
    async 'progress.queued'(ctx, event) {
      // RUNS-15: a status check finds the run waiting in the account's queue, or no longer.
      const { place } = event as EventObject & { place: number | null };
      const { page, server } = ctx;
      if (place === null) {
        const said = await server.answer('GET', PREDICTION, 200, { status: 'processing', output: null, error: null });
        await expect.poll(() => page.getByText(/^Waiting in your queue/).count()).toBe(0);
        return `${said} (processing): the run has left the queue`;
      }
      const said = await server.answer('GET', PREDICTION, 200, {
        ...{ status: 'queued', position: place, output: null, error: null },
      });
      await expect.poll(() => visibility(page.getByText(`Waiting in your queue: place ${place}`))).toBe('visible');
      return `${said} (queued at place ${place})`;
    },
    async 'xstate.done.actor.request'(ctx, event) {
      const context = runContext(ctx);
      const outcome = (event as EventObject & { output: RequestOutcome }).output;
      const answers = requestAnswers(outcome, context.shape.call === 'single');
      const said: string[] = [];
      for (const { status, body } of answers)
        said.push(String(await ctx.server.answer('POST', operations[context.tool.startOperation].path, status, body)));
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
      // A creation gone (deleted, another account's): the run's read of it is refused.
      if (event.type.endsWith('.creation')) return server.answer('GET', '/api/creations/apply-1', status, body);
      return server.answer('POST', '/api/upload', status, body);
    },
    async 'xstate.done.actor.poll'({ server }, event) {
      // A failure the server ended itself (status failed): the page says its credits came back (TOOL-38).
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
      // The result appears below the form; the page scrolls down to it (TOOL-25: 100 ms after it appears).
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
  causes: {
    'tool.listed':
      'start a `[slow]` run of this tool, reload with only the sign-in kept, and open the tool page: the runs tray lists the run and the page follows it',
    'tool.balance': 'finish a run while signed in: the page asks for the balance again',
    'progress.queued':
      'start a batch of `[slow]` prompts with more prompts than free places, then open the tool page: it follows a queued run (RUNS-14), which leaves the queue when a run before it ends',
    'progress.tick':
      'any run of a polled tool while the offline provider works on it (a longer one: a longer duration or video)',
    'xstate.done.actor.request': (_event, answer) => {
      const body = answer.body as { output?: unknown; id?: unknown };
      if (answer.status >= 300) return toolFailure(answer);
      if (body.output === '' || body.id === '')
        return 'cannot be caused: a real server always answers a started run with its output or id (this checks the page against a broken answer)';
      return 'generate with an ordinary prompt: the offline provider answers';
    },
    'xstate.done.actor.creation': "click Use these settings (or New seed) on one of the account's creations",
    'xstate.done.actor.uploadMain': 'choose a picture: the upload answers its address',
    'xstate.done.actor.uploadPose': 'choose a pose picture too: its upload answers its address',
    'xstate.error.actor.*': (_event, answer) => toolFailure(answer),
    'xstate.done.actor.poll': (_event, answer) => predictionCause(answer.body),
    'xstate.done.actor.wait': (_event, answer) => predictionCause(answer.body),
  },

  kinds: toolRunKinds,
  cannotSend: toolRunCannotSend,
  // Few pages, many steps: each route walks one page through most of what it offers (opening a page
  // costs more than a step), and the generated paths fill in what the routes leave.
  routes: toolRunRoutes,
};
