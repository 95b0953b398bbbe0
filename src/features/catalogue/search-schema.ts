import { stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';

// Kept apart from the filtering code: route options are in the first load, the catalogue data is not.
export const chipLabels = ['All', 'Image', 'Video', 'Text', '3D', 'Audio'] as const;
export type Chip = (typeof chipLabels)[number];

/** The all-tools search params: a bad or missing value falls back instead of failing the route. */
export const catalogSearchSchema = v.object({
  q: v.optional(v.fallback(v.string(), ''), ''),
  category: v.optional(v.fallback(v.picklist(chipLabels), 'All'), 'All'),
});
export type CatalogSearch = v.InferOutput<typeof catalogSearchSchema>;

/**
 * The search options of `/` and `/all-tools`: the defaults stay out of the address, so `/` is `/` (not
 * `/?q=&category=All`) for the router's canonical location, links, and the page the build prerenders.
 */
export const catalogSearch = {
  validateSearch: catalogSearchSchema,
  search: { middlewares: [stripSearchParams<CatalogSearch>({ q: '', category: 'All' })] },
};
