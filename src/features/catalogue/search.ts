import { searchTools, type ToolListing } from '../../catalog/listing';
import type { Category } from '../../catalog/tool-types';
import type { CatalogSearch } from './search-schema';

export { chipLabels, catalogSearchSchema, type CatalogSearch, type Chip } from './search-schema';

/** Cards shown for a search text and a chip: the chip narrows the category, the text matches title or description. */
export function visibleTools(list: readonly ToolListing[], search: CatalogSearch): ToolListing[] {
  const inChip = search.category === 'All' ? list : list.filter((t) => t.category === (search.category as Category));
  return searchTools(inChip, search.q);
}
