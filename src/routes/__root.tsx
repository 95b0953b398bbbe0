import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { RouterContext } from '../app/router-context';
import { LoginDialog, RegisterNoticeDialog } from '../features/auth/AuthDialogs';
import { LocationNotice } from '../features/auth/LocationNotice';
import { AppShell } from '../features/shell/AppShell';
import { ErrorPage, NotFoundPage } from '../features/shell/StatusPages';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

function RootLayout() {
  const { session } = Route.useRouteContext();
  // Spec §4: until the startup check ends the app renders nothing.
  const loading = useSelector(session, (s) => s.hasTag('loading'));
  if (loading) return null;
  return (
    <AppShell>
      <LocationNotice />
      <Outlet />
      <LoginDialog />
      <RegisterNoticeDialog />
    </AppShell>
  );
}
