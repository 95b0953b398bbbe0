import { redirect } from '@tanstack/react-router';
import { waitFor } from 'xstate';
import type { RouterContext } from './router-context';

/**
 * The `beforeLoad` of a signed-in-only page (Settings, My creations and its pages): once the startup
 * check has ended, a visitor goes to `/`. The server answers 404 for another account's items anyway.
 */
export async function signedInOnly({ context }: { context: RouterContext }): Promise<void> {
  const snapshot = await waitFor(context.session, (s) => !s.hasTag('loading'));
  if (!snapshot.hasTag('signedIn')) throw redirect({ to: '/' });
}
