/**
 * The address's search of the compare page (COMPARE-1): `?ids=a,b[,c,d]`, validated by the route as My creations'
 * search is (src/features/creations/creations-search.ts): a value of another shape reads as none, which the flow
 * refuses with its reason.
 */
import * as v from 'valibot';

// An id of digits reads as a number in the address: it is still an id.
const text = v.optional(v.fallback(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), ''), '');

export const compareSearchSchema = v.object({ ids: text });
export type CompareSearch = v.InferOutput<typeof compareSearchSchema>;

/** The route's search options. */
export const compareSearch = { validateSearch: compareSearchSchema };
