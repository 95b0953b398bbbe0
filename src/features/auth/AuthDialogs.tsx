import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useSession } from '../../app/session-hooks';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import * as styles from '../../components/ui/form/form.css';
import * as auth from './auth.css';
import { LoginForm } from './LoginForm';
import { RegisterForm } from './RegisterForm';

export const VERIFY_HINT = 'Please check your email to verify your account before signing in.';

/** The login dialog (spec §2) with its registration mode; opened by every guarded action. */
export function LoginDialog() {
  const session = useSession();
  const open = useSelector(session, (s) => s.context.dialog.open && !s.matches('signedIn'));
  const mode = useSelector(session, (s) => s.context.dialog.mode);
  const close = () => session.send({ type: 'auth.dialog.close' });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent title={mode === 'login' ? 'Sign In' : 'Create Account'}>
        {mode === 'login' ? (
          <>
            <LoginForm source="dialog" />
            <div className={styles.links}>
              <Link to="/forgot-password" className={styles.link} onClick={close}>
                Forgot Password?
              </Link>
              <button
                type="button"
                className={styles.link}
                onClick={() => session.send({ type: 'auth.dialog.mode', mode: 'register' })}
              >
                Don&apos;t have an account? Register
              </button>
            </div>
          </>
        ) : (
          <>
            <RegisterForm source="dialog" />
            <div className={styles.links}>
              <button
                type="button"
                className={styles.link}
                onClick={() => session.send({ type: 'auth.dialog.mode', mode: 'login' })}
              >
                Already have an account? Sign In
              </button>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The separate register dialog: the success message and the verification hint; closes after 5 s. */
export function RegisterNoticeDialog() {
  const session = useSession();
  const open = useSelector(session, (s) => s.hasTag('registered'));
  const message = useSelector(session, (s) => s.context.registerMessage);
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : session.send({ type: 'auth.register.dismiss' }))}>
      <DialogContent title="Registration successful">
        <div role="status" className={styles.form}>
          <p className={auth.text}>{message}</p>
          <p className={auth.text}>{VERIFY_HINT}</p>
        </div>
      </DialogContent>
    </Dialog>
  );
}

/** Both dialogs, as the root loads them on demand. */
export default function AuthDialogs() {
  return (
    <>
      <LoginDialog />
      <RegisterNoticeDialog />
    </>
  );
}
