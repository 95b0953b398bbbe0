import { createFileRoute } from '@tanstack/react-router';
import { useCurrentUser } from '../app/session-hooks';
import { CatalogPage } from '../features/catalogue/CatalogPage';
import { catalogSearchSchema } from '../features/catalogue/search-schema';

export const Route = createFileRoute('/')({
  validateSearch: catalogSearchSchema,
  component: AllToolsRoute,
});

function AllToolsRoute() {
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <CatalogPage
      user={useCurrentUser()}
      search={search}
      onSearchChange={(next) => void navigate({ search: next, replace: true })}
    />
  );
}
