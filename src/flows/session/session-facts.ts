/**
 * What several states of the session show, and the reasons they share for ignoring events the app
 * sends (src/flows/shared/meta.ts); session.machine.ts puts them on its states, inside its `facts(...)` calls.
 */
export const sessionSends = [
  'auth.required',
  'auth.dialog.open',
  'auth.dialog.close',
  'auth.dialog.mode',
  'auth.login.submit',
  'auth.register.submit',
  'auth.register.dismiss',
  'auth.logout',
  'auth.token.received',
  'credits.updated',
  'user.refresh',
  'user.updated',
  'account.deleted',
  'auth.expired',
  'session.retry',
];

export const userRequested = { request: 'GET /api/auth/user' };
export const balance = { kind: 'balance', says: "signed in: the header shows the user's credit balance, no Sign In" };
export const visitor = {
  kind: 'visitor',
  says: "signed out: the header shows Sign In, or the open Sign In or Create Account dialog with the server's message",
};
export const loggingInButton = { role: 'button', name: 'Logging In...', state: 'disabled' } as const;
/** What the forms and account views send: ignored while the session is busy and nothing can send it. */
const busyEvents = [
  'auth.required',
  'auth.login.submit',
  'auth.register.submit',
  'auth.register.dismiss',
  'auth.logout',
  'credits.updated',
  'user.refresh',
  'user.updated',
  'account.deleted',
];
export const startupIgnores = {
  events: [...busyEvents, 'auth.expired', 'session.retry'],
  why: 'Until the startup check ends the app renders nothing (AUTH-1), so no view can send these yet.',
};
export const staleExpiry = {
  events: ['auth.expired'],
  why: 'A 401 of a call still in flight with a token the session has already dropped or replaced: only the current token expiring signs the user out.',
};
export const noRetry = {
  events: ['session.retry'],
  why: 'Retry is shown only on the notice that the server could not be reached.',
};
export const signingInIgnores = {
  events: busyEvents,
  why: 'A sign-in is being completed (the user is being loaded): the forms are busy and no account view is shown; the loaded user supersedes any refresh.',
};
export const noRegisterNotice = {
  events: ['auth.register.dismiss'],
  why: 'The register notice is not shown, so there is nothing to dismiss.',
};
export const formBusy = {
  events: ['auth.login.submit', 'auth.register.submit', 'auth.register.dismiss'],
  why: 'A request is in flight: the form is disabled until it answers.',
};
export const reconnectingIgnores = {
  events: busyEvents,
  why: 'Checking the server again after Retry: the forms are busy until it answers (at most the startup time-out), and nobody is signed in.',
};
