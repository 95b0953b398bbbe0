export const group = 'runs';
import { expect } from 'vitest';
import { visibility } from '../sights';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { isActive, noticeText, type RunsContext } from '../../../src/flows/runs/runs.types';
import { runsModel } from '../../flows/models/runs.models';
import { finished, working } from '../../../src/flows/runs/runs.examples';
import { freeUser } from '../../../src/flows/session/session.examples';
import { answerOf, delayPasses, pathDelays, type PathAdapter, type PathContext, type TestServer } from '../harness';
import { byOutcome, perActor, SERVER_FAULT } from '../causes';
import { openSignedIn, signInThroughDialog } from './billing.paths';

const runsContext = (ctx: PathContext) => ctx.state.context as RunsContext;
const trayButton = (page: Page) => page.getByRole('button', { name: /^Runs(, \d+ active)?$/ });
const panel = (page: Page) => page.getByRole('dialog', { name: 'Runs' });
/** The notices' live region: outside the panel, and in reach beside it (the panel is not modal). */
const notices = (page: Page) => page.getByRole('status', { name: 'Run notices' });

async function openPanel(page: Page): Promise<void> {
  if (await panel(page).isVisible()) return;
  await trayButton(page).click();
  await expect.poll(() => visibility(panel(page))).toBe('visible');
}

/** Leaves the tool page in view for Settings (its runs' ends are notices again: RUNS-21). */
async function leaveForSettings(page: Page): Promise<void> {
  await closePanel(page);
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect.poll(() => page.getByPlaceholder('Enter your prompt...').count()).toBe(0);
}

async function closePanel(page: Page): Promise<void> {
  if (!(await panel(page).isVisible())) return;
  await panel(page).getByRole('button', { name: 'Close runs' }).click();
  await expect.poll(() => panel(page).count()).toBe(0);
}

/** Paths (by their test server) whose first sign-in has happened: the next one goes through the login dialog. */
const signedOnce = new WeakSet<TestServer>();

/**
 * The browser's notification permission, answered by the path: Notification.permission starts 'default' and
 * requestPermission() waits until the path resolves or rejects it (`window.__permission`).
 */
async function fakeNotifications(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    class FakeNotification {
      static permission = 'default';
      static requestPermission() {
        return new Promise((resolve, reject) => {
          w['__permission'] = { resolve, reject };
        });
      }
    }
    w['Notification'] = FakeNotification;
  });
}

/** The runs tray (RUNS-7 to RUNS-11): reads, Cancel, notices, Notify me, sign-out and sign-in again. */
/** The tray closed, the Text category, then its Text Generation page (the tool the runs paths start runs on). */
async function openTextGeneration(page: Page): Promise<void> {
  await closePanel(page);
  await page.getByRole('link', { name: 'Text', exact: true }).first().click();
  await page
    .getByRole('link', { name: /Text Generation/ })
    .first()
    .click();
}

