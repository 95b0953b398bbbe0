import { useCurrentUser } from '../../app/provider';
import { CatalogPage } from './CatalogPage';
import type { CatalogSearch } from './search-schema';

/** What CatalogRoute needs of its route: `/` and `/all-tools` both pass their own `Route`. */
export interface CatalogRouteApi {
  useSearch: () => CatalogSearch;
  useNavigate: () => (options: { search: CatalogSearch; replace: boolean }) => Promise<void>;
}

/** The all-tools screen of `/` and `/all-tools` (one component, two paths; NAV-8). */
export function CatalogRoute({ route }: { route: CatalogRouteApi }) {
  const search = route.useSearch();
  const navigate = route.useNavigate();
  return (
    <CatalogPage
      user={useCurrentUser()}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
