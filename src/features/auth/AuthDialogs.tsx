import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useSession } from '../../app/provider';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import * as styles from '../../components/ui/form/form.css';
import * as auth from './auth.css';
import { SessionForm } from './SessionForm';

export const VERIFY_HINT = 'Please check your email to verify your account before signing in.';

/** The login dialog (AUTH-8) with its registration mode; opened by every guarded action. */
export function LoginDialog() {
  const session = useSession();
  const open = useSelector(session, (s) => s.context.dialog.open && !s.hasTag('signedIn'));
  const mode = useSelector(session, (s) => s.context.dialog.mode);
  const close = () => session.send({ type: 'auth.dialog.close' });

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : close())}>
      <DialogContent title={mode === 'login' ? 'Sign In' : 'Create Account'}>
        {mode === 'login' ? (
          <>
            <SessionForm mode="login" source="dialog" />
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
            <SessionForm mode="register" source="dialog" />
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
  // AUTH-9: a success message plus the hint, each said once. The title is the success message; the
  // server's answer repeats both ('Registration successful. Please check your email…'), so it is not shown.
  return (
    <Dialog open={open} onOpenChange={(next) => (next ? undefined : session.send({ type: 'auth.register.dismiss' }))}>
      <DialogContent title="Registration successful">
        <div className={styles.form}>
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
