import { useEffect } from 'react';
import { useRouterState } from '@tanstack/react-router';
import { useSession } from '../../app/session-hooks';
import { Notice } from './Fields';
import * as styles from './LocationNotice.css';

/**
 * Where the server's checkout sends the browser back after payment: packs to /, plans to
 * /settings, both with ?checkout=success (server/routes/payments.ts).
 */
export const checkoutSuccessNotices: Readonly<Record<string, string>> = {
  '/': 'Payment successful. Your credits have been added.',
  '/settings': 'Your subscription is active.',
};

export function checkoutNotice(pathname: string, search: unknown): string | null {
  const status = typeof search === 'object' && search !== null ? (search as { checkout?: unknown }).checkout : null;
  return status === 'success' ? (checkoutSuccessNotices[pathname] ?? null) : null;
}

/**
 * A one-time message handed over by navigation state, e.g. 'Account successfully deleted' on /,
 * or the notice of a paid checkout.
 */
export function LocationNotice() {
  const message = useRouterState({ select: (s) => s.location.state.message ?? null });
  const paid = useRouterState({ select: (s) => checkoutNotice(s.location.pathname, s.location.search) });
  const session = useSession();
  useEffect(() => {
    // The payment changed the balance or the plan on the server: reload the user for the badges.
    if (paid) session.send({ type: 'user.refresh' });
  }, [paid, session]);
  const text = message ?? paid;
  return text ? (
    <div className={styles.root}>
      <Notice>{text}</Notice>
    </div>
  ) : null;
}
