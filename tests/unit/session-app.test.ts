import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { forwardSessionToTheme } from '../../src/app/app.machine';
import { flowContext } from '../../src/app/flow-context';
import { toolEffects } from '../../src/flows/tools/tool-run.effects';
import {
  creditsFromEvent,
  listenForCredits,
  requestPurchase,
  requestSignIn,
  sessionLogic,
} from '../../src/flows/session/session.effects';
import { fakeEndpoints, freeUser, startSession } from './views/helpers';

afterEach(() => vi.restoreAllMocks());

describe('session hooks', () => {
  it('a visitor who buys gets the login dialog, a signed-in user the purchase', async () => {
    const purchase = vi.fn();
    const visitor = await startSession();
    requestPurchase(visitor.session, { kind: 'plan', planId: 'pro', billingCycle: 'annually' }, purchase);
    expect(visitor.session.getSnapshot().context.dialog).toEqual({ open: true, mode: 'login' });
    expect(purchase).not.toHaveBeenCalled();
    const user = await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    requestPurchase(user.session, { kind: 'plan', planId: 'pro', billingCycle: 'annually' }, purchase);
    expect(purchase).toHaveBeenCalledWith({ kind: 'plan', planId: 'pro', billingCycle: 'annually' });
    expect(user.session.getSnapshot().context.dialog.open).toBe(false);
  });

  it('requestSignIn opens the dialog in the asked mode', async () => {
    const { session } = await startSession();
    requestSignIn(session, 'register');
    expect(session.getSnapshot().context.dialog).toEqual({ open: true, mode: 'register' });
  });
});

describe("window 'creditsUpdated'", () => {
  it('updates the balance from {credits} or a bare number, ignores junk', async () => {
    const { session } = await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    const target = new EventTarget();
    const stop = listenForCredits(session, target);
    target.dispatchEvent(new CustomEvent('creditsUpdated', { detail: { credits: 55 } }));
    expect(session.getSnapshot().context.user?.credits).toBe(55);
    target.dispatchEvent(new CustomEvent('creditsUpdated', { detail: 7 }));
    expect(session.getSnapshot().context.user?.credits).toBe(7);
    target.dispatchEvent(new CustomEvent('creditsUpdated', { detail: 'lots' }));
    expect(session.getSnapshot().context.user?.credits).toBe(7);
    stop();
    target.dispatchEvent(new CustomEvent('creditsUpdated', { detail: 1 }));
    expect(session.getSnapshot().context.user?.credits).toBe(7);
    expect(creditsFromEvent(new Event('creditsUpdated'))).toBeNull();
  });

  it("a run's balance takes one path: the tool effect reports it to the session, not through the window", async () => {
    const { app, session } = await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    const target = new EventTarget() as Window;
    const heard: unknown[] = [];
    target.addEventListener('creditsUpdated', (event) => heard.push((event as CustomEvent).detail));
    const send = vi.spyOn(session, 'send');
    toolEffects(flowContext(app, { window: () => target as never })).creditsChanged(12);
    expect(send).toHaveBeenCalledTimes(1);
    expect(send).toHaveBeenCalledWith({ type: 'credits.updated', credits: 12 });
    expect(session.getSnapshot().context.user?.credits).toBe(12);
    expect(heard).toEqual([]);
  });
});

describe('theme follows the session', () => {
  it('sends signedIn once the startup check signs in, signedOut after logout', async () => {
    const endpoints = fakeEndpoints(freeUser);
    const session = createActor(
      sessionLogic({
        endpoints,
        navigate: vi.fn(),
        storage: { readToken: () => 't', storeToken: vi.fn(), deleteToken: vi.fn() },
      }),
    );
    const theme = { send: vi.fn() };
    forwardSessionToTheme(session, theme);
    session.start();
    await vi.waitFor(() => expect(theme.send).toHaveBeenCalledWith({ type: 'session.signedIn' }));
    session.send({ type: 'auth.logout' });
    await vi.waitFor(() => expect(theme.send).toHaveBeenLastCalledWith({ type: 'session.signedOut' }));
    expect(theme.send).toHaveBeenCalledTimes(2);
    session.stop();
  });
});
