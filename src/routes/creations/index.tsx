import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { CreationsPage } from '../../features/creations/CreationsPage';
import { creationsSearch } from '../../features/creations/creations-search';

export const Route = createFileRoute('/creations/')({
  // CREATIONS-9: the search and filters live in the address, validated here; Back and Forward restore them.
  ...creationsSearch,
  // Signed in only: visitors go to / once the startup check has ended.
  beforeLoad: async ({ context }) => {
    const snapshot = await waitFor(context.session, (s) => !s.hasTag('loading'));
    if (!snapshot.hasTag('signedIn')) throw redirect({ to: '/' });
  },
  component: CreationsRoute,
});

function CreationsRoute() {
  return <CreationsPage search={Route.useSearch()} />;
}
