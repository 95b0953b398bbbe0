export const group = 'session';
import { expect } from 'vitest';
import { visibility } from '../sights';
import type { Page } from 'playwright-core';
import type { AnyMachineSnapshot, EventObject } from 'xstate';
import type { SessionContext } from '../../../src/flows/session/session.types';
import { proGranted } from '../../../src/flows/billing/billing.examples';
import { sessionModel } from '../../flows/models/session.model';
import { serverError, silentError } from '../../flows/models/fixtures';
import { freeUser, proUser } from '../../../src/flows/session/session.examples';

const unauthorized = serverError('Unauthorized', { status: 401 });
const changedUser = { ...freeUser, email: 'changed@example.com' };

/** A route from the saved sign-in ("stored-token", a Pro user) through `events`. */
function signedIn(...events: Array<EventObject & Record<string, unknown>>) {
  return {
    model: sessionModel,
    events: [
      { type: 'xstate.done.actor.readToken', output: 'stored-token' },
      { type: 'xstate.done.actor.loadUser', output: proUser },
      ...events,
    ],
  };
}
import type { User } from '../../../src/api/schemas';
import {
  answerOf,
  blockStorage,
  delayPasses,
  pathDelays,
  type PathAdapter,
  type PathContext,
  type TestServer,
  answersCall,
} from '../harness';
import { byOutcome, perActor } from '../causes';

type Sample = EventObject & Record<string, unknown>;

const sessionContext = (ctx: PathContext) => ctx.state.context as SessionContext;
const header = (page: Page) => page.getByRole('banner');
const loginDialog = (page: Page) => page.getByRole('dialog', { name: /^(Sign In|Create Account)$/ });

/** Where a path starts: the page its events need (the reset page, the checkout return, Settings, a form page). */
function startPage(path: { steps: Array<{ event: EventObject }> }): string {
  const events = path.steps.map((s) => s.event as Sample);
  if (events.some((e) => e.type === 'auth.token.received')) return '/reset-password/reset-token';
  if (events.some((e) => e.type === 'user.refresh' || e.type === 'credits.updated'))
    return '/credits?checkout=success&session_id=cs_local_1';
  const form = events.find((e) => e.type.endsWith('.submit') && e.source === 'page');
  if (form) return form.type === 'auth.login.submit' ? '/login' : '/register';
  // Settings is a link away once signed in (openSettings).
  return '/';
}

async function openSettings(page: Page): Promise<void> {
  if (new URL(page.url()).pathname === '/settings') return;
  await page.getByRole('link', { name: 'Settings' }).first().click();
  await expect.poll(() => visibility(page.getByRole('heading', { name: 'Danger Zone' }))).toBe('visible');
}

/** Paths (by their test server) whose checkout return has been answered (that answer sends the balance, then reloads the user). */
const returned = new WeakSet<TestServer>();

/** The form of the event's source: the open dialog, or the page. */
const formOf = (page: Page, source: unknown) => (source === 'dialog' ? loginDialog(page) : page.getByRole('main'));

/** The page form of `mode`: the path starts on one form page; the other is a link away. */
async function formPage(page: Page, mode: 'login' | 'register'): Promise<void> {
  const path = mode === 'login' ? '/login' : '/register';
  if (new URL(page.url()).pathname === path) return;
  await page.locator(`main a[href="${path}"]`).first().click();
  await expect.poll(() => new URL(page.url()).pathname).toBe(path);
}

