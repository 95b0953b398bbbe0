import type { ReactNode } from 'react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { createActor } from 'xstate';
import { inertAppLogic } from '../../src/app/inert';
import { AppProvider } from '../../src/app/provider';

/**
 * Renders a view inside a throw-away router so that <Link> works; `/` shows `ui`, any other path a
 * stub. The view sees an actor system with inert effects (a visitor), laid out for `width` (1280 px).
 */
export function renderInRouter(ui: () => ReactNode, { width = 1280 }: { width?: number } = {}) {
  const app = createActor(inertAppLogic, { input: { width } }).start();
  const root = createRootRoute();
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui()}</> });
  const any = createRoute({ getParentRoute: () => root, path: '$', component: () => <p>elsewhere</p> });
  const router = createRouter({
    routeTree: root.addChildren([index, any]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return {
    router,
    app,
    ...render(
      <AppProvider app={app}>
        <RouterProvider router={router} />
      </AppProvider>,
    ),
  };
}
