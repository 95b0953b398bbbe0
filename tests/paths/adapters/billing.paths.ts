export const group = 'billing';
import { expect } from 'vitest';
import { visibility } from '../sights';
import { appReady, downloadedFile } from '../../e2e/browser';
import type { Page } from 'playwright-core';
import type { EventObject } from 'xstate';
import { LATE_MESSAGE, PAYMENT_FAILED_MESSAGE } from '../../../src/flows/billing/checkout-return.machine';
import {
  checkoutModel,
  checkoutReturnCancelModel,
  checkoutReturnNoneModel,
  checkoutReturnPaidModel,
  creditCsvModel,
  creditHistoryModel,
  spendingModel,
} from '../../flows/models/billing.models';
import { freeUser } from '../../../src/flows/session/session.examples';
import { spendingInput } from '../../../src/flows/billing/billing.examples';
import { readFile } from 'node:fs/promises';
import { standInPage } from './stand-in-page';
import type { Download } from 'playwright-core';
import type { CheckoutStatus, CreditHistoryAnswer, SpendingAnswer, User } from '../../../src/api/schemas';
import { emptyMonthText, monthName } from '../../../src/flows/billing/spending.machine';
import {
  firstRender,
  answerOf,
  delayPasses,
  pathDelays,
  type PathAdapter,
  type PathContext,
  type TestServer,
  answersCall,
} from '../harness';
import { SERVER_FAULT, byOutcome } from '../causes';

/** Signed in as `user` (a stored token the server knows), then `path` opens. */
export async function openSignedIn(
  { page, server }: { page: Page; server: TestServer },
  user: User,
  path: string,
): Promise<string> {
  server.standing.set('GET /api/auth/user', { status: 200, body: user });
  server.standing.set('GET /api/users/theme', { status: 200, body: { theme: null } });
  await page.addInitScript(() => localStorage.setItem('token', 'path-test-token'));
  await page.goto(path);
  await expect.poll(() => page.getByRole('heading', { level: 1 }).count(), firstRender).toBeGreaterThan(0);
  // What a path does next may be scripted (a file input, a window event): wait for the app to take over.
  await appReady(page);
  return `signed in as ${user.email}, open ${path}`;
}

