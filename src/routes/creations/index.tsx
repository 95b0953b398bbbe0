import { createFileRoute, redirect, useSearch } from '@tanstack/react-router';
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
 * CREATIONS-9: the search and filters live in the address. The page reads them (creations-search.ts) in its
 * own chunk, not through a validateSearch of the route, which the first load would carry.
 */
function CreationsRoute() {
  return <CreationsPage search={useSearch({ strict: false })} />;
}
