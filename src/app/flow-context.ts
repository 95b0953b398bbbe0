/**
 * The context an app gives its flows (src/flows/shared/flow.effects.ts): the API with the session's token,
 * the session of its actor system, the root actor's navigation, the browser window and the delays a test
 * set on this page. `useFlow` (provider.tsx) builds a flow with it; tests replace parts of it.
 */
import { loadEndpoints, sessionCredentials } from '../flows/shared/api.effects';
import type { FlowContext } from '../flows/shared/flow.effects';
import { systemIds } from '../flows/shared/system-ids';
import type { SessionActor } from '../flows/session/session.effects';
import type { AppActor } from './create-app';
import { testDelays } from './test-hooks';

/** The session of an app's actor system. */
export const sessionOf = (app: AppActor): SessionActor => app.system.get(systemIds.session);

function needApp(app: AppActor | null): AppActor {
  if (!app) throw new Error('This flow needs an <AppProvider> around the view');
  return app;
}

/** The context of the flows started in `app` (read when an effect runs, not when the flow is made). */
export function flowContext(app: AppActor | null, replace: Partial<FlowContext> = {}): FlowContext {
  return {
    api: () => loadEndpoints(sessionCredentials(needApp(app).system)),
    session: () => sessionOf(needApp(app)),
    navigate: (params) => needApp(app).send({ type: 'app.navigate', ...params }),
    window: () => window,
    delays: testDelays,
    ...replace,
  };
}
