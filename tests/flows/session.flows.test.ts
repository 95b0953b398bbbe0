import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { isRetrying, sessionMachine } from '../../src/flows/session/session.machine';
import { describeFlows, done, elapse, fail, scenario } from './harness';
import { sessionModel } from './models/session.model';
import type { SessionContext } from '../../src/flows/session/session.types';
import { serverError, silentError } from './models/fixtures';
import { freeUser, noSubscriptionUser, proUser } from '../../src/flows/session/session.examples';

describeFlows('session', sessionModel);

const ctx = (s: { context: unknown }) => s.context as SessionContext;
const names = (effects: Array<{ name: string }>) => effects.map((e) => e.name);
const login = (source: 'dialog' | 'page' = 'dialog') =>
  ({ type: 'auth.login.submit', email: 'ada@example.com', password: 'secret1', source }) as const;
const register = (confirmPassword: string, source: 'dialog' | 'page' = 'dialog') =>
  ({ type: 'auth.register.submit', email: 'new@example.com', password: 'secret1', confirmPassword, source }) as const;
const visitor = [done('readToken', null)];
/** Signed out with the forms usable again (what the views read: the tags, and whether a form can be sent). */
const atForm = (s: { hasTag: (tag: string) => boolean; can: (event: ReturnType<typeof login>) => boolean }) =>
  s.hasTag('visitor') && !s.hasTag('busy') && !s.hasTag('unreachable') && s.can(login());

describe('session: startup authentication', () => {
  it('AUTH-1: loads the user of a saved token and signs in', async () => {
    const r = await scenario(sessionModel, [done('readToken', 'saved'), done('loadUser', proUser)]);
    expect(r.snapshot.hasTag('signedIn')).toBe(true);
    expect(r.started).toContainEqual({ id: 'loadUser', input: { token: 'saved' } });
    expect(ctx(r.snapshot).user?.email).toBe(proUser.email);
    expect(names(r.effects)).not.toContain('navigate');
  });

  it('AUTH-2: deletes the token when the server refuses it (401)', async () => {
    const r = await scenario(sessionModel, [
      done('readToken', 'stale'),
      fail('loadUser', serverError('Unauthorized', { status: 401 })),
    ]);
    expect(r.snapshot.hasTag('visitor')).toBe(true);
    expect(names(r.effects)).toEqual(['deleteToken']);
    expect(ctx(r.snapshot).token).toBeNull();
  });

  it.each([
    ['the check times out', elapse('startupTimeout', 'session.loadingUser.startup')],
    ['the server fails without refusing the token', fail('loadUser', silentError)],
  ])('keeps the token and shows the signed-out shell with the notice when %s', async (_, outcome) => {
    const r = await scenario(sessionModel, [done('readToken', 'saved'), outcome]);
    expect(r.snapshot.hasTag('visitor')).toBe(true);
    expect(r.snapshot.hasTag('loading')).toBe(false);
    expect(r.snapshot.hasTag('unreachable')).toBe(true);
    expect(names(r.effects)).toEqual([]);
    expect(ctx(r.snapshot).token).toBe('saved');
    expect(ctx(r.snapshot).user).toBeNull();
  });

  it('runs the check again on Retry, without hiding the shell, and signs in', async () => {
    const r = await scenario(sessionModel, [
      done('readToken', 'saved'),
      elapse('startupTimeout', 'session.loadingUser.startup'),
      { type: 'session.retry' },
    ]);
    expect(isRetrying(r.snapshot)).toBe(true);
    expect(r.snapshot.hasTag('loading')).toBe(false);
    expect(r.started.filter((s) => s.id === 'loadUser')).toEqual([
      { id: 'loadUser', input: { token: 'saved' } },
      { id: 'loadUser', input: { token: 'saved' } },
    ]);
    const signedIn = await scenario(sessionModel, [
      done('readToken', 'saved'),
      elapse('startupTimeout', 'session.loadingUser.startup'),
      { type: 'session.retry' },
      done('loadUser', proUser),
    ]);
    expect(signedIn.snapshot.hasTag('signedIn')).toBe(true);
    const again = await scenario(sessionModel, [
      done('readToken', 'saved'),
      elapse('startupTimeout', 'session.loadingUser.startup'),
      { type: 'session.retry' },
      elapse('startupTimeout', 'session.loadingUser.reconnecting'),
    ]);
    expect(again.snapshot.hasTag('unreachable')).toBe(true);
    expect(again.snapshot.hasTag('retrying')).toBe(false);
  });

  it('goes straight to signed out without a token, and renders nothing until then', async () => {
    const start = await scenario(sessionModel, []);
    expect(start.snapshot.hasTag('loading')).toBe(true);
    const r = await scenario(sessionModel, visitor);
    expect(r.snapshot.hasTag('visitor')).toBe(true);
    expect(r.snapshot.hasTag('loading')).toBe(false);
    expect(r.started.map((s) => s.id)).toEqual(['readToken']);
  });
});

