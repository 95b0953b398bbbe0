export const group = 'tool-batch';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import {
  batchProblem,
  changesTiles,
  costLine,
  finishedTiles,
  promptsOf,
  shortfall,
  startedText,
  type ToolBatchContext,
} from '../../../src/flows/tools/tool-batch.types';
import type { Run } from '../../../src/flows/runs/runs.types';
import { batchCostMessage } from '../../../src/catalog';
import { serverError, silentError } from '../../flows/models/fixtures';
import { texts, toolBatchModel } from '../../flows/models/tool-batch.models';
import { answerOf, type PathAdapter, type PathContext, type TestServer } from '../harness';
import { byOutcome, perActor, SERVER_FAULT } from '../causes';
import { fieldValue, visibility } from '../sights';
import { toolViews } from '../../../src/features/tools/tool-views';
import { openTool } from './tools-page';

const batchContext = (ctx: PathContext) => ctx.state.context as ToolBatchContext;
const toggle = (page: Page) => page.getByRole('checkbox', { name: 'One prompt per line' });
const form = (page: Page) => page.getByRole('form', { name: 'Batch form' });
const prompts = (page: Page) => page.getByLabel('Prompts, one per line');
/** The page's one-run form, named after its button ('Generate form'). */
const oneRunForm = (page: Page) => page.getByRole('form', { name: `${toolViews['text-to-image'].submit} form` });
const startButton = (page: Page) => form(page).getByRole('button', { name: /^(Start batch|Starting\.\.\.)$/ });

interface BatchRequest {
  key: string;
  body: { modelId?: string; prompts?: string[]; input?: Record<string, unknown> };
}

/** The batch calls the page sent, by test server (their Idempotency-Key and body). */
const sent = new WeakMap<TestServer, BatchRequest[]>();
/** Whether the batch, as the last state shown left it, kept its key for a start tried again (RUNS-17). */
const keptKey = new WeakMap<TestServer, boolean>();
/** The first step of each path (by its test server): a balance there is the one the page opens with. */
const firstSteps = new WeakMap<TestServer, EventObject | undefined>();
/** How many batch calls the page had sent when the last state was shown: the next start sends one more. */
const callsBefore = new WeakMap<TestServer, number>();

/** What the last state shown leaves for the next start: whether the key is kept, and the calls so far. */
function remember(ctx: PathContext): void {
  keptKey.set(ctx.server, batchContext(ctx).key !== null);
  callsBefore.set(ctx.server, sent.get(ctx.server)!.length);
}

/** The balances a route sends (each step its own copy: a path's first step is told apart by identity). */
const balances = {
  visitor: { type: 'batch.balance', signedIn: false, credits: 0 },
  poor: { type: 'batch.balance', signedIn: true, credits: 10 },
  rich: { type: 'batch.balance', signedIn: true, credits: 5000 },
};
const toggleOn = { type: 'batch.toggle' };
const twoPrompts = { type: 'batch.text', text: texts.two };
const start = { type: 'batch.start' };

interface Balance {
  signedIn: boolean;
  credits: number;
}

/** The model's input balance: a path whose first step is another balance opens the page with that one. */
const opening = (source: AnyMachineSnapshot) => {
  const c = source.context as ToolBatchContext;
  return source.matches('off') && c.text === '' && c.signedIn && c.credits === 5000 && c.key === null;
};

