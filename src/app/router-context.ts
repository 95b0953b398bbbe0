import type { SessionActor } from './session';

/** What every route receives through the router context (style.md: the session actor). */
export interface RouterContext {
  session: SessionActor;
}
