/**
 * The address's search of My creations (CREATIONS-9): q, tool, status, from, to, starred, collection (COLLECT-7). The route validates it
 * (`validateSearch`), the page reads it with the route's `useSearch` and writes it with `navigate`, so Back
 * and Forward bring a search and its filters back. A value of another shape is dropped; the server checks
 * the rest (a bad date answers 400 with its message).
 */
import { stripSearchParams } from '@tanstack/react-router';
import * as v from 'valibot';

// A search of digits reads as a number in the address (?q=2026): it is still words of the prompt.
const text = v.optional(v.fallback(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), ''), '');

// COLLECT-7: starred=1 (a number in the address, so it reads ?starred=1); anything else is not set (0).
const flag = v.optional(
  v.fallback(
    v.pipe(
      v.union([v.string(), v.number()]),
      v.transform((x) => (String(x) === '1' ? 1 : 0)),
    ),
    0,
  ),
  0,
);

export const creationsSearchSchema = v.object({
  q: text,
  tool: text,
  status: text,
  from: text,
  to: text,
  // COLLECT-7: starred=1 and collection=<id>, kept like the other filters.
  starred: flag,
  collection: text,
});
export type CreationsSearch = v.InferOutput<typeof creationsSearchSchema>;

/** The route's search options: the filters not set stay out of the address (/creations is /creations). */
export const creationsSearch = {
  validateSearch: creationsSearchSchema,
  search: {
    middlewares: [
      stripSearchParams<CreationsSearch>({
        q: '',
        tool: '',
        status: '',
        from: '',
        to: '',
        starred: 0,
        collection: '',
      }),
    ],
  },
};
