import { createFileRoute } from '@tanstack/react-router';
import { signedInOnly } from '../app/signed-in-only';
import { SettingsPage } from '../features/account/SettingsPage';

export const Route = createFileRoute('/settings')({
  // Visitors are redirected to / (NAV-6); wait for the startup check instead of guessing.
  beforeLoad: signedInOnly,
  component: () => <SettingsPage />,
});
