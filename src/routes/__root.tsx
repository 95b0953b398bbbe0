import { Suspense, lazy } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDocumentHead } from '../app/document-head';
import type { RouterContext } from '../app/router-context';
import { DraftNoticeSlot } from '../features/auth/DraftNoticeSlot';
import { LocationNotice } from '../features/auth/LocationNotice';
import { AppShell } from '../features/shell/AppShell';
import { ServerNotice } from '../features/shell/ServerNotice';
import { ErrorPage, NotFoundPage } from '../features/shell/StatusPages';

// Radix Dialog is only needed once a dialog opens: keep it out of the first load.
const AuthDialogs = lazy(() => import('../features/auth/AuthDialogs'));
// The runs tray (RUNS-7): its own chunk, requested once someone is signed in (after the first paint).
const RunsTray = lazy(() => import('../features/runs/RunsTray'));
const tray = (part: 'button' | 'notices') => (
  <Suspense fallback={null}>
    <RunsTray part={part} />
  </Suspense>
);

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { session } = Route.useRouteContext();
  useDocumentHead();
  // The shell and public content render at once (the build prerenders them); AUTH-1's rule that nothing
  // shows until the startup check ends holds for what depends on the session: the account areas show
  // placeholders until useSessionKnown(), and signed-in pages wait for the check in their beforeLoad.
  const dialogs = useSelector(session, (s) => s.context.dialog.open || s.hasTag('registered'));
  return (
    <AppShell tray={tray}>
      <ServerNotice />
      <LocationNotice />
      <DraftNoticeSlot />
      <Outlet />
      {dialogs ? (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
