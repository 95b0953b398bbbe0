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
