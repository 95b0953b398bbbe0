import { createFileRoute, redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import { CreationsPage } from '../../features/creations/CreationsPage';

export const Route = createFileRoute('/creations/$id')({
  // Signed in only; the server answers 404 for a creation of someone else.
  beforeLoad: async ({ context }) => {
    const snapshot = await waitFor(context.session, (s) => !s.hasTag('loading'));
    if (!snapshot.hasTag('signedIn')) throw redirect({ to: '/' });
  },
  component: function CreationRoute() {
    const { id } = Route.useParams();
    // Keyed: another id starts its own flow.
    return <CreationsPage key={id} id={id} />;
  },
});
