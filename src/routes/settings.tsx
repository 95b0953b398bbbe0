import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { SettingsPage } from '../features/account/SettingsPage';

export const Route = createFileRoute('/settings')({
  // Visitors are redirected to / (NAV-6); wait for the startup check instead of guessing.
  beforeLoad: async ({ context }) => {
    const snapshot = await waitFor(context.session, (s) => !s.hasTag('loading'));
    if (!snapshot.hasTag('signedIn')) throw redirect({ to: '/' });
  },
  component: () => <SettingsPage />,
});
