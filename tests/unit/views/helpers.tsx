import type { ReactNode } from 'react';
import { cleanup, render } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { createActor } from 'xstate';
import type { Endpoints } from '../../../src/api/endpoints';
import type { User } from '../../../src/api/schemas';
import { systemIds, type AppNavigateParams } from '../../../src/app/app.machine';
import { browserEvents, type AppActor } from '../../../src/app/create-app';
import { inertAppLogic } from '../../../src/app/inert';
import { AppProvider } from '../../../src/app/provider';
import { sessionLogic, type SessionActor } from '../../../src/flows/session/session.effects';
import { renderInRouter } from '../router-harness';

export { freeUser, proUser } from '../../../src/flows/session/session.examples';

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

/** A flow's API (FlowContext.api) answering with these fake endpoints. */
export const fakeApi = (endpoints: Partial<Endpoints>) => async (): Promise<Endpoints> => endpoints as Endpoints;

/**
 * The test's actor system: the inert root with these session effects, the browser's events (a
 * 'creditsUpdated' reaches the session as in the app) and a navigation spy, built the way
 * create-app.ts builds the real one. Not started.
 */
export function testApp(
  session: ReturnType<typeof sessionLogic>,
  navigateTo = vi.fn(),
  /** The app's whole navigation instead of the spy (a test with a router: navigateWith). */
  navigate?: (params: AppNavigateParams) => void,
): AppActor {
  return createActor(
    inertAppLogic.provide({
      actors: { session, browserEvents },
      actions: { navigate: (_, params) => (navigate ? navigate(params) : navigateTo(params.to)) },
    }),
    { input: { width: 1280 } },
  );
}

// The system of the test's last startSession(), which renderWithRouter provides to the views.
let current: AppActor | null = null;

// A run or a timer left in the last test's system must not fire after the file's DOM is gone (a kept tool
// run's scroll once did, as 'window is not defined' after the last test): each test's system ends with it.
afterEach(() => {
  cleanup();
  current?.stop();
  current = null;
});

export function currentApp(): AppActor {
  current ??= createActor(inertAppLogic, { input: { width: 1280 } }).start();
  return current;
}

export function currentSession(): SessionActor {
  return currentApp().system.get(systemIds.session);
}

/**
 * A started session with fake effects in the test's actor system. `token` starts it signed in (when
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
  const navigateTo = vi.fn();
  const app = testApp(logic, navigateTo);
  current = app;
  app.start();
  const session: SessionActor = app.system.get(systemIds.session);
  await vi.waitFor(() => {
    if (session.getSnapshot().hasTag('loading')) throw new Error('still loading');
  });
  return { app, session, endpoints, navigate, navigateTo, storage };
}

/** Renders a view in the test's actor system (see startSession). */
export function renderInApp(ui: ReactNode) {
  return render(<AppProvider app={currentApp()}>{ui}</AppProvider>);
}

/** Renders a view inside a minimal router (Links need one), in the test's actor system. */
export function renderWithRouter(ui: ReactNode) {
  return renderInRouter(() => ui, { app: currentApp() });
}
