/**
 * What every route receives through the router context. Empty for now: the session work adds the
 * session actor here (style.md: `createRootRouteWithContext<{ session }>()`).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface RouterContext {}
