/**
 * What the app sends each registered machine, and where it ignores those events on purpose.
 *
 * `sends` lists every event the views (src/features) and their glue (src/app) send to the machine's
 * actors; tests/flows/view-events.test.ts reads the code to check the list is complete. In every
 * state, each of these events is either handled (by the state or an ancestor) or ignored on purpose
 * below, with the reason a reviewer can check. Anything else fails that test: a view that could
 * send an event its state silently drops is a missing transition.
 */
export interface IgnoredEvents {
  /** State paths (dot-separated, from the root; '' is the whole machine); a path covers its descendants. */
  readonly states: readonly string[];
  readonly events: readonly string[];
  /** Why dropping them there is right. */
  readonly why: string;
}

export interface ViewEvents {
  readonly sends: readonly string[];
  readonly ignored: readonly IgnoredEvents[];
}

const sessionSends = [
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
] as const;

/** Settings' Change Email and Change Password sections: open, cancel and submit one small form. */
function editableSection(name: 'email' | 'password'): ViewEvents {
  const [open, cancel, submit] = [`${name}.open`, `${name}.cancel`, `${name}.submit`];
  return {
    sends: [open, cancel, submit],
    ignored: [
      { states: ['closed'], events: [cancel, submit], why: 'The form is not shown.' },
      { states: ['editing'], events: [open], why: 'The form is already open.' },
      {
        states: ['saving'],
        events: [open, cancel, submit],
        why: 'A save is in flight: the form is disabled until it answers.',
      },
    ],
  };
}

