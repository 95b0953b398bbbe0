import type { FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { forgotPasswordMachine } from '../../flows/auth/forgot-password.machine';
import { forgotPasswordFlow } from '../../flows/auth/auth.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as styles from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import * as auth from './auth.css';
import { ErrorBanner, Field, Notice, SubmitButton, valueOf } from '../../components/ui/form/fields';

/** /forgot-password (RESET-1, RESET-2). */
export function ForgotPasswordPage({ logic = forgotPasswordFlow }: { logic?: Flow<typeof forgotPasswordMachine> }) {
  const actor = useFlow(logic);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => (s.hasTag('result') ? s.context.message : null));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'forgot.submit', email: 'x' }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'forgot.submit', email: valueOf(event.currentTarget, 'email') });
  };

  return (
    <div className={auth.page}>
      <section className={`${card.padded} ${styles.authCard} ${auth.stack}`}>
        <h1 className={page.title}>Reset Password</h1>
        <Notice>{message}</Notice>
        <form className={styles.form} onSubmit={onSubmit}>
          <ErrorBanner>{error}</ErrorBanner>
          <Field label="Email" name="email" type="email" />
          <SubmitButton label="Send Reset Link" busyLabel="Sending..." busy={busy} disabled={!canSubmit} />
        </form>
        <Link to="/login" className={styles.link}>
          Back to Login
        </Link>
      </section>
    </div>
  );
}
