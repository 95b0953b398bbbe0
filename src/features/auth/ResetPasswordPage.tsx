import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { resetPasswordMachine } from '../../flows/auth/reset-password.machine';
import { resetPasswordFlow } from '../../flows/auth/auth.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as styles from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import * as auth from './auth.css';
import {
  ErrorBanner,
  Notice,
  PasswordPair,
  SubmitButton,
  useFormError,
  valueOf,
} from '../../components/ui/form/fields';

/** /reset-password/$token (RESET-3 to RESET-8). */
export function ResetPasswordPage({
  token,
  logic = resetPasswordFlow,
}: {
  token: string;
  logic?: Flow<typeof resetPasswordMachine>;
}) {
  const actor = useFlow(logic, { input: { token } });
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => s.context.message);
  const loggingIn = useSelector(actor, (s) => s.hasTag('loggingIn'));
  const busy = useSelector(actor, (s) => s.hasTag('loggingIn') || s.hasTag('submitting'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'reset.submit', newPassword: '', confirmPassword: '' }));

  const { bannerId, errorId } = useFormError(error);

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
      <section className={`${card.padded} ${styles.authCard} ${auth.stack}`}>
        <h1 className={page.title}>Reset Password</h1>
        <Notice>{message}</Notice>
        <form className={styles.form} onSubmit={onSubmit}>
          <ErrorBanner id={bannerId}>{error}</ErrorBanner>
          <PasswordPair errorId={errorId} />
          <SubmitButton
            label="Reset Password"
            busyLabel={loggingIn ? 'Logging In...' : 'Resetting Password...'}
            busy={busy}
            disabled={!canSubmit}
          />
        </form>
      </section>
    </div>
  );
}