export const runsPaths: PathAdapter = {
  name: 'runs',
  models: [runsModel],
  async start(ctx, _model, path) {
    // RUNS-23: a notice's pause, walked, is long enough for the check of the state that shows it.
    await pathDelays(ctx.page, { runs: ['refreshInterval', 'noticeDelay'] }, path, {
      refreshInterval: 300,
      noticeDelay: 2000,
    });
    await fakeNotifications(ctx.page);
    // After a cancel the app reads the balance again (CREDITS-3).
    ctx.server.standing.set('GET /api/credits', { status: 200, body: { credits: 18 } });
    return openSignedIn(ctx, freeUser, '/settings');
  },
  events: {
    async 'session.signedIn'({ page, server }) {
      if (!signedOnce.has(server)) {
        signedOnce.add(server);
        return 'the saved sign-in is good: signed in, and the tray shows';
      }
      await signInThroughDialog({ page, server }, freeUser, 'secret1', 'fresh-token');
      return 'click Sign In → type the email and password → click Login (the server agrees): signed in again';
    },
    async 'session.signedOut'({ page, server }) {
      await closePanel(page);
      if (new URL(page.url()).pathname !== '/settings')
        await page.getByRole('link', { name: 'Settings' }).first().click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await server.answer('POST', '/api/auth/logout', 200, { message: 'Logged out' });
      return 'open Settings → click Logout (the server agrees): signed out';
    },
    async 'runs.refresh'(ctx, event) {
      const { page, server } = ctx;
      if (!(event as EventObject & { started?: string }).started) {
        await openPanel(page);
        await panel(page).getByRole('button', { name: 'Try again' }).click();
        return 'open the tray → click Try again';
      }
      // RUNS-7: a tool page that has just started a run has the tray read the runs at once.
      await openTextGeneration(page);
      const prompt = page.getByPlaceholder('Enter your prompt...');
      let before = '';
      if (!(await prompt.isEditable())) {
        // RUNS-12: the page shows the run it started on an earlier step, still working; its next check ends it.
        await server.answer('GET', '/api/prediction/t1', 200, { status: 'failed', output: null, error: 'Stopped' });
        await expect.poll(() => prompt.isEditable()).toBe(true);
        before = ' → the run it started before is still checked: the server answers it failed';
      }
      await prompt.fill('a haiku about tea');
      await page.getByRole('button', { name: 'Generate Text' }).click();
      await server.answer('POST', '/api/generate/text', 200, { id: 't1', credits: 9 });
      // RUNS-21: while the page shows its run, the run's end is told there; the page is left, so it is a notice.
      await leaveForSettings(page);
      return `open Text Generation${before} → type a prompt → click Generate Text (the server starts the run) → open Settings`;
    },
    async 'runs.shown'({ page }) {
      // RUNS-21: the page opened again while its run works shows it there.
      await openTextGeneration(page);
      await expect.poll(() => page.getByPlaceholder('Enter your prompt...').isEditable()).toBe(false);
      return 'open Text Generation again: its run shows working there';
    },
    async 'runs.cancel'({ page }) {
      await openPanel(page);
      await panel(page).getByRole('button', { name: 'Cancel Text to Image' }).click();
      return 'open the tray → click Cancel on the Text to Image run';
    },
    async 'runs.notice.dismiss'({ page }) {
      await closePanel(page);
      await notices(page)
        .getByRole('button', { name: /^Dismiss/ })
        .first()
        .click();
      // The pointer leaves the notices again (RUNS-23: while on them, none closes).
      await page.mouse.move(1, 1);
      return 'click Dismiss on the notice, then move the pointer away';
    },
    async 'runs.batch'({ page, server }) {
      // RUNS-21, RUNS-22: a batch of one prompt on Text to Image, started from its page (which shows its tile).
      await closePanel(page);
      const toggle = page.getByRole('checkbox', { name: 'One prompt per line' });
      if (!(await toggle.isVisible())) {
        await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Image', exact: true }).click();
        await page
          .getByRole('link', { name: /Text to Image/ })
          .first()
          .click();
        await expect.poll(() => toggle.isVisible()).toBe(true);
      }
      if (!(await toggle.isChecked())) await toggle.click();
      await page.getByLabel('Prompts, one per line').fill('a lighthouse at dusk');
      await page.getByRole('button', { name: 'Start batch' }).click();
      await server.answer('POST', '/api/generate/batch', 201, {
        runs: [{ id: 'r1', status: 'processing' }],
        credits: 10,
      });
      await expect.poll(() => page.getByRole('list', { name: 'Batch runs' }).getByRole('listitem').count()).toBe(1);
      return 'open Text to Image → check One prompt per line → type one prompt → click Start batch (the server starts r1): its tile shows';
    },
    async 'runs.unshown'({ page }) {
      await leaveForSettings(page);
      return 'open Settings: the tool page that showed the runs is left';
    },
    async 'runs.notice.hold'({ page }) {
      await notices(page)
        .getByRole('button', { name: /^Dismiss/ })
        .first()
        .focus();
      return "focus a notice's Dismiss (Tab to it)";
    },
    async 'runs.notice.release'({ page }) {
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      return 'move the focus off the notices';
    },
    async 'runs.notify.allow'({ page }) {
      await openPanel(page);
      await panel(page).getByRole('button', { name: 'Notify me when runs finish' }).click();
      return 'open the tray → click Notify me when runs finish';
    },
    async 'xstate.*'({ page, server }, event: EventObject) {
      const { status, body } = answerOf(event);
      if (event.type.endsWith('.askPermission')) {
        const output = (event as EventObject & { output?: unknown }).output;
        const done = event.type.startsWith('xstate.done.');
        await expect
          .poll(() => page.evaluate(() => Boolean((window as unknown as Record<string, unknown>)['__permission'])))
          .toBe(true);
        await page.evaluate(
          ([ok, value]) => {
            const asked = (
              window as unknown as Record<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>
            )['__permission']!;
            if (ok) asked.resolve(value);
            else asked.reject(new Error('not allowed'));
          },
          [done, output] as const,
        );
        return done ? `the browser answers "${String(output)}"` : 'the browser refuses to ask';
      }
      if (event.type.endsWith('.cancelRun')) return server.answer('POST', '/api/runs/r1/cancel', status, body);
      // .loadRuns and .refreshRuns: GET /api/runs answers the runs (the model's output is the list).
      return server.answer('GET', '/api/runs', status, status === 200 ? { runs: body } : body);
    },
    'xstate.after.*': delayPasses,
  },
  causes: {
    'session.signedIn': "sign in with a live account's address and password",
    'session.signedOut': 'click Logout in Settings while signed in',
    'runs.refresh': 'start a run on a tool page (here Text Generation) while signed in: the server answers its id',
    'runs.batch': 'start a batch of prompts on Text to Image while signed in: the server answers its runs',
    'xstate.*': perActor({
      loadRuns: byOutcome(
        'sign in to an account with runs: GET /api/runs answers those queued, in progress or finished in the last ten minutes',
        SERVER_FAULT,
      ),
      refreshRuns: byOutcome(
        'keep the tray open while a run works (a `[slow]` prompt keeps one working): the list is read again every 3 s',
        SERVER_FAULT,
      ),
      cancelRun: byOutcome(
        'click Cancel on a `[slow]` run while it works: canceled, its credits returned',
        'click Cancel on a run just as it finishes (a run that has ended cannot be canceled: 409)',
      ),
    }),
  },
  // What each state shows is said by the runs machine (meta.sees); these check its named kinds.
  kinds: {
    async noTray({ page }) {
      await expect.poll(() => trayButton(page).count()).toBe(0);
      await expect.poll(() => notices(page).count()).toBe(0);
      return 'no Runs button and no notices';
    },
    async tray(ctx) {
      const { runs, notices: shown } = runsContext(ctx);
      const active = runs.filter(isActive).length;
      const name = active > 0 ? `Runs, ${active} active` : 'Runs';
      // Shown in the header (or the top bar on a phone), in reach while the panel is open (it is not modal).
      const button = ctx.page.getByRole('button', { name, exact: true }).filter({ visible: true });
      await expect.poll(() => button.count()).toBe(1);
      // RUNS-9: each notice in the live region, with its words and its Dismiss.
      await expect
        .poll(() =>
          notices(ctx.page)
            .getByRole('button', { name: /^Dismiss/ })
            .count(),
        )
        .toBe(shown.length);
      for (const n of shown)
        await expect.poll(() => notices(ctx.page).getByText(noticeText(n)).count()).toBeGreaterThan(0);
      if (!ctx.state.hasTag('loading') && (await panel(ctx.page).isVisible())) {
        // The panel lists the runs of the last read; a bar on each one working (RUNS-8).
        const rows = panel(ctx.page).getByRole('list', { name: 'Your runs' }).getByRole('listitem');
        await expect.poll(() => rows.count()).toBe(runs.length);
        const working = runs.filter((r) => r.status === 'starting' || r.status === 'processing').length;
        await expect.poll(() => panel(ctx.page).getByRole('progressbar').count()).toBe(working);
      }
      return `the "${name}" button${shown.length ? `, ${shown.length} notice(s)` : ''}`;
    },
    async notices(ctx) {
      // RUNS-22, RUNS-23: the notices shown (none once they have closed by themselves), each with its words.
      const shown = runsContext(ctx).notices;
      const region = notices(ctx.page);
      await expect.poll(() => region.getByRole('button', { name: /^Dismiss/ }).count()).toBe(shown.length);
      for (const n of shown) await expect.poll(() => region.getByText(noticeText(n)).count()).toBeGreaterThan(0);
      return shown.length ? `${shown.length} notice(s): ${shown.map(noticeText).join('; ')}` : 'no notice';
    },
    async canceling({ page }) {
      await openPanel(page);
      await expect.poll(() => panel(page).getByRole('button', { name: 'Canceling...' }).isDisabled()).toBe(true);
      return "the run's Cancel says Canceling... and is disabled";
    },
    async notifyMe(ctx) {
      const { permission } = runsContext(ctx);
      await openPanel(ctx.page);
      const button = panel(ctx.page).getByRole('button', { name: 'Notify me when runs finish' });
      if (permission !== 'default') {
        await expect.poll(() => button.count()).toBe(0);
        return `no Notify me (the browser answered "${permission}")`;
      }
      const asking = ctx.state.matches({ signedIn: { notify: 'asking' } });
      await expect.poll(() => button.isDisabled()).toBe(asking);
      return asking ? 'Notify me, disabled while the browser asks' : 'Notify me when runs finish';
    },
    async failed(ctx) {
      const { error } = runsContext(ctx);
      await openPanel(ctx.page);
      await expect
        .poll(() =>
          panel(ctx.page)
            .getByRole('alert')
            .filter({ hasText: error ?? '' })
            .count(),
        )
        .toBe(1);
      await expect.poll(() => visibility(panel(ctx.page).getByRole('button', { name: 'Try again' }))).toBe('visible');
      return `the panel says "${error}", with Try again`;
    },
  },
  // Sequences the generated paths miss (the model's key leaves out which runs a page shows).
  routes: [
    // RUNS-21: a batch started on Text to Image, read, then its page left.
    {
      model: runsModel,
      events: [
        { type: 'session.signedIn' },
        { type: 'xstate.done.actor.loadRuns', output: working },
        { type: 'runs.batch', ids: ['r1'] },
        { type: 'xstate.done.actor.refreshRuns', output: working },
        { type: 'runs.unshown', ids: ['r1'] },
      ],
    },
    // RUNS-23: a notice held by the focus, then let go.
    {
      model: runsModel,
      events: [
        { type: 'session.signedIn' },
        { type: 'xstate.done.actor.loadRuns', output: working },
        { type: 'runs.refresh', started: 't1' },
        { type: 'xstate.done.actor.refreshRuns', output: finished },
        { type: 'runs.notice.hold' },
        { type: 'runs.notice.release' },
      ],
    },
  ],
  cannotSend(event, source) {
    const c = source.context as RunsContext;
    const held = source.matches({ signedIn: { notices: 'held' } });
    // RUNS-23: any other step moves the pointer off the notices first (a server's answer does not).
    if (held && event.type !== 'runs.notice.release' && !event.type.startsWith('xstate.'))
      return 'the pointer is on the notices: any other step moves it away first (runs.notice.release)';
    if (event.type === 'runs.notice.hold' && c.notices.length === 0) return 'the pointer rests on a notice shown only';
    if (event.type === 'runs.unshown' && c.shown.length === 0) return 'no page in view shows a run';
    if (event.type === 'runs.unshown' && (event as unknown as { ids: string[] }).ids.join() !== c.shown.join())
      return 'leaving a page tells the tray of the runs it showed';
    if (event.type === 'runs.shown' && (!('t1' in c.started) || c.shown.length > 0))
      return 'Text Generation shows its run working only while the tray still watches t1, and no other page shows runs';
    if (event.type === 'runs.batch' && c.shown.length > 0)
      return 'the batch starts on Text to Image: the page that shows a run is left first (runs.unshown)';
    if (event.type === 'runs.refresh' && (event as EventObject & { started?: string }).started && c.shown.length > 0)
      return "a run started on another tool page leaves the batch's page first (runs.unshown)";
    if (
      event.type === 'runs.refresh' &&
      !(event as EventObject & { started?: string }).started &&
      !source.matches({ signedIn: { list: 'failed' } })
    )
      return 'without a run started on a tool page, the tray reads again only from its Try again';
    if (event.type === 'runs.cancel' && (event as unknown as { id: string }).id !== 'r1')
      return 'Cancel is offered on the runs listed only';
    if (event.type === 'runs.notice.dismiss' && (source.context as RunsContext).notices.length === 0)
      return 'Dismiss is offered on the notices shown only';
    return null;
  },
};