/** The session: the saved sign-in at startup, sign in, register, sign out, expiry, the balance. */
export const sessionPaths: PathAdapter = {
  name: 'session',
  models: [sessionModel],
  async start({ page, server, account }, _model, path) {
    const first = path.steps[0]?.event as Sample | undefined;
    const saved = first?.type === 'xstate.done.actor.readToken' ? (first.output as string | null) : null;
    // For real: the fresh account's own sign-in, unless the server is to refuse it (then one it never gave).
    const refused = path.steps[1]?.event.type === 'xstate.error.actor.loadUser';
    const token = account && saved && !refused ? account.token : saved;
    // Long enough for the state before the delay to be checked first, even on a busy machine.
    await pathDelays(page, { session: ['startupTimeout', 'registerNotice'] }, path, 3000);
    server.standing.set('GET /api/users/credits/history', { status: 200, body: { entries: [], nextCursor: null } });
    await page.addInitScript((saved) => {
      if (sessionStorage.getItem('path-started')) return;
      sessionStorage.setItem('path-started', '1');
      if (saved) localStorage.setItem('token', saved);
    }, token);
    const blocked = first?.type === 'xstate.error.actor.readToken';
    if (blocked) await blockStorage(page);
    const at = startPage(path);
    await page.goto(at);
    const signIn = token === account?.token ? `the saved sign-in of ${account?.email}` : `a saved sign-in ("${token}")`;
    return `${blocked ? "the browser blocks this site's storage" : token ? signIn : 'no saved sign-in'}; open ${at}`;
  },
  events: {
    async 'xstate.error.actor.readToken'() {
      return "the browser blocks this site's storage: reading the saved sign-in fails";
    },
    async 'xstate.done.actor.readToken'(_ctx, event) {
      const { output } = event as Sample;
      return `the app reads the saved sign-in (${output === null ? 'none' : `"${String(output)}"`})`;
    },
    async 'xstate.done.actor.loadUser'({ server }, event) {
      return server.answer('GET', '/api/auth/user', 200, (event as Sample).output);
    },
    'xstate.error.actor.loadUser': answersCall('GET', '/api/auth/user'),
    async 'xstate.*'({ server }, event) {
      const { status, body } = answerOf(event);
      const actor = event.type.split('.').pop();
      return server.answer('POST', `/api/auth/${actor}`, status, body);
    },
    'xstate.after.*': delayPasses,
    async 'auth.dialog.open'({ page }) {
      await header(page).getByRole('button', { name: 'Register' }).click();
      return 'click Register in the header';
    },
    async 'auth.required'({ page }) {
      await header(page).getByRole('button', { name: 'Sign In' }).click();
      return 'click Sign In in the header';
    },
    async 'auth.dialog.close'({ page }) {
      await loginDialog(page).getByRole('button', { name: 'Close' }).click();
      return 'click Close on the dialog';
    },
    async 'auth.dialog.mode'({ page }) {
      await page.getByRole('button', { name: "Don't have an account? Register" }).click();
      return "click Don't have an account? Register";
    },
    async 'auth.login.submit'({ page }, event) {
      const { email, password, source } = event as Sample;
      if (source === 'page') await formPage(page, 'login');
      const form = formOf(page, source);
      await form.getByLabel('Email').fill(String(email));
      await form.getByLabel('Password', { exact: true }).fill(String(password));
      await form.getByRole('button', { name: 'Login' }).click();
      return `type "${String(email)}" and a password in the ${String(source)} → click Login`;
    },
    async 'auth.register.submit'({ page }, event) {
      const { email, password, confirmPassword, source } = event as Sample;
      if (source === 'page') await formPage(page, 'register');
      const form = formOf(page, source);
      await form.getByLabel('Email').fill(String(email));
      await form.getByLabel('Password', { exact: true }).fill(String(password));
      await form.getByLabel('Confirm Password').fill(String(confirmPassword));
      await form.getByRole('button', { name: 'Register' }).click();
      return `type "${String(email)}" and ${password === confirmPassword ? 'a password twice' : 'two different passwords'} in the ${String(source)} → click Register`;
    },
    async 'auth.register.dismiss'({ page }) {
      await page
        .getByRole('dialog', { name: 'Registration successful' })
        .getByRole('button', { name: 'Close' })
        .click();
      return 'click Close on the registration notice';
    },
    async 'session.retry'({ page }) {
      await page.getByRole('button', { name: 'Retry' }).click();
      return 'click Retry on the server notice';
    },
    async 'auth.token.received'({ page, server }) {
      await page.getByLabel('New Password', { exact: true }).fill('secret1');
      await page.getByLabel('Confirm New Password').fill('secret1');
      await page.getByRole('button', { name: 'Reset Password' }).click();
      await server.answer('POST', '/api/auth/reset-password', 200, {
        message: 'Password has been reset',
        user: { email: 'ada@example.com' },
      });
      await server.answer('POST', '/api/auth/login', 200, { token: 'reset-token' });
      return 'reset the password on /reset-password/reset-token; the page signs in with the new token';
    },
    async 'auth.expired'({ server }) {
      const said = await server.answer('GET', '/api/users/theme', 401, { message: 'Unauthorized' });
      return `${said} (a call made with the session's token is refused)`;
    },
    async 'auth.logout'({ page }) {
      await openSettings(page);
      await page.getByRole('button', { name: 'Logout' }).click();
      return 'open Settings → click Logout';
    },
    async 'credits.updated'({ page, server, state }, event) {
      const { credits } = event as Sample;
      if (state.hasTag('refreshing')) {
        // While the reload of the user is held: a balance from elsewhere on the page (CREDITS-3).
        await page.evaluate(
          (n) => window.dispatchEvent(new CustomEvent('creditsUpdated', { detail: { credits: n } })),
          Number(credits),
        );
        return `while the user reloads, the page announces a balance of ${String(credits)} (window 'creditsUpdated')`;
      }
      returned.add(server);
      const said = await server.answer('GET', '/api/stripe/checkout-session/cs_local_1', 200, {
        ...proGranted,
        balance: credits,
      });
      return `${said}: the credits have landed, the balance is ${String(credits)}`;
    },
    async 'user.refresh'(ctx) {
      // After a balance (credits.updated) the same answer reloads the user; else the answer comes now.
      if (returned.has(ctx.server)) return 'the same answer has the page reload the user';
      const credits = sessionContext(ctx).user?.credits ?? 0;
      const said = await ctx.server.answer('GET', '/api/stripe/checkout-session/cs_local_1', 200, {
        ...proGranted,
        balance: credits,
      });
      return `${said}: the credits have landed (the balance stays ${credits}), the page reloads the user`;
    },
    async 'user.updated'({ page, server }, event) {
      const { user } = event as Sample & { user: User };
      await openSettings(page);
      await page.getByRole('button', { name: 'Change Email' }).click();
      await page.getByLabel('New Email').fill(user.email);
      await page.getByLabel('Current Password').fill('secret1');
      await page.getByRole('button', { name: 'Update Email' }).click();
      await server.answer('POST', '/api/auth/change-email', 200, { message: 'Email updated', user });
      return `change the email to ${user.email} in Settings (the server agrees)`;
    },
    async 'account.deleted'({ page, server }) {
      await openSettings(page);
      await page.getByRole('button', { name: 'Delete Account' }).click();
      await page.getByRole('button', { name: 'Delete my account' }).click();
      await server.answer('DELETE', '/api/users/delete-account', 200, { message: 'Account deleted' });
      return 'delete the account in Settings (the server agrees)';
    },
  },
  causes: {
    'xstate.done.actor.loadUser':
      'open the app with the saved sign-in of a live account (or sign in): GET /api/auth/user answers its user',
    'xstate.error.actor.loadUser': byOutcome(
      '',
      'a saved token the server no longer accepts (401): sign out of the same account in another tab, then reload',
    ),
    'xstate.*': perActor({
      login: byOutcome(
        'sign in with the email and password of a verified account',
        'type a wrong password (or an unknown email): 401 "Invalid email or password"',
      ),
      register: byOutcome(
        'register with an email no account has: the verification mail lands in the outbox (/dev/outbox)',
        'register with an email an account already has (or past RATE_LIMIT_REGISTER sign-ups an hour from one address)',
      ),
      logout: byOutcome(
        'click Logout while signed in',
        'click Logout after the same account signed out in another tab (401 Unauthorized)',
      ),
    }),
    'auth.token.received':
      'ask for a reset link on /forgot-password, open it from the outbox (/dev/outbox) and set a new password: the page then signs in',
    'auth.expired':
      'sign out of the same account in another tab (or delete it there), then use this tab: its calls get 401',
    'credits.updated':
      'buy credits at the local checkout (no Stripe keys) and come back: /credits?checkout=success&session_id=… reports the paid session',
    'user.refresh':
      'buy credits at the local checkout (no Stripe keys) and come back: /credits?checkout=success&session_id=… reports the paid session',
    'user.updated': 'change the email in Settings with the right current password',
    'account.deleted': 'delete the account in Settings › Danger Zone and confirm',
  },

  // What each state shows is said by the session machine (meta.sees); these check its named kinds.
  kinds: {
    balance: showsUser,
    visitor: showsVisitor,
  },
  cannotSend(event, source) {
    return cannotSend(event as Sample, source);
  },
  // On a deployment: the fresh account signs in and out, a new address registers; a wrong password is refused.
  real: {
    causes: {
      async 'auth.login.submit'(ctx, event) {
        const { source } = event as Sample;
        const account = ctx.account!;
        const refused = ctx.next?.type === 'xstate.error.actor.login';
        if (source === 'page') await formPage(ctx.page, 'login');
        const form = formOf(ctx.page, source);
        await form.getByLabel('Email').fill(account.email);
        await form
          .getByLabel('Password', { exact: true })
          .fill(refused ? `${account.password}-wrong` : account.password);
        await form.getByRole('button', { name: 'Login' }).click();
        return `type the fresh account's address "${account.email}" and ${refused ? 'a wrong password' : 'its password'} in the ${String(source)} → click Login`;
      },
      async 'auth.register.submit'(ctx, event) {
        const { password, confirmPassword, source } = event as Sample;
        const email = ctx.account!.newEmail;
        if (source === 'page') await formPage(ctx.page, 'register');
        const form = formOf(ctx.page, source);
        await form.getByLabel('Email').fill(email);
        await form.getByLabel('Password', { exact: true }).fill(String(password));
        await form.getByLabel('Confirm Password').fill(String(confirmPassword));
        await form.getByRole('button', { name: 'Register' }).click();
        return `type a new address "${email}" and ${password === confirmPassword ? 'a password twice' : 'two different passwords'} in the ${String(source)} → click Register`;
      },
    },
    cannot: realCannot,
  },
  routes: [
    // Signed in with the saved token, then what a person does in Settings, or what the server says.
    signedIn({ type: 'auth.logout' }, { type: 'xstate.done.actor.logout', output: { message: 'Logged out' } }),
    signedIn({ type: 'auth.logout' }, { type: 'xstate.error.actor.logout', error: silentError }),
    signedIn({ type: 'auth.logout' }, { type: 'xstate.error.actor.logout', error: unauthorized }),
    signedIn({ type: 'user.updated', user: changedUser }, { type: 'account.deleted' }),
    signedIn(
      { type: 'auth.expired', token: 'stored-token' },
      { type: 'auth.dialog.mode', mode: 'register' },
      { type: 'auth.dialog.close' },
    ),
    signedIn({ type: 'credits.updated', credits: 42 }, { type: 'user.refresh' }),
    signedIn(
      { type: 'user.refresh' },
      { type: 'credits.updated', credits: 77 },
      { type: 'xstate.done.actor.loadUser', output: { ...proUser, credits: 77 } },
    ),
    signedIn({ type: 'user.refresh' }, { type: 'xstate.error.actor.loadUser', error: unauthorized }),
    signedIn({ type: 'user.refresh' }, { type: 'xstate.error.actor.loadUser', error: silentError }),
    signedIn({ type: 'user.refresh' }, { type: 'auth.expired', token: 'stored-token' }),
    signedIn({ type: 'user.refresh' }, { type: 'user.updated', user: changedUser }, { type: 'account.deleted' }),
    // The reset page signs a visitor in with its new token; the server may refuse it.
    {
      model: sessionModel,
      events: [
        { type: 'xstate.done.actor.readToken', output: null },
        { type: 'auth.token.received', token: 'reset-token' },
        { type: 'xstate.error.actor.loadUser', error: unauthorized },
      ],
    },
  ],
};

