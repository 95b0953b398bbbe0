import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { FormSource } from '../../../machines/session/session.types';
import { useSession } from '../../app/session-hooks';
import * as buttons from '../../components/ui/button/button.css';
import * as styles from '../../components/ui/form/form.css';
import { ErrorBanner, Field, valueOf } from './Fields';

/** Email and Password; the session signs in and decides where to go. */
export function LoginForm({ source, submitLabel = 'Login' }: { source: FormSource; submitLabel?: string }) {
  const session = useSession();
  const error = useSelector(session, (s) => (s.context.source === source ? s.context.loginError : null));
  const busy = useSelector(
    session,
    (s) => s.matches({ signedOut: 'loggingIn' }) || s.matches({ signedOut: 'loadingUser' }),
  );
  const canSubmit = useSelector(session, (s) => s.can({ type: 'auth.login.submit', email: '', password: '', source }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    session.send({
      type: 'auth.login.submit',
      email: valueOf(form, 'email'),
      password: valueOf(form, 'password'),
      source,
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <ErrorBanner>{error}</ErrorBanner>
      <Field label="Email" name="email" type="email" />
      <Field label="Password" name="password" type="password" />
      <button type="submit" className={`${buttons.button.primary} ${buttons.block}`} disabled={!canSubmit}>
        {busy ? 'Logging In...' : submitLabel}
      </button>
    </form>
  );
}
