import * as v from 'valibot';
import { categories, searchTools, type Category, type Tool } from '../../catalog';

export const chipLabels = ['All', 'Image', 'Video', 'Text', '3D', 'Audio'] as const;
export type Chip = (typeof chipLabels)[number];

/** The all-tools search params: a bad or missing value falls back instead of failing the route. */
export const catalogSearchSchema = v.object({
  q: v.optional(v.fallback(v.string(), ''), ''),
  category: v.optional(v.fallback(v.picklist(chipLabels), 'All'), 'All'),
});
export type CatalogSearch = v.InferOutput<typeof catalogSearchSchema>;

/** Cards shown for a search text and a chip: the chip narrows the category, the text matches title or description. */
export function visibleTools(list: readonly Tool[], search: CatalogSearch): Tool[] {
  const inChip =
    search.category === 'All' ? list : list.filter((t) => t.category === (search.category as Category));
  return searchTools(inChip, search.q);
}

export const categorySlug: Record<Category, string> = {
  Image: 'image',
  Video: 'video',
  Text: 'text',
  '3D': '3d',
  Audio: 'audio',
};

export { categories };
