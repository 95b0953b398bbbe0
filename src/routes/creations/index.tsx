import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { CreationsPage } from '../../features/creations/CreationsPage';

export const Route = createFileRoute('/creations/')({
  // Signed in only: visitors go to / once the startup check has ended.
  beforeLoad: async ({ context }) => {
    const snapshot = await waitFor(context.session, (s) => !s.hasTag('loading'));
    if (!snapshot.hasTag('signedIn')) throw redirect({ to: '/' });
  },
  component: () => <CreationsPage />,
});