/** Text to Image's "One prompt per line" (RUNS-16 to RUNS-18): the switch, the checks, the start call and its answers. */
export const toolBatchPaths: PathAdapter = {
  name: 'toolBatch',
  models: [toolBatchModel],
  async start(ctx, _model, path) {
    const first = path.steps[0]?.event;
    firstSteps.set(ctx.server, first);
    const balance = first?.type === 'batch.balance' ? (first as unknown as Balance) : { signedIn: true, credits: 5000 };
    const calls: BatchRequest[] = [];
    sent.set(ctx.server, calls);
    keptKey.set(ctx.server, false);
    ctx.page.on('request', (request) => {
      if (request.method() !== 'POST' || new URL(request.url()).pathname !== '/api/generate/batch') return;
      calls.push({
        key: request.headers()['idempotency-key'] ?? '',
        body: request.postDataJSON() as BatchRequest['body'],
      });
    });
    return openTool(ctx, 'text-to-image', balance.signedIn ? balance.credits : null);
  },
  events: {
    async 'batch.balance'(ctx, event) {
      const { page, server } = ctx;
      const { signedIn, credits } = event as unknown as Balance;
      if (firstSteps.get(server) === event)
        return signedIn
          ? `the page gives its batch the session's balance as it opens: ${credits} credits`
          : 'the page gives its batch the visitor session (not signed in)';
      if (!signedIn) {
        // The session ends while the page is open: its next signed-in call (here the tray's read of the runs) answers 401.
        const said = await server.answer('GET', '/api/runs', 401, { message: 'Unauthorized' });
        const dialog = page.getByRole('dialog', { name: 'Sign In' });
        await expect.poll(() => visibility(dialog)).toBe('visible');
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);
        return `${said}: the session has ended (the Sign In dialog opens; closed with Escape)`;
      }
      // After a refusal for want of credits or a failed start the page reads the balance again (CREDITS-4).
      const said = await server.answer('GET', '/api/users/credits', 200, { credits });
      await expect
        .poll(() => visibility(page.getByLabel(`Credit balance: ${credits} credits`).first()))
        .toBe('visible');
      return `${said}: the badge shows ${credits} credits (the session passes them to the batch)`;
    },
    async 'batch.toggle'({ page }) {
      await toggle(page).click();
      return 'click One prompt per line';
    },
    async 'batch.text'({ page }, event) {
      const { text } = event as unknown as { text: string };
      await prompts(page).fill(text);
      return `type ${promptsOf(text).length} prompt(s) (${JSON.stringify(text)}) in Prompts, one per line`;
    },
    async 'batch.start'(ctx) {
      const { page } = ctx;
      await startButton(page).click();
      const context = batchContext(ctx);
      // A visitor whose prompts pass the check is asked to sign in (a check that fails says so first).
      if (!context.signedIn && batchProblem(context.text) === null) {
        // A visitor: the login dialog opens and the prompts stay; nothing is sent.
        const dialog = page.getByRole('dialog', { name: 'Sign In' });
        await expect.poll(() => visibility(dialog)).toBe('visible');
        await page.keyboard.press('Escape');
        await expect.poll(() => dialog.count()).toBe(0);
        expect(sent.get(ctx.server)!.length).toBe(callsBefore.get(ctx.server) ?? 0);
        return 'click Start batch: the Sign In dialog opens, nothing is sent (closed again with Escape)';
      }
      return 'click Start batch';
    },
    async 'batch.shared'({ page }) {
      // Another aspect ratio than the one chosen: the page's shared settings change.
      const portrait = page.getByRole('button', { name: /^Portrait \(/ });
      const name = (await portrait.getAttribute('aria-pressed')) === 'true' ? 'Square' : 'Portrait';
      await page.getByRole('button', { name: new RegExp(`^${name} \\(`) }).click();
      return `click ${name} (the aspect ratio every run of the batch shares)`;
    },
    async 'batch.runs'({ server }, event) {
      // RUNS-24: the runs tray reads the runs (at once after the start, then every 3 s while one works): its list
      // is what the tiles follow.
      const { runs } = event as unknown as { runs: Run[] };
      const said = await server.answer('GET', '/api/runs', 200, { runs });
      return `${said}: the tray lists ${runs.map((r) => `${r.id} ${r.status}`).join(', ')}`;
    },
    async 'batch.zip'({ page, server }) {
      await page.getByRole('button', { name: 'Download all' }).click();
      const said = await server.answer('POST', '/api/creations/zip', 200, {});
      return `click Download all: ${said}`;
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/generate/batch', status === 200 ? 201 : status, body);
    },
  },
  causes: {
    'batch.balance': (_event, answer) =>
      answer.status === 401
        ? 'sign out in another tab (or let the session expire) with the page open: its next signed-in call answers 401'
        : 'buy or spend credits in another tab, then start a batch the page says it cannot pay, or one the server refuses: the page reads the balance again',
    'batch.runs':
      'start a batch with a `[slow]` prompt and keep its page open: the runs tray reads the runs every 3 s while one works',
    'batch.zip': 'click Download all once a run of the batch has finished',
    'xstate.*': perActor({
      startBatch: byOutcome(
        'start a batch of prompts on Text to Image with credits for all of them: the runs within the free places start, the others wait queued',
        (answer) =>
          answer.status === 402
            ? 'start a batch on an account that can pay only part of it while the page shows an older, larger balance (the credits spent in another tab)'
            : 'start a batch while the account already has MAX_CONCURRENT_RUNS runs in progress and the rate limit is spent',
        SERVER_FAULT,
      ),
    }),
  },
  kinds: {
    async batchOff(ctx) {
      const { page } = ctx;
      remember(ctx);
      await expect.poll(() => toggle(page).isChecked()).toBe(false);
      await expect.poll(() => prompts(page).count()).toBe(0);
      await expect.poll(() => visibility(oneRunForm(page))).toBe('visible');
      return 'One prompt per line unchecked; the one-run form, no prompts field';
    },
    async batchForm(ctx) {
      const { page } = ctx;
      const context = batchContext(ctx);
      remember(ctx);
      await expect.poll(() => toggle(page).isChecked()).toBe(true);
      await expect.poll(() => oneRunForm(page).count()).toBe(0);
      await expect.poll(() => fieldValue(prompts(page))).toBe(context.text);
      const line = costLine(context.tool, context.text);
      await expect.poll(() => page.getByTestId('batch-cost').textContent()).toBe(line);
      await expect.poll(() => startButton(page).textContent()).toBe('Start batch');
      await expect.poll(() => startButton(page).isEnabled()).toBe(true);
      return `the prompts field with ${promptsOf(context.text).length} prompt(s), "${line}", Start batch`;
    },
    async noBatchBanner({ page }) {
      await expect.poll(() => form(page).getByRole('alert').count()).toBe(0);
      return 'no banner';
    },
    async batchBanner(ctx) {
      const { error, signedIn, credits, tool, text } = batchContext(ctx);
      const alert = form(ctx.page).getByRole('alert');
      await expect.poll(() => alert.textContent()).toContain(error ?? '');
      const short = signedIn && credits < promptsOf(text).length * tool.cost;
      await expect.poll(() => alert.getByRole('link', { name: 'Buy credits' }).count()).toBe(short ? 1 : 0);
      return `the red banner says "${error}"${short ? ' with Buy credits and See plans' : ''}`;
    },
    async batchStarting(ctx) {
      const { page, server } = ctx;
      const context = batchContext(ctx);
      await expect.poll(() => startButton(page).textContent()).toBe('Starting...');
      await expect.poll(() => startButton(page).isDisabled()).toBe(true);
      await expect.poll(() => prompts(page).getAttribute('readonly')).not.toBeNull();
      // RUNS-17: one call with the tool's model, the prompts and the shared settings; a new key unless the same batch is tried again.
      const calls = sent.get(server)!;
      await expect.poll(() => calls.length).toBe((callsBefore.get(server) ?? 0) + 1);
      const call = calls.at(-1)!;
      expect(call.body.modelId).toBe(context.tool.id);
      expect(call.body.prompts).toEqual(promptsOf(context.text));
      expect(call.body.input?.['prompt']).toBeUndefined();
      const pressed = await page.getByRole('button', { name: /^Portrait \(/ }).getAttribute('aria-pressed');
      expect(call.body.input?.['height']).toBe(pressed === 'true' ? 1216 : 1024);
      expect(call.key).not.toBe('');
      const earlier = calls.slice(0, -1).map((c) => c.key);
      const again = keptKey.get(server) === true;
      if (again) expect(call.key, 'the same batch tried again keeps its key').toBe(earlier.at(-1));
      else expect(earlier, 'a new Idempotency-Key for a new batch').not.toContain(call.key);
      return `Starting..., disabled; POST /api/generate/batch with ${call.body.prompts?.length} prompts and ${again ? 'the same' : 'a new'} Idempotency-Key`;
    },
    async batchGrid(ctx) {
      const { tiles } = batchContext(ctx);
      const grid = ctx.page.getByRole('list', { name: 'Batch runs' });
      if (tiles.length === 0) {
        await expect.poll(() => grid.count()).toBe(0);
        return 'no tiles (no batch started on this page)';
      }
      const items = grid.getByRole('listitem');
      await expect.poll(() => items.count()).toBe(tiles.length);
      for (const [i, tile] of tiles.entries()) {
        const item = items.nth(i);
        await expect.poll(() => item.getAttribute('data-status')).toBe(tile.status);
        await expect.poll(() => item.locator('img').count()).toBe(tile.status === 'succeeded' ? 1 : 0);
        await expect
          .poll(() => item.getByRole('progressbar').count())
          .toBe(tile.status === 'starting' || tile.status === 'processing' ? 1 : 0);
        if (tile.error) await expect.poll(() => item.textContent()).toContain(tile.error);
      }
      const all = finishedTiles(tiles).length > 0;
      await expect.poll(() => ctx.page.getByRole('button', { name: 'Download all' }).count()).toBe(all ? 1 : 0);
      return `${tiles.length} tile(s): ${tiles.map((t) => t.status).join(', ')}${all ? '; Download all' : ''}`;
    },
    async batchStarted(ctx) {
      const { started } = batchContext(ctx);
      const text = startedText(started!);
      await expect.poll(() => form(ctx.page).getByRole('status').textContent()).toBe(text);
      return `"${text}"`;
    },
  },
  // What the shortest paths leave: a balance that changes after a refusal or a failure, read again by the page.
  routes: [
    // 10 credits for a batch of 16: refused at once and again; credits bought elsewhere (read again) let it start;
    // the server refuses it; the balance read again is short; the session ends, and Start asks to sign in.
    {
      model: toolBatchModel,
      events: [
        { ...balances.poor },
        toggleOn,
        twoPrompts,
        start,
        start,
        { ...balances.rich },
        start,
        { type: 'xstate.error.actor.startBatch', error: serverError(batchCostMessage(16, 10), { status: 402 }) },
        { ...balances.poor },
        start,
        { ...balances.visitor },
        start,
      ],
    },
    // 10 credits: one prompt starts (2 left), and the same again is refused for want of credits.
    {
      model: toolBatchModel,
      events: [
        { ...balances.poor },
        toggleOn,
        { type: 'batch.text', text: 'a fox in the snow' },
        start,
        { type: 'xstate.done.actor.startBatch', output: { runs: [{ id: 'b1', status: 'processing' }], credits: 2 } },
        start,
      ],
    },
    // A failed start, then the session ends: Start asks to sign in.
    {
      model: toolBatchModel,
      events: [
        toggleOn,
        twoPrompts,
        start,
        { type: 'xstate.error.actor.startBatch', error: silentError },
        { ...balances.visitor },
        start,
      ],
    },
  ],
  cannotSend(event, source) {
    switch (event.type) {
      case 'batch.balance': {
        const { signedIn, credits } = event as unknown as Balance;
        const c = source.context as ToolBatchContext;
        if (opening(source)) return signedIn && credits === 5000 ? 'the page opens with that balance already' : null;
        if (!source.matches('on') || source.matches({ on: 'starting' }))
          return 'the balance changes mid-path only while the batch form shows, no start out';
        if (!c.signedIn) return "a visitor's balance changes only by signing in";
        // The session ends: the next signed-in call answers 401.
        if (!signedIn) return null;
        const rereads =
          source.matches({ on: { answered: 'failed' } }) ||
          (source.matches({ on: { answered: 'refused' } }) && shortfall(c) !== null);
        if (!rereads)
          return 'the page reads the balance again only after a failed start or a refusal for want of credits';
        return credits === c.credits ? 'the balance read again is the one shown' : null;
      }
      case 'batch.runs': {
        const { tiles } = source.context as ToolBatchContext;
        const { runs } = event as unknown as { runs: Run[] };
        if (!(source.context as ToolBatchContext).signedIn) return 'signed out, the tray reads no runs';
        if (!changesTiles(tiles, runs)) return 'the tray reads again only while a run of the batch waits or works';
        if (tiles.some((t) => !['queued', 'starting', 'processing'].includes(t.status)))
          return 'a run that has ended is not listed working again';
        return null;
      }
      case 'batch.zip':
        return finishedTiles((source.context as ToolBatchContext).tiles).length === 0
          ? 'Download all shows once a run of the batch has finished'
          : null;
      case 'batch.shared':
        return source.matches({ on: 'starting' }) ? 'the settings are disabled while the batch starts' : null;
      default:
        return null;
    }
  },
};
