import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { isRetrying } from '../../../src/flows/session/session.machine';
import { systemIds } from '../../../src/app/app.machine';
import { AppProvider } from '../../../src/app/provider';
import { navigateWith } from '../../../src/app/router';
import { sessionLogic } from '../../../src/flows/session/session.effects';
import { routeTree } from '../../../src/routeTree.gen';
import { deferred, fakeEndpoints, proUser, testApp } from './helpers';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function app(path: string, token: string | null, endpoints = fakeEndpoints(proUser), startupTimeoutMs?: number) {
  const navigate = vi.fn();
  const deleteToken = vi.fn();
  const app = testApp(
    sessionLogic({
      endpoints,
      navigate,
      storage: { readToken: () => token, storeToken: vi.fn(), deleteToken },
      ...(startupTimeoutMs === undefined ? {} : { startupTimeoutMs }),
    }),
    vi.fn(),
    // The app's navigation goes to the router, as main.tsx wires it.
    (params) => navigateWith(router)(params),
  );
  const session = app.system.get(systemIds.session);
  const router = createRouter({
    routeTree,
    context: { session },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  navigate.mockImplementation(({ to, message }: { to: string; message?: string }) =>
    router.navigate({ to, ...(message ? { state: { message } } : {}) }),
  );
  // The app's system starts with the session in it (main.tsx does the same).
  const start = () => app.start();
  const stop = () => app.stop();
  const view = () => (
    <AppProvider app={app}>
      <RouterProvider router={router} />
    </AppProvider>
  );
  return { session, router, start, stop, view, deleteToken };
}

describe('the app root', () => {
  it('AUTH-1: shows the shell at once but nothing that depends on the session until the startup check ends', async () => {
    const endpoints = fakeEndpoints(proUser);
    const user = deferred<typeof proUser>();
    endpoints.getUser.mockReturnValueOnce(user.promise);
    const { start, stop, view } = app('/login', 't', endpoints);
    start();
    const { container } = render(view());
    await act(async () => {
      await Promise.resolve();
    });
    // The public shell is drawn (as the prerendered pages are), its controls marked not yet usable; the
    // account areas keep their place unseen, with no guess at who is there.
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(container.querySelector('[aria-disabled="true"]')).not.toBeNull();
    const pending = [...container.querySelectorAll('[data-pending="true"]')];
    expect(pending.length).toBeGreaterThanOrEqual(3);
    for (const area of pending) expect(area).not.toHaveTextContent(/credits/);
    expect(screen.queryByLabelText(/Credit balance/)).toBeNull();
    await act(async () => user.resolve(proUser));
    expect(await screen.findByRole('heading', { name: 'Login to the product' })).toBeInTheDocument();
    expect(screen.getAllByLabelText(`Credit balance: ${proUser.credits} credits`).length).toBeGreaterThan(0);
    expect(container.querySelector('[aria-disabled="true"]')).toBeNull();
    expect(container.querySelector('[data-pending="true"]')).toBeNull();
    stop();
  });

  it('gives up after the time-out: keeps the token, shows the shell with a notice, and Retry checks again', async () => {
    const endpoints = fakeEndpoints(proUser);
    const hang = new Promise<typeof proUser>(() => {});
    endpoints.getUser.mockReturnValueOnce(hang).mockReturnValueOnce(hang);
    // Long enough that the retrying state is still there when the test looks, even on two busy cores.
    const timeoutMs = 600;
    const long = { timeout: 10 * timeoutMs };
    const { session, start, stop, view, deleteToken } = app('/login', 't', endpoints, timeoutMs);
    start();
    render(view());
    expect(await screen.findByText(/The server could not be reached/, undefined, long)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Login to the product' })).toBeInTheDocument();
    expect(deleteToken).not.toHaveBeenCalled();
    expect(session.getSnapshot().context.token).toBe('t');
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    expect(isRetrying(session.getSnapshot())).toBe(true);
    // The second check times out too (the shell stays shown); the third answers.
    await waitFor(() => expect(session.getSnapshot().hasTag('unreachable')).toBe(true), long);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Retry' })).toBeEnabled(), long);
    expect(screen.getByRole('heading', { name: 'Login to the product' })).toBeInTheDocument();
    await act(async () => screen.getByRole('button', { name: 'Retry' }).click());
    await waitFor(() => expect(session.getSnapshot().matches('signedIn')).toBe(true), long);
    expect(screen.queryByText(/The server could not be reached/)).toBeNull();
    expect(endpoints.getUser).toHaveBeenCalledTimes(3);
    stop();
  });

  it('NAV-6: sends a visitor from /settings to /', async () => {
    const { router, start, stop, view } = app('/settings', null);
    start();
    render(view());
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    stop();
  });

  it("ACCOUNT-5: shows 'Account successfully deleted' on / after deletion", async () => {
    const { session, router, start, stop, view } = app('/settings', 't');
    start();
    render(view());
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    await act(async () => session.send({ type: 'account.deleted' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Account successfully deleted')).toBeInTheDocument();
    stop();
  });
});

describe('back from the checkout', () => {
  it('CHECKOUT-5: /subscribe?checkout=success&session_id=…: the new balance, the user reloaded, the address cleared', async () => {
    const endpoints = fakeEndpoints(proUser);
    // The startup check still sees the old balance; the refresh after the grant sees the new one.
    endpoints.getUser.mockResolvedValueOnce(proUser).mockResolvedValueOnce({ ...proUser, credits: 5000 });
    // The return flow calls the API with the session's token (src/flows/shared/api.effects.ts): answered here at fetch.
    const checkoutStatus = {
      sessionId: 'cs_local_1',
      kind: 'subscription',
      status: 'paid',
      fulfilled: true,
      credits: 2500,
      planId: 'pro',
      billingCycle: 'monthly',
      priceId: null,
      balance: 5000,
    };
    const status = vi.fn((_url: string, _init?: RequestInit) =>
      Promise.resolve(
        new Response(JSON.stringify(checkoutStatus), { status: 200, headers: { 'content-type': 'application/json' } }),
      ),
    );
    vi.stubGlobal('fetch', status);
    const { session, router, start, view } = app('/subscribe?checkout=success&session_id=cs_local_1', 't', endpoints);
    start();
    render(view());
    expect(await screen.findByText(/Your balance is now/)).toHaveTextContent(
      'Thank you! Payment received for the Pro plan, billed monthly: 2,500 credits added. Your balance is now 5,000 credits.',
    );
    // The page's other calls (its credit history) may go out first: the API client loads with the first call.
    expect(status.mock.calls.map(([url]) => String(url))).toContainEqual(
      expect.stringContaining('/api/stripe/checkout-session/cs_local_1'),
    );
    vi.unstubAllGlobals();
    await waitFor(() => expect(session.getSnapshot().context.user?.credits).toBe(5000));
    await waitFor(() => expect(router.state.location.href).toBe('/subscribe'));
    // Replaced, not pushed: Back does not return to ?checkout=success.
    expect(router.history.length).toBe(1);
    expect(screen.getByTestId('checkout-return')).toHaveAttribute('data-state', 'granted');
  });

  it('/credits?checkout=cancel says nothing was charged and clears the address', async () => {
    const { router, start, view } = app('/credits?checkout=cancel', 't');
    start();
    render(view());
    expect(await screen.findByText('Checkout cancelled. You have not been charged.')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.href).toBe('/credits'));
  });

  it('shows no notice on a page without ?checkout', async () => {
    const endpoints = fakeEndpoints(proUser);
    const { start, view } = app('/credits', 't', endpoints);
    start();
    render(view());
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('checkout-return')).toBeNull();
    expect(endpoints.getUser).toHaveBeenCalledTimes(1);
  });
});
