import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryHistory, createRouter } from '@tanstack/react-router';
import { createActor } from 'xstate';
import { sessionLogic } from '../../../src/app/session';
import { bindSession } from '../../../src/app/session-hooks';
import { routeTree } from '../../../src/routeTree.gen';
import { deferred, fakeEndpoints, proUser } from './helpers';

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function app(path: string, token: string | null, endpoints = fakeEndpoints(proUser)) {
  const navigate = vi.fn();
  const session = createActor(
    sessionLogic({
      endpoints,
      navigate,
      storage: { readToken: () => token, storeToken: vi.fn(), deleteToken: vi.fn() },
    }),
  );
  bindSession(session);
  const router = createRouter({
    routeTree,
    context: { session },
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  navigate.mockImplementation(({ to, message }: { to: string; message?: string }) =>
    router.navigate({ to, ...(message ? { state: { message } } : {}) }),
  );
  return { session, router };
}

describe('the app root', () => {
  it('renders nothing until the startup check ends', async () => {
    const endpoints = fakeEndpoints(proUser);
    const user = deferred<typeof proUser>();
    endpoints.getUser.mockReturnValueOnce(user.promise);
    const { session, router } = app('/login', 't', endpoints);
    session.start();
    const { container } = render(<RouterProvider router={router} />);
    await act(async () => {
      await Promise.resolve();
    });
    expect(container).toBeEmptyDOMElement();
    await act(async () => user.resolve(proUser));
    expect(await screen.findByRole('heading', { name: 'Login to the product' })).toBeInTheDocument();
    session.stop();
  });

  it('sends a visitor from /settings to /', async () => {
    const { session, router } = app('/settings', null);
    session.start();
    render(<RouterProvider router={router} />);
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    session.stop();
  });

  it("shows 'Account successfully deleted' on / after deletion", async () => {
    const { session, router } = app('/settings', 't');
    session.start();
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Settings' })).toBeInTheDocument();
    await act(async () => session.send({ type: 'account.deleted' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Account successfully deleted')).toBeInTheDocument();
    session.stop();
  });
});

describe('back from a paid checkout', () => {
  it.each([
    ['/?checkout=success', 'Payment successful. Your credits have been added.'],
    ['/settings?checkout=success', 'Your subscription is active.'],
  ])('%s shows the notice and reloads the user for the badges', async (path, notice) => {
    const endpoints = fakeEndpoints(proUser);
    // The startup check still sees the old balance; the refresh after the notice sees the new one.
    endpoints.getUser.mockResolvedValueOnce(proUser).mockResolvedValueOnce({ ...proUser, credits: 3500 });
    const { session, router } = app(path, 't', endpoints);
    session.start();
    render(<RouterProvider router={router} />);
    expect(await screen.findByText(notice)).toBeInTheDocument();
    await waitFor(() => expect(session.getSnapshot().context.user?.credits).toBe(3500));
    expect(await screen.findAllByText('3,500')).not.toHaveLength(0);
    expect(session.getSnapshot().matches({ signedIn: 'idle' })).toBe(true);
  });

  it('shows no notice without ?checkout=success', async () => {
    const endpoints = fakeEndpoints(proUser);
    const { session, router } = app('/?checkout=cancelled', 't', endpoints);
    session.start();
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(screen.queryByText('Payment successful. Your credits have been added.')).toBeNull();
    expect(endpoints.getUser).toHaveBeenCalledTimes(1);
  });
});
