import * as v from 'valibot';

/** `/flows/session?state=signedOut.idle`: the state a review points at (its path below the root). */
export const flowsSearchSchema = v.object({
  state: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(300)), '')),
});
export type FlowsSearch = v.InferOutput<typeof flowsSearchSchema>;
