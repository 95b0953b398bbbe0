import { createRouter, type RouterHistory } from '@tanstack/react-router';
import type { AppNavigateParams } from './app.machine';
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

/**
 * The app's navigation effect on a router (the root actor's `navigate`): a one-time message goes in the
 * history state, `replace` takes the place of the current entry, and the search is dropped ('.' is the
 * current page: a flow clears its address with `{ to: '.', replace: true }`).
 */
export function navigateWith(router: { navigate: (options: never) => unknown }) {
  return ({ to, message, replace }: AppNavigateParams): void =>
    void router.navigate({ to, ...(message ? { state: { message } } : {}), ...(replace ? { replace } : {}) } as never);
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
