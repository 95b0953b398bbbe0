/**
 * The catalogue as its cards and search show it: what the first load of / needs of each tool. The
 * list itself (listing.gen.ts) is written by `npm run registries` from the tools' definitions, so the
 * home page does not carry every tool's run, parameters and page texts.
 */
import type { Category, Tool } from './tool-types';

export type ToolListing = Pick<Tool, 'key' | 'title' | 'description' | 'path' | 'category' | 'image' | 'cost'>;

export const categories: readonly Category[] = ['Image', 'Video', 'Text', '3D', 'Audio'];

export function listedInCategory<T extends ToolListing>(list: readonly T[], category: Category): T[] {
  return list.filter((t) => t.category === category);
}

/** Case-insensitive filter on title and description (CATALOG-2). */
export function searchTools<T extends ToolListing>(list: readonly T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter((t) => t.title.toLowerCase().includes(q) || t.description.toLowerCase().includes(q));
}
