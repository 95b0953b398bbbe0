import { useRouterState } from '@tanstack/react-router';
import { Notice } from '../../components/ui/form/notice';
import * as styles from './LocationNotice.css';

/**
 * A one-time message handed over by navigation state, e.g. 'Account successfully deleted' on /.
 * (The return from a checkout is the checkout-return flow's, on /subscribe and /credits.)
 */
export function LocationNotice() {
  const message = useRouterState({ select: (s) => s.location.state.message ?? null });
  return message ? (
    <div className={styles.root}>
      <Notice>{message}</Notice>
    </div>
  ) : null;
}
