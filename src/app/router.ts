import { createRouter, type RouterHistory } from '@tanstack/react-router';
import { routeTree } from '../routeTree.gen';
import type { RouterContext } from './router-context';

/** The app's router; the build's prerender gives it a memory history of the page it renders. */
export function makeRouter(context: RouterContext, history?: RouterHistory) {
  return createRouter({
    routeTree,
    context,
    defaultPreload: 'intent',
    // Scroll restoration is the browser's business: a prerendered page carries no restoring script.
    scrollRestoration: history === undefined,
    ...(history ? { history } : {}),
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof makeRouter>;
  }
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** A one-time notice for the destination page, e.g. 'Account successfully deleted' on /. */
    message?: string;
  }
}
