import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { changePasswordLogic } from '../../app/flows';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { ErrorBanner, Field, Notice, valueOf } from '../auth/Fields';
import { formatDate } from './format';
import * as styles from './settings.css';

/** Security: the last password change (or 'Never') and the simulated Change Password (spec §5). */
export function SecuritySection({
  lastPasswordChange,
  logic = changePasswordLogic,
}: {
  lastPasswordChange: string | null;
  logic?: typeof changePasswordLogic;
}) {
  const actor = useActorRef(logic);
  const editing = useSelector(actor, (s) => !s.matches('closed'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const success = useSelector(actor, (s) => s.context.success);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    actor.send({
      type: 'password.submit',
      newPassword: valueOf(form, 'newPassword'),
      confirmPassword: valueOf(form, 'confirmPassword'),
    });
  };

  return (
    <section className={`${page.card} ${styles.section}`} aria-labelledby="security-title">
      <h2 id="security-title" className={page.sectionTitle}>
        Security
      </h2>
      <div className={styles.row}>
        <span className={styles.term}>Password last changed</span>
        <span className={styles.value}>{formatDate(lastPasswordChange, 'Never')}</span>
      </div>
      <Notice>{success}</Notice>
      {editing ? (
        <form className={forms.form} onSubmit={onSubmit}>
          <ErrorBanner>{error}</ErrorBanner>
          <Field label="New Password" name="newPassword" type="password" />
          <Field label="Confirm New Password" name="confirmPassword" type="password" />
          <div className={forms.actions}>
            <button type="submit" className={buttons.button.primary} disabled={busy}>
              {busy ? 'Updating...' : 'Update Password'}
            </button>
            <button
              type="button"
              className={buttons.button.ghost}
              disabled={busy}
              onClick={() => actor.send({ type: 'password.cancel' })}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className={forms.actions}>
          <button
            type="button"
            className={buttons.button.secondary}
            onClick={() => actor.send({ type: 'password.open' })}
          >
            Change Password
          </button>
        </div>
      )}
    </section>
  );
}
