import type { FormEvent } from 'react';
import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { forgotPasswordLogic } from '../../app/flows';
import * as buttons from '../../components/ui/button/button.css';
import * as styles from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import * as auth from './auth.css';
import { ErrorBanner, Field, Notice, valueOf } from './Fields';

/** /forgot-password (spec §2 Account pages). */
export function ForgotPasswordPage({ logic = forgotPasswordLogic }: { logic?: typeof forgotPasswordLogic }) {
  const actor = useActorRef(logic);
  const error = useSelector(actor, (s) => s.context.error);
  const message = useSelector(actor, (s) => (s.matches('sent') ? s.context.message : null));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const canSubmit = useSelector(actor, (s) => s.can({ type: 'forgot.submit', email: 'x' }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    actor.send({ type: 'forgot.submit', email: valueOf(event.currentTarget, 'email') });
  };

  return (
    <div className={auth.page}>
      <section className={`${page.card} ${styles.authCard} ${auth.stack}`}>
        <h1 className={page.title}>Reset Password</h1>
        <Notice>{message}</Notice>
        <form className={styles.form} onSubmit={onSubmit}>
          <ErrorBanner>{error}</ErrorBanner>
          <Field label="Email" name="email" type="email" />
          <button type="submit" className={`${buttons.button.primary} ${buttons.block}`} disabled={!canSubmit}>
            {busy ? 'Sending...' : 'Send Reset Link'}
          </button>
        </form>
        <Link to="/login" className={styles.link}>
          Back to Login
        </Link>
      </section>
    </div>
  );
}
