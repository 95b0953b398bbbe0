import type { ReactNode } from 'react';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render } from '@testing-library/react';

/** Renders a view inside a throw-away router so that <Link> works; `/` shows `ui`, any other path a stub. */
export function renderInRouter(ui: () => ReactNode) {
  const root = createRootRoute();
  const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <>{ui()}</> });
  const any = createRoute({ getParentRoute: () => root, path: '$', component: () => <p>elsewhere</p> });
  const router = createRouter({
    routeTree: root.addChildren([index, any]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  });
  return { router, ...render(<RouterProvider router={router} />) };
}
