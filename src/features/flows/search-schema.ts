import * as v from 'valibot';

const path = v.optional(v.fallback(v.pipe(v.string(), v.maxLength(300)), ''));

/**
 * `/flows/session?state=signedOut.idle&fold=signedIn&focus=reading`: the state a review points at (its path
 * below the root), the compound states drawn closed (comma-separated paths; `-` for none, absent for the
 * machine's own choice) and the state whose transitions are highlighted.
 */
export const flowsSearchSchema = v.object({
  state: path,
  fold: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(2000)), '')),
  focus: path,
});
export type FlowsSearch = v.InferOutput<typeof flowsSearchSchema>;
