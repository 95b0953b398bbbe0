import { Suspense, lazy } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useHydrated } from '../../app/provider';
import { hasDraft } from '../../flows/tools/draft';

const DraftNotice = lazy(() => import('./DraftNotice'));

/** Where signing in, registering or verifying the email leads (AUTH-4, AUTH-5, VERIFY-2). */
const destinations = (path: string) => path === '/' || path === '/subscribe' || path.startsWith('/verify-email');

/**
 * TOOL-48: the place of 'Back to {tool}' on the destination pages. The first load holds only this check of
 * the tab's storage; the notice, which reads and validates the draft, is its own chunk.
 */
export function DraftNoticeSlot() {
  const path = useRouterState({ select: (s) => s.location.pathname });
  const hydrated = useHydrated();
  if (!hydrated || !destinations(path) || !hasDraft()) return null;
  return (
    <Suspense fallback={null}>
      <DraftNotice key={path} />
    </Suspense>
  );
}
