import type { User } from '../../api/schemas';

export type DialogMode = 'login' | 'register';
/** Which form sent the event: the dialog and the page have different fallback texts (AUTH-13, AUTH-14). */
export type FormSource = 'dialog' | 'page';

export interface SessionContext {
  token: string | null;
  user: User | null;
  dialog: { open: boolean; mode: DialogMode };
  source: FormSource;
  loginError: string | null;
  registerError: string | null;
  /** The register answer's message, shown by the register dialog for 5 s. */
  registerMessage: string | null;
  logoutError: string | null;
}

export type SessionEvent =
  | { type: 'auth.login.submit'; email: string; password: string; source: FormSource }
  | {
      type: 'auth.register.submit';
      email: string;
      password: string;
      confirmPassword: string;
      source: FormSource;
    }
  | { type: 'auth.register.dismiss' }
  | { type: 'auth.token.received'; token: string }
  /** A call made with `token` was refused (HTTP 401): the session it belongs to has expired. */
  | { type: 'auth.expired'; token: string }
  /** Run the startup check again after it got no answer. */
  | { type: 'session.retry' }
  | { type: 'auth.dialog.open'; mode: DialogMode }
  | { type: 'auth.dialog.close' }
  | { type: 'auth.dialog.mode'; mode: DialogMode }
  | { type: 'auth.required' }
  | { type: 'auth.logout' }
  | { type: 'credits.updated'; credits: number }
  | { type: 'user.refresh' }
  | { type: 'user.updated'; user: User }
  | { type: 'account.deleted' };

/** What the session tells whoever listens (`session.on('session.loggedOut', …)`). */
export type SessionEmitted = { type: 'session.loggedOut' };

export interface NavigateParams {
  to: string;
  /** Router state shown by the destination, e.g. 'Account successfully deleted' on /. */
  message?: string;
}

/** The session before the startup check: no token, no user, the login dialog closed. */
export const startingContext: SessionContext = {
  token: null,
  user: null,
  dialog: { open: false, mode: 'login' },
  source: 'dialog',
  loginError: null,
  registerError: null,
  registerMessage: null,
  logoutError: null,
};
