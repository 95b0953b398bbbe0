import * as v from 'valibot';

const path = v.optional(v.fallback(v.pipe(v.string(), v.maxLength(300)), ''));

/**
 * `/flows/session?state=signedOut.form.idle&fold=signedIn&focus=reading`: the state a review points at (its path
 * below the root), the compound states drawn closed (comma-separated paths; `-` for none, absent for the
 * machine's own choice) and the state whose transitions are highlighted. `path=session.reading#0,…`: the
 * transitions of a path the path tests walked (the chart's transition ids, comma-separated; their report
 * links each path here), highlighted with the states they leave and enter.
 */
export const flowsSearchSchema = v.object({
  state: path,
  fold: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(2000)), '')),
  focus: path,
  path: v.optional(v.fallback(v.pipe(v.string(), v.maxLength(8000)), '')),
});
export type FlowsSearch = v.InferOutput<typeof flowsSearchSchema>;