function cannotSend(event: Sample, source: AnyMachineSnapshot): string | null {
  const type = event.type;
  const context = source.context as SessionContext;
  const outcome = type.startsWith('xstate.');
  if (!outcome && source.hasTag('loading'))
    return 'the app renders nothing while it reads the saved sign-in and loads its user';
  if (source.hasTag('registered') && !outcome && type !== 'auth.register.dismiss')
    return 'the registration notice is a modal dialog: nothing behind it can be used while it is open';
  if (type === 'auth.dialog.open' && event.mode === 'login')
    return 'Sign In asks for the login dialog with auth.required; only Register opens it by mode';
  if (type === 'auth.expired' && event.token !== context.token)
    return 'the app sends auth.expired with the token of the refused call; the paths answer calls of the current token';
  if (['auth.dialog.open', 'auth.required'].includes(type) && (!source.hasTag('visitor') || context.dialog.open))
    return 'the Sign In and Register buttons show only to a visitor, and not behind the open dialog';
  if (type === 'auth.dialog.close' && !context.dialog.open) return 'no dialog is open';
  if (type === 'auth.dialog.mode' && (!context.dialog.open || context.dialog.mode === 'register'))
    return 'the Register link shows in the open login dialog only';
  if ((type === 'auth.login.submit' || type === 'auth.register.submit') && event.source === 'dialog') {
    if (!context.dialog.open || context.dialog.mode !== (type === 'auth.login.submit' ? 'login' : 'register'))
      return 'the dialog with that form is not open';
  }
  if (
    (type === 'auth.login.submit' || type === 'auth.register.submit') &&
    event.source === 'page' &&
    context.dialog.open
  )
    return 'the open dialog is modal: the page form behind it cannot be used';
  if (type === 'auth.token.received' && (context.source === 'page' || context.dialog.open))
    return 'the token comes from the reset page; a path that used the login or register page is elsewhere';
  if (type === 'auth.token.received' && !source.hasTag('settled'))
    return 'the reset page signs in only once its own request is done, with nothing else in flight';
  if ((type === 'user.refresh' || type === 'credits.updated') && context.source === 'page')
    return 'the reload comes from the checkout return on /credits; a path that used the login or register page is elsewhere';
  if (type === 'credits.updated') return 'planned as a route: the answer that brings the balance also reloads the user';
  return null;
}

