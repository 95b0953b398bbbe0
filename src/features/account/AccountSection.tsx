import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { changeEmailLogic } from '../../app/flows';
import * as buttons from '../../components/ui/button/button.css';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { ErrorBanner, Field, Notice, valueOf } from '../auth/Fields';
import * as styles from './settings.css';

/** Account Information: the email and Change Email (new email + current password). */
export function AccountSection({
  email,
  logic = changeEmailLogic,
}: {
  email: string;
  logic?: typeof changeEmailLogic;
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
      type: 'email.submit',
      newEmail: valueOf(form, 'newEmail'),
      currentPassword: valueOf(form, 'currentPassword'),
    });
  };

  return (
    <section className={`${page.card} ${styles.section}`} aria-labelledby="account-title">
      <h2 id="account-title" className={page.sectionTitle}>
        Account Information
      </h2>
      <div className={styles.row}>
        <span className={styles.term}>Email</span>
        <span className={styles.value}>{email}</span>
      </div>
      <Notice>{success}</Notice>
      {editing ? (
        <form className={forms.form} onSubmit={onSubmit}>
          <ErrorBanner>{error}</ErrorBanner>
          <Field label="New Email" name="newEmail" type="email" />
          <Field label="Current Password" name="currentPassword" type="password" />
          <div className={forms.actions}>
            <button type="submit" className={buttons.button.primary} disabled={busy}>
              {busy ? 'Updating...' : 'Update Email'}
            </button>
            <button
              type="button"
              className={buttons.button.ghost}
              disabled={busy}
              onClick={() => actor.send({ type: 'email.cancel' })}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div className={forms.actions}>
          <button type="button" className={buttons.button.secondary} onClick={() => actor.send({ type: 'email.open' })}>
            Change Email
          </button>
        </div>
      )}
    </section>
  );
}