// The calls below are marked pure so a production build, which never reports dropped events
// (src/app/dropped-events.ts), leaves this table out of the first load.
export const viewEvents: Readonly<Record<string, ViewEvents>> = {
  session: {
    sends: sessionSends,
    ignored: [
      {
        states: ['reading', 'loadingUser.startup'],
        events: /* @__PURE__ */ sessionSends.filter((e) => !e.startsWith('auth.dialog') && e !== 'auth.token.received'),
        why: 'Until the startup check ends the app renders nothing (§4), so no view can send these yet.',
      },
      {
        states: ['loadingUser.signingIn', 'loadingUser.adopting'],
        events: [
          'auth.required',
          'auth.login.submit',
          'auth.register.submit',
          'auth.register.dismiss',
          'auth.logout',
          'credits.updated',
          'user.refresh',
          'user.updated',
          'account.deleted',
        ],
        why: 'A sign-in is being completed (the user is being loaded): the forms are busy and no account view is shown; the loaded user supersedes any refresh.',
      },
      {
        states: ['loadingUser.refreshing'],
        events: [
          'auth.required',
          'auth.login.submit',
          'auth.register.submit',
          'auth.register.dismiss',
          'auth.logout',
          'user.refresh',
        ],
        why: 'A signed-in refresh is already loading the user: a second refresh would repeat it, and the auth forms are not shown to a signed-in user.',
      },
      {
        states: ['loadingUser.signingIn', 'loadingUser.adopting', 'loadingUser.reconnecting', 'signedOut'],
        events: ['auth.expired'],
        why: 'A 401 of a call still in flight with a token the session has already dropped or replaced: only the current token expiring signs the user out.',
      },
      {
        states: [
          'loadingUser.signingIn',
          'loadingUser.adopting',
          'loadingUser.refreshing',
          'loadingUser.reconnecting',
          'signedIn',
          'signedOut.idle',
          'signedOut.loggingIn',
          'signedOut.registering',
          'signedOut.registered',
        ],
        events: ['session.retry'],
        why: 'Retry is shown only on the notice that the server could not be reached.',
      },
      {
        states: ['loadingUser.reconnecting'],
        events: [
          'auth.required',
          'auth.login.submit',
          'auth.register.submit',
          'auth.register.dismiss',
          'auth.logout',
          'credits.updated',
          'user.refresh',
          'user.updated',
          'account.deleted',
        ],
        why: 'Checking the server again after Retry: the forms are busy until it answers (at most the startup time-out), and nobody is signed in.',
      },
      {
        states: ['signedOut.unreachable'],
        events: ['auth.register.dismiss'],
        why: 'The register notice is not shown, so there is nothing to dismiss.',
      },
      {
        states: ['signedOut'],
        events: ['auth.logout', 'credits.updated', 'user.refresh', 'user.updated', 'account.deleted'],
        why: 'Nobody is signed in: there is no session to end, no balance or user to update.',
      },
      {
        states: ['signedOut.idle'],
        events: ['auth.register.dismiss'],
        why: 'The register notice is not shown, so there is nothing to dismiss.',
      },
      {
        states: ['signedOut.loggingIn', 'signedOut.registering'],
        events: ['auth.login.submit', 'auth.register.submit', 'auth.register.dismiss'],
        why: 'A request is in flight: the form is disabled until it answers.',
      },
      {
        states: ['signedOut.registered'],
        events: ['auth.register.submit', 'auth.login.submit'],
        why: 'The success notice is a modal dialog that replaces the register form and closes the login dialog: no form can be used until it closes, and closing it leaves the state.',
      },
      {
        states: ['signedIn'],
        events: ['auth.required', 'auth.login.submit', 'auth.register.submit', 'auth.register.dismiss'],
        why: 'Signed in: sign-in prompts and forms are not shown.',
      },
      {
        states: ['signedIn.loggingOut'],
        events: ['auth.logout', 'user.refresh'],
        why: 'Signing out already: a second logout or a refresh of the leaving user changes nothing.',
      },
    ],
  },
  theme: {
    sends: ['theme.select', 'session.signedIn', 'session.signedOut'],
    ignored: [
      {
        states: ['starting'],
        events: ['theme.select'],
        why: 'The stored theme is being applied before any view renders.',
      },
      {
        states: ['starting'],
        events: ['session.signedIn', 'session.signedOut'],
        why: "Read in the app's first tick: a visitor's session settles meanwhile (the theme starts as a visitor's anyway), and a sign-in needs the server's answer, which comes after (tests/unit/theme-startup.test.ts).",
      },
      { states: ['local'], events: ['session.signedOut'], why: 'Already following the stored theme of a visitor.' },
      { states: ['remote'], events: ['session.signedIn'], why: "Already following the signed-in user's theme." },
    ],
  },
  sidebar: {
    sends: ['sidebar.toggle', 'sidebar.open', 'sidebar.close', 'navigation.done', 'viewport.resized'],
    ignored: [
      {
        states: ['measuring'],
        events: ['sidebar.toggle', 'sidebar.open', 'sidebar.close', 'navigation.done', 'viewport.resized'],
        why: 'Transient: the layout is chosen from the first width before anything renders.',
      },
      {
        states: ['desktop'],
        events: ['sidebar.open', 'sidebar.close', 'navigation.done'],
        why: 'The drawer exists only on phones; on a wide screen the sidebar stays as the person set it while they navigate.',
      },
      {
        states: ['mobile'],
        events: ['sidebar.toggle'],
        why: 'The collapse toggle belongs to the wide sidebar, which a phone does not show; the drawer has its own open and close.',
      },
      { states: ['mobile.closed'], events: ['sidebar.close', 'navigation.done'], why: 'The drawer is already closed.' },
      { states: ['mobile.open'], events: ['sidebar.open'], why: 'The drawer is already open.' },
    ],
  },
  toolRun: {
    sends: [
      'tool.prompt',
      'tool.image',
      'tool.poseImage',
      'tool.fileRejected',
      'tool.aspect',
      'tool.size',
      'tool.param',
      'tool.generate',
      'tool.reset',
      'tool.balance',
    ],
    ignored: [
      {
        states: ['idle', 'error'],
        events: ['tool.reset'],
        why: "'Generate Another' is shown only with a result; a failed run keeps its form, and Generate tries again.",
      },
      {
        states: ['working'],
        events: [
          'tool.prompt',
          'tool.image',
          'tool.poseImage',
          'tool.fileRejected',
          'tool.aspect',
          'tool.size',
          'tool.param',
          'tool.generate',
          'tool.reset',
        ],
        why: 'A run is in progress: the form and its button are disabled until it ends.',
      },
      {
        states: ['result'],
        events: [
          'tool.prompt',
          'tool.image',
          'tool.poseImage',
          'tool.fileRejected',
          'tool.aspect',
          'tool.size',
          'tool.param',
          'tool.generate',
        ],
        why: "With a result shown the inputs and aspect buttons are disabled (§4); 'Generate Another' clears it first.",
      },
    ],
  },
  toolRequest: { sends: [], ignored: [] },
  creations: {
    sends: [
      'creations.more',
      'creations.filter',
      'creations.reload',
      'creations.delete',
      'creations.delete.confirm',
      'creations.delete.cancel',
    ],
    ignored: [
      {
        states: ['loading'],
        events: [
          'creations.more',
          'creations.reload',
          'creations.delete',
          'creations.delete.confirm',
          'creations.delete.cancel',
        ],
        why: 'The first page is loading: only the category chips are shown; the list, Load more, Try again and the confirmation are not.',
      },
      {
        states: ['ready'],
        events: ['creations.delete.confirm', 'creations.delete.cancel'],
        why: 'The confirmation is not open.',
      },
      {
        states: ['ready'],
        events: ['creations.reload'],
        why: 'Try again shows only after a failed first load; a list that is shown has no control that reloads it.',
      },
      {
        states: ['loadingMore'],
        events: [
          'creations.more',
          'creations.reload',
          'creations.delete',
          'creations.delete.confirm',
          'creations.delete.cancel',
        ],
        why: 'The next page is loading: Load more and the Delete buttons are disabled until it answers; Try again and the confirmation are not shown.',
      },
      {
        states: ['confirming'],
        events: ['creations.more', 'creations.filter', 'creations.reload', 'creations.delete'],
        why: 'The confirmation is a modal dialog: the page behind it cannot be used until it is answered.',
      },
      {
        states: ['deleting'],
        events: [
          'creations.more',
          'creations.filter',
          'creations.reload',
          'creations.delete',
          'creations.delete.confirm',
          'creations.delete.cancel',
        ],
        why: 'The delete is in flight: the dialog stays open with its buttons disabled until the server answers.',
      },
      {
        states: ['failed'],
        events: ['creations.more', 'creations.delete', 'creations.delete.confirm', 'creations.delete.cancel'],
        why: 'Loading failed: nothing is listed, only the chips and Try again are shown.',
      },
    ],
  },
  toolPoll: { sends: [], ignored: [] },
  toolProgress: { sends: [], ignored: [] },
  checkout: {
    sends: ['checkout.subscribe', 'checkout.buyPack', 'checkout.return'],
    ignored: [
      {
        states: ['idle'],
        events: ['checkout.return'],
        why: 'Nothing is being bought: a return from the payment page is handled by the page the buyer lands on.',
      },
      {
        states: ['processing', 'redirecting'],
        events: ['checkout.subscribe', 'checkout.buyPack'],
        why: 'One checkout at a time: the plan and pack buttons are disabled while one is processing.',
      },
      {
        states: ['processing'],
        events: ['checkout.return'],
        why: 'The browser has not left for the payment page yet, so it cannot come back from it.',
      },
    ],
  },
  checkoutReturn: {
    sends: ['checkout.return.check', 'checkout.return.dismiss'],
    ignored: [
      {
        states: ['arriving'],
        events: ['checkout.return.check', 'checkout.return.dismiss'],
        why: 'Left at once (eventless) for the state the address names, before anything is shown.',
      },
      {
        states: ['idle'],
        events: ['checkout.return.check', 'checkout.return.dismiss'],
        why: 'Not back from a checkout, or the notice was closed: nothing is shown, so there is no button.',
      },
      {
        states: ['confirming'],
        events: ['checkout.return.check', 'checkout.return.dismiss'],
        why: 'Already asking every poll interval; the waiting notice has no buttons until it is late.',
      },
      {
        states: ['late.checking'],
        events: ['checkout.return.check'],
        why: 'A check is in flight: "Check again" is disabled until it answers.',
      },
      {
        states: ['late'],
        events: ['checkout.return.dismiss'],
        why: 'The credits have not landed yet: the late notice stays until they do (it offers "Check again" only).',
      },
      {
        states: ['granted', 'cancelled'],
        events: ['checkout.return.check'],
        why: 'Nothing left to check: the notice offers only Dismiss.',
      },
    ],
  },
  creditHistory: {
    sends: ['history.more', 'history.retry'],
    ignored: [
      {
        states: ['loading', 'loadingMore'],
        events: ['history.more', 'history.retry'],
        why: 'A page is loading: "Show more" is disabled and there is no failure to retry.',
      },
      {
        states: ['ready'],
        events: ['history.retry'],
        why: 'The first page is shown: a failed further page is retried with "Show more".',
      },
      {
        states: ['failed'],
        events: ['history.more'],
        why: 'Nothing is shown to follow: the failure offers "Try again" only.',
      },
    ],
  },
  verifyEmail: {
    sends: ['verify.start'],
    ignored: [
      {
        states: ['verifying', 'success', 'expired', 'error'],
        events: ['verify.start'],
        why: 'A link is checked once per visit (a single-use token); the page starts it when it opens.',
      },
    ],
  },
  forgotPassword: {
    sends: ['forgot.submit'],
    ignored: [
      { states: ['sending'], events: ['forgot.submit'], why: 'A request is in flight: the button is disabled.' },
      { states: ['sent'], events: ['forgot.submit'], why: 'The confirmation replaces the form.' },
    ],
  },
  resetPassword: {
    sends: ['reset.submit'],
    ignored: [
      {
        states: ['submitting', 'success', 'loggingIn', 'loggedIn', 'loginFailed', 'done'],
        events: ['reset.submit'],
        why: 'The token is single-use: once submitted, the form is disabled and then replaced by the outcome.',
      },
    ],
  },
  changeEmail: /* @__PURE__ */ editableSection('email'),
  changePassword: /* @__PURE__ */ editableSection('password'),
  deleteAccount: {
    sends: ['account.delete', 'account.delete.cancel', 'account.delete.confirm'],
    ignored: [
      {
        states: ['idle'],
        events: ['account.delete.cancel', 'account.delete.confirm'],
        why: 'The confirmation is not open.',
      },
      { states: ['confirming'], events: ['account.delete'], why: 'The confirmation is already open.' },
      {
        states: ['deleting', 'deleted'],
        events: ['account.delete', 'account.delete.cancel', 'account.delete.confirm'],
        why: 'The deletion is under way or done: the buttons are disabled and the user is signed out.',
      },
    ],
  },
  cancelSubscription: {
    sends: ['subscription.cancel', 'subscription.cancel.confirm', 'subscription.cancel.dismiss'],
    ignored: [
      {
        states: ['idle'],
        events: ['subscription.cancel.confirm', 'subscription.cancel.dismiss'],
        why: 'The confirmation is not open.',
      },
      { states: ['confirming'], events: ['subscription.cancel'], why: 'The confirmation is already open.' },
      {
        states: ['cancelling', 'cancelled'],
        events: ['subscription.cancel', 'subscription.cancel.confirm', 'subscription.cancel.dismiss'],
        why: 'The cancellation is under way or done: the buttons are disabled, then the plan shows as cancelled.',
      },
    ],
  },
};

/** Whether a state path (or '' for the root) covers the leaf path `leaf`. */
export function covers(statePath: string, leaf: string): boolean {
  return statePath === '' || leaf === statePath || leaf.startsWith(`${statePath}.`);
}

/**
 * Whether the machine ignores `event` on purpose in a state whose active leaves are `leaves`: the
 * run-time report of dropped events (src/app/dropped-events.ts) stays quiet for these.
 */
export function ignoredOnPurpose(machineId: string, leaves: readonly string[], event: string): boolean {
  return (viewEvents[machineId]?.ignored ?? []).some(
    (i) => i.events.includes(event) && leaves.some((leaf) => i.states.some((s) => covers(s, leaf))),
  );
}
