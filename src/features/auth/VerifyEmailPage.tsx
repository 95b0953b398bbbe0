import { useEffect } from 'react';
import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { verifyOutcome, type verifyEmailMachine } from '../../flows/auth/verify-email.machine';
import { verifyEmailFlow } from '../../flows/auth/auth.effects';
import { useFlow, type Flow } from '../../app/provider';
import * as buttons from '../../components/ui/button/button.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import * as styles from '../../components/ui/form/form.css';
import * as auth from './auth.css';
import { ErrorBanner } from '../../components/ui/form/fields';

/** /verify-email/$token and /verify-email (VERIFY-1 to VERIFY-5). */
export function VerifyEmailPage({
  token,
  logic = verifyEmailFlow,
}: {
  token: string | null;
  logic?: Flow<typeof verifyEmailMachine>;
}) {
  const actor = useFlow(logic, { input: { token } });
  const state = useSelector(actor, verifyOutcome);
  const error = useSelector(actor, (s) => s.context.error);

  // The check starts once the page is shown; the machine ignores a second start.
  useEffect(() => actor.send({ type: 'verify.start' }), [actor]);

  return (
    <div className={auth.page}>
      <section className={`${card.padded} ${styles.authCard} ${auth.stack}`}>
        {state === 'checking' ? (
          <p role="status" className={auth.text}>
            Verifying your email...
          </p>
        ) : null}
        {state === 'signedIn' ? (
          <>
            <h1 className={page.title}>Email Verified Successfully!</h1>
            <p className={`${page.muted} ${auth.text}`}>You are signed in.</p>
            <Link to="/subscribe" className={buttons.button.primary}>
              Choose a plan
            </Link>
          </>
        ) : null}
        {state === 'success' ? (
          <>
            <h1 className={page.title}>Email Verified Successfully!</h1>
            <p className={`${page.muted} ${auth.text}`}>
              Sign in to continue — this link was opened in a different browser than the one you registered in.
            </p>
            <Link to="/login" className={buttons.button.primary}>
              Go to Login
            </Link>
          </>
        ) : null}
        {state === 'expired' ? (
          <>
            <h1 className={page.title}>Verification Link Expired</h1>
            <p className={`${page.muted} ${auth.text}`}>Log in to request a new verification link.</p>
            <Link to="/login" className={buttons.button.primary}>
              Back to Login
            </Link>
          </>
        ) : null}
        {state === 'error' ? (
          <>
            <h1 className={page.title}>Verification Failed</h1>
            <ErrorBanner>{error}</ErrorBanner>
            <p className={`${page.muted} ${auth.text}`}>Logging in sends you a new verification link.</p>
            <Link to="/login" className={buttons.button.primary}>
              Back to Login
            </Link>
          </>
        ) : null}
      </section>
    </div>
  );
}