describe('session: sign in', () => {
  it.each([
    [proUser, '/'],
    [freeUser, '/subscribe'],
    [noSubscriptionUser, '/subscribe'],
  ])('stores the token, loads the user, hides the dialog and navigates (%#)', async (user, to) => {
    const r = await scenario(sessionModel, [
      ...visitor,
      { type: 'auth.required' },
      login(),
      done('login', { token: 'fresh' }),
      done('loadUser', user),
    ]);
    expect(r.snapshot.hasTag('signedIn')).toBe(true);
    expect(r.effects).toEqual([
      { name: 'storeToken', params: { token: 'fresh' } },
      { name: 'navigate', params: { to } },
    ]);
    expect(r.started).toContainEqual({ id: 'login', input: { email: 'ada@example.com', password: 'secret1' } });
    expect(ctx(r.snapshot).dialog.open).toBe(false);
  });

  it.each([
    ['dialog', serverError('Invalid email or password'), 'Invalid email or password'],
    ['dialog', silentError, 'Failed to login'],
    ['page', silentError, 'Login failed'],
  ] as const)('shows the %s error: server message or fallback', async (source, error, text) => {
    const r = await scenario(sessionModel, [...visitor, login(source), fail('login', error)]);
    expect(atForm(r.snapshot)).toBe(true);
    expect(ctx(r.snapshot).loginError).toBe(text);
  });

  it('AUTH-7, AUTH-8: opens the login dialog when a visitor needs to sign in, and switches modes', async () => {
    const r = await scenario(sessionModel, [...visitor, { type: 'auth.required' }]);
    expect(ctx(r.snapshot).dialog).toEqual({ open: true, mode: 'login' });
    const m = await scenario(sessionModel, [
      ...visitor,
      { type: 'auth.required' },
      { type: 'auth.dialog.mode', mode: 'register' },
    ]);
    expect(ctx(m.snapshot).dialog).toEqual({ open: true, mode: 'register' });
  });
});

describe('session: register', () => {
  it('AUTH-12: refuses different passwords without calling the server', async () => {
    const r = await scenario(sessionModel, [...visitor, register('other')]);
    expect(ctx(r.snapshot).registerError).toBe('Passwords do not match');
    expect(r.started.map((s) => s.id)).not.toContain('register');
  });

  it('AUTH-5, AUTH-9: shows the success message, goes to /subscribe and closes the notice after 5 s', async () => {
    const r = await scenario(sessionModel, [
      ...visitor,
      register('secret1'),
      done('register', { message: 'Registration successful', email: 'new@example.com' }),
    ]);
    expect(r.snapshot.hasTag('registered')).toBe(true);
    expect(ctx(r.snapshot).registerMessage).toBe('Registration successful');
    expect(r.effects).toEqual([{ name: 'navigate', params: { to: '/subscribe' } }]);
    const closed = await scenario(sessionModel, [
      ...visitor,
      register('secret1'),
      done('register', { message: 'Registration successful', email: 'new@example.com' }),
      elapse('registerNotice', 'session.signedOut.registered'),
    ]);
    expect(closed.snapshot.hasTag('registered')).toBe(false);
    expect(ctx(closed.snapshot).registerMessage).toBeNull();
  });

  it.each([
    ['dialog', 'Failed to register'],
    ['page', 'Registration failed'],
  ] as const)('falls back to the %s text', async (source, text) => {
    const r = await scenario(sessionModel, [...visitor, register('secret1', source), fail('register', silentError)]);
    expect(ctx(r.snapshot).registerError).toBe(text);
  });
});

