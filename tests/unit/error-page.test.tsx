import { describe, expect, it, vi } from 'vitest';
import {
  RouterProvider,
  createMemoryHistory,
  createRootRoute,
  createRoute,
  createRouter,
} from '@tanstack/react-router';
import { render, screen } from '@testing-library/react';
import { Route as RootRoute } from '../../src/routes/__root';

describe('root error and not-found pages', () => {
  it("NAV-7: renders 'Unexpected Application Error!' with a way home when a route throws", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const root = createRootRoute({ errorComponent: RootRoute.options.errorComponent! });
    const broken = createRoute({
      getParentRoute: () => root,
      path: '/',
      component: () => {
        throw new Error('boom');
      },
    });
    const router = createRouter({
      routeTree: root.addChildren([broken]),
      history: createMemoryHistory({ initialEntries: ['/'] }),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Unexpected Application Error!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
  });

  it('renders the not-found page for an unknown path', async () => {
    const root = createRootRoute({ notFoundComponent: RootRoute.options.notFoundComponent! });
    const index = createRoute({ getParentRoute: () => root, path: '/', component: () => <p>home</p> });
    const router = createRouter({
      routeTree: root.addChildren([index]),
      history: createMemoryHistory({ initialEntries: ['/missing'] }),
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
