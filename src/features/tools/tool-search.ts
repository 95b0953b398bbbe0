/**
 * A tool page's search (CREATIONS-13, CREATIONS-14): `?settings=<creationId>` from a creation's 'Use these
 * settings', and `&seed=new` from its 'New seed'. Each tool route validates it (`validateSearch`); the page
 * reads it with the router's `useSearch` and drops it with `navigate` once the run has the settings.
 */
import { stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';

export const toolSearchSchema = v.object({
  settings: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(100)), ''), ''),
  seed: v.optional(v.fallback(v.picklist(['new', '']), ''), ''),
});
export type ToolSearch = v.InferOutput<typeof toolSearchSchema>;

/** The search options of every tool route: the unset values stay out of the address. */
export const toolSearch = {
  validateSearch: toolSearchSchema,
  search: { middlewares: [stripSearchParams<ToolSearch>({ settings: '', seed: '' })] },
};
