import * as v from 'valibot';

/**
 * The address's search of My creations (CREATIONS-9): q, tool, status, from, to. A value of the wrong
 * shape is dropped here; the server checks the rest (a bad date answers 400 with its message).
 */
// A search of digits reads as a number in the address (?q=2026): it is still words of the prompt.
const text = v.optional(v.fallback(v.pipe(v.union([v.string(), v.number()]), v.transform(String)), ''));
export const creationsSearchSchema = v.object({ q: text, tool: text, status: text, from: text, to: text });
export type CreationsSearch = v.InferOutput<typeof creationsSearchSchema>;
