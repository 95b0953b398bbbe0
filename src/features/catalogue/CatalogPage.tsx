import { lazy, Suspense } from 'react';
import { toolListing } from '../../catalog/listing.gen';
import type { User } from '../../api/schemas';
import { icons } from '../../components/ui/icons/icons';
import { Hero } from './Hero';
import { ToolGrid } from './ToolGrid';
import { chipLabels, visibleTools, type CatalogSearch } from './search';
import * as styles from './CatalogPage.css';

// CATALOG-6: the signed-in person's recent creations, fetched (code and data) only once they are known.
const RecentCreations = lazy(() => import('./RecentCreations'));

export interface CatalogPageProps {
  user: User | null;
  search: CatalogSearch;
  onSearchChange: (next: CatalogSearch) => void;
}

/** The all-tools page (CATALOG-1 to CATALOG-4). Search text and chip live in the URL; the route passes them in. */
export function CatalogPage({ user, search, onSearchChange }: CatalogPageProps) {
  const shown = visibleTools(toolListing, search);
  return (
    <div className={styles.page}>
      <Hero user={user} />
      {user ? (
        <Suspense fallback={null}>
          <RecentCreations />
        </Suspense>
      ) : null}
      <div className={styles.toolbar}>
        <label className={styles.searchBox}>
          <span className={styles.searchIcon}>{icons.search}</span>
          <input
            type="search"
            className={styles.search}
            placeholder="Search AI tools..."
            aria-label="Search AI tools"
            value={search.q}
            onChange={(e) => onSearchChange({ ...search, q: e.target.value })}
          />
        </label>
        <div className={styles.chips} role="group" aria-label="Category">
          {chipLabels.map((chip) => (
            <button
              key={chip}
              type="button"
              className={styles.chip}
              aria-pressed={search.category === chip}
              onClick={() => onSearchChange({ ...search, category: chip })}
            >
              {chip}
            </button>
          ))}
        </div>
      </div>
      <ToolGrid tools={shown} />
    </div>
  );
}
