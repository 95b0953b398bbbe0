import { createFileRoute } from '@tanstack/react-router';
import { signedInOnly } from '../../../app/signed-in-only';
import { CollectionPage } from '../../../features/creations/CollectionPage';

export const Route = createFileRoute('/creations/collections/$id')({
  // COLLECT-9: signed in only; a collection of someone else is answered like a missing one.
  beforeLoad: signedInOnly,
  component: function CollectionRoute() {
    const { id } = Route.useParams();
    // Keyed: another id starts its own flows.
    return <CollectionPage key={id} id={id} />;
  },
});
