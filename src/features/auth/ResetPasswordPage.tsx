import type { FormEvent } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { resetPasswordLogic } from '../../app/flows';
import * as buttons from '../../components/ui/button/button.css';
import * as styles from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import * as auth from './auth.css';
import { ErrorBanner, Field, Notice, valueOf } from './Fields';

/** /reset-password/$token (spec §2, §4 Reset password). */
export function ResetPasswordPage({
  token,
  logic = resetPasswordLogic,
}: {
  token: string;
  logic?: typeof resetPasswordLogic;
}) {
  const actor = useActorRef(logic, { input: { token } });
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);
  const label = useSelector(actor, (s) =>
    s.hasTag('loggingIn') ? 'Logging In...' : s.matches('submitting') ? 'Resetting Password...' : 'Reset Password',
  );
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'reset.submit', newPassword: '', confirmPassword: '' }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    actor.send({
      type: 'reset.submit',
      newPassword: valueOf(form, 'newPassword'),
      confirmPassword: valueOf(form, 'confirmPassword'),
    });
  };

  return (
    <div className={auth.page}>
      <section className={`${page.card} ${styles.authCard} ${auth.stack}`}>
        <h1 className={page.title}>Reset Password</h1>
        <Notice>{message}</Notice>
        <form className={styles.form} onSubmit={onSubmit}>
          <ErrorBanner>{error}</ErrorBanner>
          <Field label="New Password" name="newPassword" type="password" />
          <Field label="Confirm New Password" name="confirmPassword" type="password" />
          <button type="submit" className={`${buttons.button.primary} ${buttons.block}`} disabled={!canSubmit}>
            {label}
          </button>
        </form>
      </section>
    </div>
  );
}
