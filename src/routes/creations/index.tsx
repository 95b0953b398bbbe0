import { createFileRoute } from '@tanstack/react-router';
import { signedInOnly } from '../../app/signed-in-only';
import { CreationsPage } from '../../features/creations/CreationsPage';
import { creationsSearch } from '../../features/creations/creations-search';

export const Route = createFileRoute('/creations/')({
  // CREATIONS-9: the search and filters live in the address, validated here; Back and Forward restore them.
  ...creationsSearch,
  // Signed in only: visitors go to / once the startup check has ended.
  beforeLoad: signedInOnly,
  component: CreationsRoute,
});

function CreationsRoute() {
  return <CreationsPage search={Route.useSearch()} />;
}
