import { searchTools, type Category, type Tool } from '../../catalog';
import type { CatalogSearch } from './search-schema';

export { chipLabels, catalogSearchSchema, type CatalogSearch, type Chip } from './search-schema';

/** Cards shown for a search text and a chip: the chip narrows the category, the text matches title or description. */
export function visibleTools(list: readonly Tool[], search: CatalogSearch): Tool[] {
  const inChip = search.category === 'All' ? list : list.filter((t) => t.category === (search.category as Category));
  return searchTools(inChip, search.q);
}
