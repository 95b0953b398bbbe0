import { createFileRoute } from '@tanstack/react-router';
import { CatalogRoute } from '../features/catalogue/CatalogRoute';
import { catalogSearch } from '../features/catalogue/search-schema';

// The same screen as /all-tools: one component, given this route's search.
export const Route = createFileRoute('/')({
  ...catalogSearch,
  component: () => <CatalogRoute route={Route} />,
});
