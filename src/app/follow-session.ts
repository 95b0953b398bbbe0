/**
 * Tells a long-lived actor the session's sign-ins and sign-outs: the runs tray (RUNS-11) and the tool
 * pages' runs (RUNS-13) each say how (`tell`, which sends it `session.signedIn` or `session.signedOut`).
 * Those actors start after the session has settled (their views show later), so each is told first where
 * the session stands now, then of every change. `each`, when given, sees every settled snapshot besides
 * (the tool pages' runs take the balance from it).
 */
import { fromCallback } from 'xstate';
import { systemIds } from './app.machine';
import type { SessionActor } from './session';

type System = { get: (id: string) => unknown };
type SessionSnapshot = ReturnType<SessionActor['getSnapshot']>;

export const followSession = (
  tell: (system: System, signedIn: boolean) => void,
  each?: (system: System, snapshot: SessionSnapshot) => void,
) =>
  fromCallback(({ system }) => {
    const session = system.get(systemIds.session) as SessionActor;
    let signedIn: boolean | null = null;
    const follow = (snapshot: SessionSnapshot) => {
      if (snapshot.hasTag('loading')) return;
      const now = snapshot.hasTag('signedIn');
      if (now !== signedIn) tell(system, now);
      signedIn = now;
      each?.(system, snapshot);
    };
    follow(session.getSnapshot());
    const sub = session.subscribe(follow);
    return () => sub.unsubscribe();
  });
