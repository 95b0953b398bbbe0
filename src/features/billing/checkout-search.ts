import * as v from 'valibot';

/** The search of a page the checkout sends the browser back to (?checkout=success&session_id=…). */
export const checkoutReturnSearch = v.object({
  checkout: v.optional(v.fallback(v.string(), '')),
  session_id: v.optional(v.fallback(v.string(), '')),
});
