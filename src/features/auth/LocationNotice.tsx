import { useRouterState } from '@tanstack/react-router';
import { Notice } from './Fields';

/** A one-time message handed over by navigation state, e.g. 'Account successfully deleted' on /. */
export function LocationNotice() {
  const message = useRouterState({ select: (s) => s.location.state.message ?? null });
  return <Notice>{message}</Notice>;
}
