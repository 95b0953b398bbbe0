import type { ReactNode } from 'react';
import { RouterProvider, createMemoryHistory, createRootRoute, createRouter } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createActor } from 'xstate';
import type { AppActor } from '../../src/app/create-app';
import { inertAppLogic } from '../../src/app/inert';
import { AppProvider } from '../../src/app/provider';

/**
 * Renders a view inside a throw-away router so that <Link> works: the view is the root route's, so it
 * shows at every address, starting at `/`. The view sees `app` (by default a new actor system with
 * inert effects: a visitor, laid out for `width`, 1280 px). Resolves once the router has loaded.
 */
export async function renderInRouter(
  ui: () => ReactNode,
  { app, width = 1280 }: { app?: AppActor; width?: number } = {},
) {
  const system = app ?? createActor(inertAppLogic, { input: { width } }).start();
  const router = createRouter({
    routeTree: createRootRoute({ component: () => <>{ui()}</> }),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  await router.load();
  return {
    router,
    app: system,
    ...render(
      <AppProvider app={system}>
        <RouterProvider router={router} />
      </AppProvider>,
    ),
  };
}
