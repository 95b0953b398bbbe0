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
import type { AppActor } from '../../src/app/create-app';
import { inertAppLogic } from '../../src/app/inert';
import { AppProvider } from '../../src/app/provider';
import { FlowsPage } from '../../src/features/flows/FlowsPage';
import { flowsSearchSchema } from '../../src/features/flows/search-schema';

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

/**
 * The flows viewer's routes as the app has them (/flows and /flows/$machine with its state, fold,
 * focus and path), in a throw-away router starting at `path`; `wrap` puts providers around it.
 */
export function renderFlows(path = '/flows', wrap: (children: ReactNode) => ReactNode = (children) => children) {
  const root = createRootRoute();
  const index = createRoute({
    getParentRoute: () => root,
    path: '/flows',
    component: () => <FlowsPage machine={null} state="" />,
  });
  const machine = createRoute({
    getParentRoute: () => root,
    path: '/flows/$machine',
    validateSearch: flowsSearchSchema,
    component: function MachineRoute() {
      const { machine: name } = machine.useParams();
      const { state, fold, focus, path: walked } = machine.useSearch();
      return (
        <FlowsPage
          key={name}
          machine={name}
          state={state ?? ''}
          fold={fold ?? ''}
          focus={focus ?? ''}
          path={walked ?? ''}
        />
      );
    },
  });
  const router = createRouter({
    routeTree: root.addChildren([index, machine]),
    history: createMemoryHistory({ initialEntries: [path] }),
  });
  return { router, ...render(wrap(<RouterProvider router={router} />)) };
}