/** Why a step of the session cannot be caused on a deployment (a remote run), or null when it can. */
function realCannot(event: EventObject, _source: AnyMachineSnapshot, index: number): string | null {
  const type = event.type;
  const e = event as Sample & { error?: { message?: unknown; status?: unknown } };
  const silent = typeof e.error?.message !== 'string';
  if (type.startsWith('xstate.after.'))
    return "a deployment's delays are its own: the test build's shortened delays do not apply";
  if (type.startsWith('xstate.error.actor.') && type !== 'xstate.error.actor.readToken' && silent)
    return 'a failure with no answer (the server down, a network error) cannot be caused on a running deployment';
  if (type === 'xstate.error.actor.loadUser' && index !== 1)
    return 'the server refuses a sign-in it gave a moment before only when it ends (expiry, deletion), which this path does not do';
  if (type === 'xstate.error.actor.register')
    return 'a deployment answers a registration of a known address as a new one (it does not tell who has an account): it cannot be refused for real';
  if (type === 'xstate.error.actor.logout')
    return 'a deployment agrees to the sign-out of a good sign-in: a refused one cannot be caused for real';
  if (type === 'auth.token.received')
    return "the reset page's sign-in needs a reset link mailed to the account: walked by the resetPassword machine";
  if (type === 'auth.expired')
    return 'needs the server to refuse a call made with a sign-in it accepted a moment before';
  if (type === 'user.refresh' || type === 'credits.updated')
    return 'needs a checkout returned on the deployment: walked by the checkout machines';
  if (type === 'user.updated' || type === 'account.deleted')
    return 'an email change or an account deletion for real: walked by the account machines';
  return null;
}

