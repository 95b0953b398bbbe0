import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRouter,
  type AnyRouter,
} from '@tanstack/react-router';
import { vi } from 'vitest';
import { createActor } from 'xstate';
import type { User } from '../../../src/api/schemas';
import { sessionLogic, type SessionActor } from '../../../src/app/session';
import { bindNavigation, bindSession } from '../../../src/app/session-hooks';

export { freeUser, proUser } from '../../flows/models/fixtures';

/** A promise the test settles when it wants to. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function fakeEndpoints(user: User | null = null) {
  return {
    getUser: vi.fn(async () => {
      if (!user) throw Object.assign(new Error('Unauthorized'), { status: 401 });
      return user;
    }),
    login: vi.fn(async (_: { email: string; password: string }) => ({ token: 'fresh' })),
    register: vi.fn(async (body: { email: string; password: string }) => ({
      message: 'Registration successful',
      email: body.email,
    })),
    logout: vi.fn(async () => ({})),
  };
}

/**
 * A started session with fake effects, bound for the views. `token` starts it signed in (when
 * getUser answers) and `delays` shrinks the named delays.
 */
export async function startSession(
  options: {
    endpoints?: ReturnType<typeof fakeEndpoints>;
    token?: string | null;
    delays?: { registerNotice?: number };
  } = {},
) {
  const endpoints = options.endpoints ?? fakeEndpoints();
  const navigate = vi.fn();
  const storage = {
    token: options.token ?? null,
    readToken: () => storage.token,
    storeToken: vi.fn((t: string) => void (storage.token = t)),
    deleteToken: vi.fn(() => void (storage.token = null)),
  };
  const logic = sessionLogic({ endpoints, navigate, storage }).provide({
    delays: { registerNotice: options.delays?.registerNotice ?? 5000 },
  });
  const session: SessionActor = createActor(logic);
  bindSession(session);
  const navigateTo = vi.fn();
  bindNavigation(navigateTo);
  session.start();
  await vi.waitFor(() => {
    if (session.getSnapshot().hasTag('loading')) throw new Error('still loading');
  });
  return { session, endpoints, navigate, navigateTo, storage };
}

/** Renders a view inside a minimal router (Links need one). */
export async function renderWithRouter(ui: ReactNode) {
  const root = createRootRoute({ component: () => <>{ui}</> });
  const router: AnyRouter = createRouter({
    routeTree: root,
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return render(<RouterProvider router={router} />);
}