describe('session: signed in', () => {
  const signedIn = [done('readToken', 'saved'), done('loadUser', freeUser)];

  it("AUTH-6, TOOL-48: signs out: deletes the token and the tab's draft, clears the user, then tells the listeners", async () => {
    const r = await scenario(sessionModel, [...signedIn, { type: 'auth.logout' }, done('logout', {})]);
    expect(r.snapshot.hasTag('visitor')).toBe(true);
    expect(r.effects).toEqual([
      { name: 'deleteToken', params: undefined },
      { name: 'forgetDraft', params: undefined },
    ]);
    expect(ctx(r.snapshot).user).toBeNull();
    // The caller's follow-up (settings goes home) is an emitted event, not a callback in context.
    const heard: string[] = [];
    const actor = createActor(
      sessionMachine.provide({
        actors: {
          readToken: fromPromise<string | null>(async () => 'saved'),
          loadUser: fromPromise(async () => freeUser),
          logout: fromPromise<unknown, { token: string | null }>(async () => ({})),
        },
      }),
    ).start();
    actor.on('session.loggedOut', (event) => heard.push(event.type));
    await waitFor(actor, (s) => s.hasTag('signedIn'));
    actor.send({ type: 'auth.logout' });
    await waitFor(actor, (s) => s.hasTag('visitor'));
    expect(heard).toEqual(['session.loggedOut']);
  });

  it('stays signed in when the server refuses to log out', async () => {
    const r = await scenario(sessionModel, [...signedIn, { type: 'auth.logout' }, fail('logout', silentError)]);
    expect(r.snapshot.hasTag('signedIn')).toBe(true);
    expect(ctx(r.snapshot).logoutError).toBe('Failed to logout. Please try again.');
  });

  it('CREDITS-3: updates the balance on credits.updated and reloads the user on user.refresh', async () => {
    const r = await scenario(sessionModel, [...signedIn, { type: 'credits.updated', credits: 7 }]);
    expect(ctx(r.snapshot).user?.credits).toBe(7);
    const refreshed = await scenario(sessionModel, [
      ...signedIn,
      { type: 'user.refresh' },
      done('loadUser', { ...freeUser, credits: 99 }),
    ]);
    expect(ctx(refreshed.snapshot).user?.credits).toBe(99);
  });

  it('ACCOUNT-5: after deletion clears the session and goes to / with the notice', async () => {
    const r = await scenario(sessionModel, [...signedIn, { type: 'account.deleted' }]);
    expect(r.snapshot.hasTag('visitor')).toBe(true);
    expect(r.effects).toEqual([
      { name: 'deleteToken', params: undefined },
      { name: 'forgetDraft', params: undefined },
      { name: 'navigate', params: { to: '/', message: 'Account successfully deleted' } },
    ]);
  });

  it('replaces the token of a signed-in session with one received (reset, then automatic login)', async () => {
    const r = await scenario(sessionModel, [
      ...signedIn,
      { type: 'auth.token.received', token: 'after-reset' },
      done('loadUser', proUser),
    ]);
    expect(r.snapshot.hasTag('signedIn')).toBe(true);
    expect(ctx(r.snapshot).token).toBe('after-reset');
    expect(ctx(r.snapshot).user?.email).toBe(proUser.email);
    expect(r.effects).toEqual([{ name: 'storeToken', params: { token: 'after-reset' } }]);
    expect(r.started.filter((s) => s.id === 'loadUser').at(-1)).toEqual({
      id: 'loadUser',
      input: { token: 'after-reset' },
    });
    // A 401 of a call still in flight with the replaced token does not sign the new session out.
    const stale = await scenario(sessionModel, [
      ...signedIn,
      { type: 'auth.token.received', token: 'after-reset' },
      done('loadUser', proUser),
      { type: 'auth.expired', token: 'saved' },
    ]);
    expect(stale.snapshot.hasTag('signedIn')).toBe(true);
  });

  it('AUTH-17, AUTH-4: signs out once on a 401 and opens the login dialog; signing in goes where the plan says', async () => {
    const expired = { type: 'auth.expired', token: 'saved' } as const;
    const r = await scenario(sessionModel, [...signedIn, expired, expired]);
    expect(atForm(r.snapshot)).toBe(true);
    expect(r.effects).toEqual([{ name: 'deleteToken', params: undefined }]);
    expect(ctx(r.snapshot).token).toBeNull();
    expect(ctx(r.snapshot).user).toBeNull();
    expect(ctx(r.snapshot).dialog).toEqual({ open: true, mode: 'login' });
    const again = await scenario(sessionModel, [
      ...signedIn,
      expired,
      login(),
      done('login', { token: 'fresh' }),
      done('loadUser', proUser),
    ]);
    expect(again.snapshot.hasTag('signedIn')).toBe(true);
    expect(again.effects.at(-1)).toEqual({ name: 'navigate', params: { to: '/' } });
    // A refresh refused by the server is the same expiry.
    const refresh = await scenario(sessionModel, [
      ...signedIn,
      { type: 'user.refresh' },
      fail('loadUser', serverError('Unauthorized', { status: 401 })),
    ]);
    expect(refresh.snapshot.hasTag('visitor')).toBe(true);
    expect(ctx(refresh.snapshot).dialog.open).toBe(true);
  });

  it('adopts a token from the automatic login after a reset without navigating', async () => {
    const r = await scenario(sessionModel, [
      ...visitor,
      { type: 'auth.token.received', token: 'reset' },
      done('loadUser', proUser),
    ]);
    expect(r.snapshot.hasTag('signedIn')).toBe(true);
    expect(r.effects).toEqual([{ name: 'storeToken', params: { token: 'reset' } }]);
  });
});
