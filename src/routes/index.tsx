import { createFileRoute } from '@tanstack/react-router';
import { CatalogRoute } from '../features/catalogue/CatalogRoute';
import { catalogSearchSchema } from '../features/catalogue/search-schema';

// The same screen as /all-tools: one component, given this route's search.
export const Route = createFileRoute('/')({
  validateSearch: catalogSearchSchema,
  component: () => <CatalogRoute route={Route} />,
});
