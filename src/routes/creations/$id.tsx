import { createFileRoute } from '@tanstack/react-router';
import { signedInOnly } from '../../app/signed-in-only';
import { CreationsPage } from '../../features/creations/CreationsPage';

export const Route = createFileRoute('/creations/$id')({
  // Signed in only; the server answers 404 for a creation of someone else.
  beforeLoad: signedInOnly,
  component: function CreationRoute() {
    const { id } = Route.useParams();
    // Keyed: another id starts its own flow.
    return <CreationsPage key={id} id={id} />;
  },
});
