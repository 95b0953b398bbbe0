import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { FormSource } from '../../flows/session/session.types';
import { useSession } from '../../app/provider';
import { ErrorBanner, Field, PasswordPair, SubmitButton, useFormError, valueOf } from '../../components/ui/form/fields';
import * as styles from '../../components/ui/form/form.css';

/**
 * The session's two forms, on the page and in the dialog: Email and Password to sign in (the
 * session decides where to go), plus Confirm Password to register (the session checks the match).
 */
export function SessionForm({
  mode,
  source,
  submitLabel = mode === 'login' ? 'Login' : 'Register',
}: {
  mode: 'login' | 'register';
  source: FormSource;
  submitLabel?: string;
}) {
  const session = useSession();
  const error = useSelector(session, (s) =>
    s.context.source !== source ? null : mode === 'login' ? s.context.loginError : s.context.registerError,
  );
  const busy = useSelector(session, (s) => (mode === 'login' ? s.hasTag('loggingIn') : s.hasTag('registering')));
  const canSubmit = useSelector(session, (s) =>
    mode === 'login'
      ? s.can({ type: 'auth.login.submit', email: '', password: '', source })
      : s.can({ type: 'auth.register.submit', email: '', password: '', confirmPassword: '', source }),
  );

  const { bannerId, errorId } = useFormError(error);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const email = valueOf(form, 'email');
    const password = valueOf(form, 'password');
    session.send(
      mode === 'login'
        ? { type: 'auth.login.submit', email, password, source }
        : { type: 'auth.register.submit', email, password, confirmPassword: valueOf(form, 'confirmPassword'), source },
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <ErrorBanner id={bannerId}>{error}</ErrorBanner>
      <Field label="Email" name="email" type="email" errorId={errorId} />
      {mode === 'login' ? (
        <Field label="Password" name="password" type="password" errorId={errorId} />
      ) : (
        <PasswordPair label="Password" confirmLabel="Confirm Password" name="password" errorId={errorId} />
      )}
      <SubmitButton
        label={submitLabel}
        busyLabel={mode === 'login' ? 'Logging In...' : 'Registering...'}
        busy={busy}
        disabled={!canSubmit}
      />
    </form>
  );
}
