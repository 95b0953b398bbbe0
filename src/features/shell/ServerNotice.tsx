import { useSelector } from '@xstate/react';
import { isRetrying } from '../../flows/session/session.machine';
import { useHydrated, useSession } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import { Notice } from '../../components/ui/form/notice';
import * as styles from './ServerNotice.css';

/**
 * The startup check got no answer (or a server error): the saved token is kept and the visitor
 * sees the signed-out shell with this notice; Retry runs the check again.
 */
export function ServerNotice() {
  const session = useSession();
  const unreachable = useSelector(session, (s) => s.hasTag('unreachable'));
  const retrying = useSelector(session, isRetrying);
  const hydrated = useHydrated();
  if (!hydrated || (!unreachable && !retrying)) return null;
  return (
    <div className={styles.root}>
      <Notice>
        <span>The server could not be reached, so you are shown signed out.</span>{' '}
        <button
          type="button"
          className={`${buttons.button.ghost} ${buttons.small}`}
          disabled={retrying}
          onClick={() => session.send({ type: 'session.retry' })}
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      </Notice>
    </div>
  );
}
