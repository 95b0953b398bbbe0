import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { CreationsPage } from '../../features/creations/CreationsPage';

export const Route = createFileRoute('/creations/')({
  // Signed in only: visitors go to / once the startup check has ended.
  beforeLoad: async ({ context }) => {
    const snapshot = await waitFor(context.session, (s) => !s.hasTag('loading'));
    if (!snapshot.hasTag('signedIn')) throw redirect({ to: '/' });
  },
  component: CreationsRoute,
});

/**
 * CREATIONS-9: the search and filters live in the address; the page reads it itself (creations-search.ts),
 * so the route adds nothing to the first load.
 */
function CreationsRoute() {
  return <CreationsPage fromAddress />;
}
