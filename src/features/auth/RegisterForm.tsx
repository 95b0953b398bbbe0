import type { FormEvent } from 'react';
import { useSelector } from '@xstate/react';
import type { FormSource } from '../../../machines/session/session.types';
import { useSession } from '../../app/session-hooks';
import * as buttons from '../../components/ui/button/button.css';
import * as styles from '../../components/ui/form/form.css';
import { ErrorBanner, Field, valueOf } from './Fields';

/** Email, Password and Confirm Password; the session checks the match and registers. */
export function RegisterForm({ source }: { source: FormSource }) {
  const session = useSession();
  const error = useSelector(session, (s) => (s.context.source === source ? s.context.registerError : null));
  const busy = useSelector(session, (s) => s.matches({ signedOut: 'registering' }));
  const canSubmit = useSelector(session, (s) =>
    s.can({ type: 'auth.register.submit', email: '', password: '', confirmPassword: '', source }),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    session.send({
      type: 'auth.register.submit',
      email: valueOf(form, 'email'),
      password: valueOf(form, 'password'),
      confirmPassword: valueOf(form, 'confirmPassword'),
      source,
    });
  };

  return (
    <form className={styles.form} onSubmit={onSubmit}>
      <ErrorBanner>{error}</ErrorBanner>
      <Field label="Email" name="email" type="email" />
      <Field label="Password" name="password" type="password" />
      <Field label="Confirm Password" name="confirmPassword" type="password" />
      <button type="submit" className={`${buttons.button.primary} ${buttons.block}`} disabled={!canSubmit}>
        {busy ? 'Registering...' : 'Register'}
      </button>
    </form>
  );
}
