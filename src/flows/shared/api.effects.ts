/**
 * The API as the app's effects call it: the session owns the token (its context), so every
 * authenticated call reads it from the session at the moment it is made, and a 401 on such a call
 * tells the session (`auth.expired`) instead of leaving the app half signed in. Nothing here reads
 * the browser's storage: only the session's effects do (token-storage.ts).
 */
import type { ApiCredentials } from '../../api/client';
import type { Endpoints } from '../../api/endpoints';
import { systemIds } from './system-ids';
import type { SessionActor } from '../session/session.effects';

/** The credentials of the session living in `system` (the app's, a test's or the viewer's). */
export function sessionCredentials(system: { get: (systemId: string) => unknown }): ApiCredentials {
  const session = (): SessionActor | undefined => system.get(systemIds.session) as SessionActor | undefined;
  return {
    getToken: () => session()?.getSnapshot().context.token ?? null,
    onUnauthorized: (token) => session()?.send({ type: 'auth.expired', token }),
  };
}

/**
 * The endpoints with these credentials. The API client (ofetch, valibot schemas) loads with the
 * first call, not with the first paint.
 */
export async function loadEndpoints(credentials: ApiCredentials): Promise<Endpoints> {
  const [{ createApiClient }, { createEndpoints }] = await Promise.all([
    import('../../api/client'),
    import('../../api/endpoints'),
  ]);
  return createEndpoints(createApiClient(credentials));
}