async function showsUser(ctx: PathContext): Promise<string> {
  const { user } = sessionContext(ctx);
  // On a deployment the account is the path's own: its real balance.
  const credits = ctx.account ? ctx.account.credits : (user?.credits ?? 0);
  await expect
    .poll(() => visibility(header(ctx.page).getByLabel(`Credit balance: ${credits} credits`)))
    .toBe('visible');
  await expect.poll(() => header(ctx.page).getByRole('button', { name: 'Sign In' }).count()).toBe(0);
  return `signed in: the header shows ${credits} credits`;
}

async function showsVisitor(ctx: PathContext): Promise<string> {
  const { dialog, loginError, registerError, source } = sessionContext(ctx);
  const error = dialog.mode === 'login' ? loginError : registerError;
  if (!dialog.open) {
    await expect.poll(() => visibility(header(ctx.page).getByRole('button', { name: 'Sign In' }))).toBe('visible');
    await expect.poll(() => loginDialog(ctx.page).count()).toBe(0);
    return 'signed out: the header shows Sign In, no dialog';
  }
  // The dialog is modal: the page behind it (the header with Sign In) is hidden from the person.
  const title = dialog.mode === 'login' ? 'Sign In' : 'Create Account';
  const open = ctx.page.getByRole('dialog', { name: title });
  await expect.poll(() => visibility(open)).toBe('visible');
  await expect
    .poll(() => open.getByRole('button', { name: dialog.mode === 'login' ? 'Login' : 'Register' }).isEnabled())
    .toBe(true);
  if (error && source === 'dialog')
    await expect.poll(() => open.getByRole('alert').filter({ hasText: error }).count()).toBe(1);
  return `signed out: the ${title} dialog is open${error && source === 'dialog' ? ` and says "${error}"` : ''}`;
}