/** Signing in again after a sign-out: the header's Sign In, the dialog's email and password, Login, and the server's yes. */
export async function signInThroughDialog(
  { page, server }: { page: Page; server: TestServer },
  user: User,
  password: string,
  token: string,
): Promise<void> {
  await page.getByRole('banner').getByRole('button', { name: 'Sign In' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sign In' });
  await dialog.getByLabel('Email').fill(user.email);
  await dialog.getByLabel('Password', { exact: true }).fill(password);
  await dialog.getByRole('button', { name: 'Login' }).click();
  await server.answer('POST', '/api/auth/login', 200, { token });
}

/** The hosted checkout the answers point at: a stand-in page, so the browser can leave and come back (checkout.return). */
const hostedCheckout = standInPage({
  address: /^http:\/\/127\.0\.0\.1:3000\/checkout\//,
  heading: 'Hosted checkout',
  busyButton: 'Processing...',
  what: 'the hosted checkout',
  disabled: 'the buttons stay',
});

/** Alerts the page raised on a path, by its test server (Playwright dismisses them; the path checks their text). */
const alerts = new WeakMap<TestServer, string[]>();

/** /subscribe and /credits: a plan or a pack asks the server for a hosted checkout, then goes there. */
export const checkoutPaths: PathAdapter = {
  name: 'checkout',
  models: [checkoutModel],
  async start(ctx, _model, path) {
    const seen: string[] = [];
    alerts.set(ctx.server, seen);
    ctx.page.on('dialog', (dialog) => {
      seen.push(dialog.message());
      void dialog.dismiss();
    });
    await hostedCheckout.install(
      ctx,
      path.steps.some((s) => s.event.type === 'checkout.return'),
    );
    const pack = path.steps[0]?.event.type === 'checkout.buyPack';
    return openSignedIn(ctx, freeUser, pack ? '/credits' : '/subscribe');
  },
  events: {
    async 'checkout.subscribe'({ page }, event) {
      const { planId, billingCycle } = event as unknown as { planId: string; billingCycle: string };
      const name = planId === 'pro' ? 'Pro' : 'Standard';
      await page.getByRole('button', { name: billingCycle === 'monthly' ? 'Monthly' : /^Annually/ }).click();
      await page.getByRole('button', { name: `Subscribe to ${name}` }).click();
      return `choose ${billingCycle} → click Subscribe to ${name}`;
    },
    async 'checkout.buyPack'({ page }, event) {
      const { credits } = event as unknown as { credits: number };
      const label = `Buy ${credits.toLocaleString('en-US')} credits`;
      await page.getByRole('button', { name: label }).click();
      return `click ${label}`;
    },
    async 'checkout.return'({ page }) {
      // What Chromium fires when Back restores the page from its back-forward cache; the test browser
      // intercepts requests (the test server), which keeps pages out of that cache, so the event is made here.
      await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
      return 'come back to the page as the back-forward cache shows it again (pageshow, persisted)';
    },
    async 'xstate.*'({ server }, event) {
      const { status, body } = answerOf(event);
      const pack = event.type.endsWith('createCheckoutSession');
      const said = await server.answer(
        'POST',
        pack ? '/api/stripe/create-checkout-session' : '/api/stripe/create-subscription',
        status,
        body,
      );
      const redirects =
        status === 200 &&
        typeof (body as { sessionId?: unknown }).sessionId === 'string' &&
        (body as { sessionId: string }).sessionId !== '' &&
        typeof (body as { url?: unknown }).url === 'string';
      if (pack && !redirects) {
        const message =
          status === 200
            ? 'Purchase failed: No session ID returned from server'
            : `Purchase failed: ${(body as { message?: string } | undefined)?.message ?? 'Failed to create checkout session'}`;
        await expect.poll(() => alerts.get(server)).toContain(message);
        return `${said}; the page alerts "${message}"`;
      }
      return said;
    },
  },
  causes: {
    'xstate.*': (event, answer) => {
      const pack = event.type.endsWith('createCheckoutSession');
      const body = answer.body as { sessionId?: unknown; url?: unknown } | undefined;
      if (answer.status < 300 && (typeof body?.sessionId !== 'string' || body.sessionId === ''))
        return 'cannot be caused: a real server always answers a checkout with its session id and address (this checks the page against a broken answer)';
      if (answer.status < 300)
        return `click ${pack ? 'Buy on a credit pack' : 'Subscribe'} while signed in: the server opens a checkout (the local hosted checkout without Stripe keys)`;
      if (answer.body === undefined) return SERVER_FAULT;
      return pack
        ? 'cannot be caused from the page: it offers only the packs the server sells ("Unknown credit pack" needs an edited request)'
        : 'subscribe to the plan the account already has: "You are already subscribed to this plan."';
    },
  },

  // What each state shows is said by the checkout machine (meta.sees); these check its named kinds.
  kinds: {
    async ready({ page }) {
      await expect.poll(() => page.getByRole('button', { name: 'Processing...' }).count()).toBe(0);
      const buy = page.getByRole('button', { name: /^(Buy [\d,]+ credits|Subscribe to \w+)$/ });
      await expect.poll(async () => (await buy.count()) > 0 && (await buy.first().isEnabled())).toBe(true);
      return 'the buttons are ready, none says Processing...';
    },
    hostedCheckout: (ctx) => hostedCheckout.reached(ctx),
  },
};

const notice = (page: Page) => page.getByTestId('checkout-return');
const noticeState = (page: Page) =>
  notice(page)
    .getAttribute('data-state', { timeout: 1000 })
    .catch(() => null);
const returnContext = (ctx: PathContext) =>
  ctx.state.context as { purchase: CheckoutStatus | null; balance: number | null; error: string | null };

/** /credits?checkout=…: back from the hosted checkout, the wait for the credits, the new balance. */
export const checkoutReturnPaths: PathAdapter = {
  name: 'checkoutReturn',
  models: [checkoutReturnPaidModel, checkoutReturnCancelModel, checkoutReturnNoneModel],
  async start(ctx, model, path) {
    // lateAfter counts from the arrival: long enough for a first answer and its check to come before it.
    await pathDelays(ctx.page, { checkoutReturn: ['pollInterval', 'lateAfter', 'latePollInterval'] }, path, {
      lateAfter: 4000,
    });
    const { outcome, sessionId } = model.input as { outcome: string | null; sessionId: string | null };
    const search = new URLSearchParams({
      ...(outcome ? { checkout: outcome } : {}),
      ...(sessionId ? { session_id: sessionId } : {}),
    }).toString();
    const said = await openSignedIn(ctx, freeUser, `/credits${search ? `?${search}` : ''}`);
    if (outcome === null) {
      await expect.poll(() => notice(ctx.page).count()).toBe(0);
      return `${said}: no notice`;
    }
    return said;
  },
  events: {
    async 'checkout.return.check'({ page }) {
      await page.getByRole('button', { name: 'Check again' }).click();
      return 'click Check again';
    },
    async 'checkout.return.dismiss'({ page }) {
      await page.getByRole('button', { name: 'Dismiss' }).click();
      return 'click Dismiss';
    },
    'xstate.after.*': delayPasses,
    'xstate.*': answersCall('GET', '/api/stripe/checkout-session/cs_local_1'),
  },
  causes: {
    'xstate.*': byOutcome(
      'pay at the local hosted checkout and come back: the answer is pending until the webhook grants the credits (LOCAL_CHECKOUT_WEBHOOK_DELAY_MS holds it back), then fulfilled; with Stripe, pay a pack by SEPA with a test account that fails: the answer says failed',
      'open /credits?checkout=success&session_id= with a session id the server never made: "Checkout not found"',
    ),
  },

  // What each state shows is said by the checkout return machine (meta.sees); these check its named kinds.
  kinds: {
    async noNotice({ page }) {
      await expect.poll(() => notice(page).count()).toBe(0);
      return 'no notice';
    },
    async waitingNotice(ctx) {
      await expect.poll(() => noticeState(ctx.page)).toBe('waiting');
      const purchase = returnContext(ctx).purchase;
      const text = purchase
        ? 'Thank you for buying the Pro plan, billed monthly. Adding your credits...'
        : 'Confirming your payment...';
      await expect.poll(() => notice(ctx.page).textContent()).toBe(text);
      return `the notice says "${text}"`;
    },
    async lateNotice({ page }) {
      await expect.poll(() => noticeState(page)).toBe('late');
      await expect.poll(() => notice(page).textContent()).toContain(LATE_MESSAGE);
      return `the notice says "${LATE_MESSAGE}" with Check again`;
    },
    async grantedNotice(ctx) {
      await expect.poll(() => noticeState(ctx.page)).toBe('granted');
      const balance = (returnContext(ctx).balance ?? 0).toLocaleString('en-US');
      await expect.poll(() => notice(ctx.page).textContent()).toContain(`Your balance is now ${balance} credits`);
      return `the notice says the balance is now ${balance} credits`;
    },
    async cancelledNotice({ page }) {
      await expect.poll(() => notice(page).textContent()).toBe('Checkout cancelled. You have not been charged.');
      return 'the notice says the checkout was cancelled';
    },
    async paymentFailedNotice({ page }) {
      await expect.poll(() => noticeState(page)).toBe('paymentFailed');
      await expect.poll(() => page.getByRole('alert').filter({ hasText: PAYMENT_FAILED_MESSAGE }).count()).toBe(1);
      return `the page says "${PAYMENT_FAILED_MESSAGE}"`;
    },
    async addressCleared({ page }) {
      await expect.poll(() => new URL(page.url()).search).toBe('');
      return 'the address has no ?checkout';
    },
    async failedNotice(ctx) {
      await expect.poll(() => noticeState(ctx.page)).toBe('failed');
      const error = returnContext(ctx).error ?? '';
      await expect.poll(() => ctx.page.getByRole('alert').filter({ hasText: error }).count()).toBeGreaterThan(0);
      return `the page shows "${error}" with Check again and Dismiss`;
    },
  },
};

const historyContext = (ctx: PathContext) => ctx.state.context as CreditHistoryAnswer & { error: string | null };
const historyRows = (page: Page) => page.getByRole('table', { name: 'Credit history' }).locator('tbody tr');

/** Settings › Billing › Credit history: the first page, Show more, Try again. */
export const creditHistoryPaths: PathAdapter = {
  name: 'creditHistory',
  models: [creditHistoryModel],
  async start(ctx) {
    const said = await openSignedIn(ctx, freeUser, '/settings');
    await expect.poll(() => visibility(ctx.page.getByRole('heading', { name: 'Credit history' }))).toBe('visible');
    return said;
  },
  events: {
    async 'history.more'({ page }) {
      await page.getByRole('button', { name: 'Show more' }).click();
      return 'click Show more';
    },
    async 'history.retry'({ page }) {
      await page.getByRole('button', { name: 'Try again' }).click();
      return 'click Try again';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      const more = event.type.endsWith('loadMore');
      return server.answer('GET', more ? /credits\/history\?cursor=/ : /credits\/history$/, status, body);
    },
  },
  causes: {
    'xstate.*': byOutcome(
      'open the credit history signed in; a second page needs more entries than one page holds (runs, purchases)',
      'open it after the same account signed out in another tab: the server refuses the token (401 Unauthorized)',
    ),
  },

  // What each state shows is said by the credit history machine (meta.sees); these check its named kinds.
  kinds: {
    async history(ctx) {
      const { entries, nextCursor, error } = historyContext(ctx);
      await expect.poll(() => historyRows(ctx.page).count()).toBe(entries.length);
      // Each row's moment, to the minute in the page's time zone, with the entry's own time behind it.
      await expect
        .poll(() =>
          historyRows(ctx.page)
            .locator('time')
            .evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime'))),
        )
        .toEqual(entries.map((e) => e.at));
      await expect.poll(() => ctx.page.getByRole('button', { name: 'Show more' }).count()).toBe(nextCursor ? 1 : 0);
      if (error) await expect.poll(() => ctx.page.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
      return `${entries.length} row(s)${nextCursor ? ' and Show more' : ', no Show more'}${error ? ` and "${error}"` : ''}`;
    },
    failed: (ctx) => showsErrorWithTryAgain(ctx.page, historyContext(ctx).error),
  },
};

/** A failed load: the machine's message in an alert, and Try again. */
export async function showsErrorWithTryAgain(page: Page, error: string | null): Promise<string> {
  await expect
    .poll(() =>
      page
        .getByRole('alert')
        .filter({ hasText: error ?? '' })
        .count(),
    )
    .toBe(1);
  await expect.poll(() => visibility(page.getByRole('button', { name: 'Try again' }))).toBe('visible');
  return `"${error}" and Try again`;
}

const spendingSection = (page: Page) => page.getByTestId('spending');
const spendingContext = (ctx: PathContext) =>
  ctx.state.context as {
    current: string;
    first: string | null;
    month: string;
    spending: SpendingAnswer | null;
    error: string | null;
  };

/** Settings › Billing › Spending in {Month YYYY}: the month's table and bars, Previous and Next month, Try again. */
export const spendingPaths: PathAdapter = {
  name: 'spending',
  models: [spendingModel],
  async start(ctx) {
    // The page's clock reads a day of the model's month (its timers run as usual), so that the month the page
    // opens on is the model's current month whatever day the suite runs.
    const day = `${spendingInput.current}-15`;
    await ctx.page.clock.setFixedTime(new Date(`${day}T12:00:00.000Z`));
    // The account was made in the model's first month: Previous month stops there.
    const said = await openSignedIn(ctx, { ...freeUser, createdAt: spendingInput.createdAt }, '/settings');
    await expect.poll(() => visibility(ctx.page.getByRole('heading', { name: /^Spending in / }))).toBe('visible');
    return `the page's clock on ${day}; ${said}`;
  },
  events: {
    async 'spending.previous'({ page }) {
      await spendingSection(page).getByRole('button', { name: 'Previous month' }).click();
      return 'click Previous month';
    },
    async 'spending.next'({ page }) {
      await spendingSection(page).getByRole('button', { name: 'Next month' }).click();
      return 'click Next month';
    },
    async 'spending.retry'({ page }) {
      await spendingSection(page).getByRole('button', { name: 'Try again' }).click();
      return 'click Try again under Spending';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      return server.answer('GET', /\/api\/users\/spending\?month=\d{4}-\d{2}$/, status, body);
    },
  },
  causes: {
    'xstate.*': byOutcome(
      'open Settings signed in (a month with runs: run tools first; an earlier month: Previous month)',
      'open it after the same account signed out in another tab: the server refuses the token (401 Unauthorized)',
    ),
  },

  // What each state shows is said by the spending machine (meta.sees); these check its named kinds.
  kinds: {
    async spendingLoading(ctx) {
      const section = spendingSection(ctx.page);
      await expect.poll(() => visibility(section.getByText('Loading...'))).toBe('visible');
      await expect.poll(() => section.getByRole('button', { name: 'Previous month' }).isDisabled()).toBe(true);
      return `'Loading...' for ${monthName(spendingContext(ctx).month)}, the month buttons disabled`;
    },
    async spending(ctx) {
      const { month, current, first, spending } = spendingContext(ctx);
      const section = spendingSection(ctx.page);
      const name = monthName(month);
      await expect
        .poll(() => visibility(section.getByRole('heading', { name: `Spending in ${name}` })))
        .toBe('visible');
      await expect.poll(() => section.getByRole('button', { name: 'Next month' }).isEnabled()).toBe(month < current);
      const earlier = first === null || month > first;
      await expect.poll(() => section.getByRole('button', { name: 'Previous month' }).isEnabled()).toBe(earlier);
      const tools = spending?.tools ?? [];
      if (tools.length === 0) {
        await expect.poll(() => visibility(section.getByText(emptyMonthText(month)))).toBe('visible');
        await expect.poll(() => section.getByRole('table').count()).toBe(0);
        return `'Spending in ${name}'; "${emptyMonthText(month)}"${earlier ? '' : "; Previous month disabled (the account's first month)"}`;
      }
      const table = section.getByRole('table', { name: `Credits spent in ${name}, by tool` });
      await expect
        .poll(() => table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.textContent)))
        .toEqual(tools.map((t) => `${t.title}${t.runs.toLocaleString('en-US')}${t.credits.toLocaleString('en-US')}`));
      await expect.poll(() => table.locator('tfoot').textContent()).toContain(`Total`);
      await expect
        .poll(() => section.getByTestId('spending-chart').locator('li').allTextContents())
        .toEqual(tools.map((t) => `${t.title}${t.credits.toLocaleString('en-US')}`));
      return `'Spending in ${name}'; ${tools.length} tool row(s) most spent first, a total of ${spending?.total} credits and a bar each with its credits`;
    },
    async spendingFailed(ctx) {
      const section = spendingSection(ctx.page);
      const error = spendingContext(ctx).error ?? '';
      await expect.poll(() => section.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
      await expect.poll(() => visibility(section.getByRole('button', { name: 'Try again' }))).toBe('visible');
      return `"${error}" and Try again`;
    },
  },
};

/** The downloads the page started on a path, by its test server, each taken once by the answer that saved it. */
const downloads = new WeakMap<TestServer, Download[]>();

/** Settings › Billing › Credit history › Download CSV: the file saved, or why not. */
export const creditCsvPaths: PathAdapter = {
  name: 'creditCsv',
  models: [creditCsvModel],
  async start(ctx) {
    const seen: Download[] = [];
    downloads.set(ctx.server, seen);
    ctx.page.on('download', (d) => seen.push(d));
    const said = await openSignedIn(ctx, freeUser, '/settings');
    await expect.poll(() => visibility(ctx.page.getByRole('heading', { name: 'Credit history' }))).toBe('visible');
    return said;
  },
  events: {
    async 'csv.download'({ page }) {
      await page.getByRole('button', { name: 'Download CSV' }).click();
      return 'click Download CSV';
    },
    async 'xstate.*'({ server }, event: EventObject) {
      const { status, body } = answerOf(event);
      const said = await server.answer('GET', '/api/users/credit-history.csv', status, body);
      if (status >= 300) return said;
      const seen = downloads.get(server)!;
      await expect.poll(() => seen.length).toBe(1);
      const file = seen.shift()!;
      expect(file.suggestedFilename()).toMatch(/^atelier-credit-history-\d{4}-\d{2}-\d{2}\.csv$/);
      if (typeof said.body === 'string') expect(await readFile(await downloadedFile(file), 'utf8')).toBe(said.body);
      return `${said}; the browser saves ${file.suggestedFilename()} with the answer's text`;
    },
  },
  causes: {
    'xstate.*': byOutcome(
      'click Download CSV signed in: the server answers the whole history as CSV',
      'click it after the same account signed out in another tab: the server refuses the token (401 Unauthorized)',
    ),
  },
  kinds: {
    async csvFailed(ctx) {
      const error = (ctx.state.context as { error: string | null }).error ?? '';
      await expect.poll(() => ctx.page.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
      return `"${error}"`;
    },
  },
};
