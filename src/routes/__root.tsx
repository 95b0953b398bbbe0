import { Suspense, lazy } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useDocumentHead } from '../app/document-head';
import type { RouterContext } from '../app/router-context';
import { LocationNotice } from '../features/auth/LocationNotice';
import { AppShell } from '../features/shell/AppShell';
import { ServerNotice } from '../features/shell/ServerNotice';
import { ErrorPage, NotFoundPage } from '../features/shell/StatusPages';

// Radix Dialog is only needed once a dialog opens: keep it out of the first load.
const AuthDialogs = lazy(() => import('../features/auth/AuthDialogs'));

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { session } = Route.useRouteContext();
  useDocumentHead();
  // Spec §4: until the startup check ends (or gives up after startupTimeout) the app renders nothing.
  const loading = useSelector(session, (s) => s.hasTag('loading'));
  const dialogs = useSelector(session, (s) => s.context.dialog.open || s.hasTag('registered'));
  if (loading) return null;
  return (
    <AppShell>
      <ServerNotice />
      <LocationNotice />
      <Outlet />
      {dialogs ? (
        <Suspense fallback={null}>
          <AuthDialogs />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
