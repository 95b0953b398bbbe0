import type { SessionActor } from '../flows/session/session.effects';

/** What every route receives through the router context: the session actor. */
export interface RouterContext {
  session: SessionActor;
}
