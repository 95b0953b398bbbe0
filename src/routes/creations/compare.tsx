import { createFileRoute } from '@tanstack/react-router';
import { signedInOnly } from '../../app/signed-in-only';
import { ComparePage } from '../../features/compare/ComparePage';
import { compareSearch } from '../../features/compare/compare-search';

export const Route = createFileRoute('/creations/compare')({
  // COMPARE-1: the ids live in the address (?ids=a,b), validated here.
  ...compareSearch,
  // Signed in only; the server answers 404 for a creation of someone else (COMPARE-8).
  beforeLoad: signedInOnly,
  component: CompareRoute,
});

function CompareRoute() {
  const { ids } = Route.useSearch();
  // Keyed: other ids start their own flow.
  return <ComparePage key={ids} ids={ids} />;
}
