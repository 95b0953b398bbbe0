/** Email verification (VERIFY-1 to VERIFY-5): verifying, then success, expired or error; no token → error. */
import { assign, fromPromise, setup } from 'xstate';
import { detailsOf, isExpired, messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

export interface VerifyEmailContext {
  token: string | null;
  message: string | null;
  error: string | null;
}

export const verifyEmailMachine = setup({
  types: {
    context: {} as VerifyEmailContext,
    events: {} as { type: 'verify.start' },
    input: {} as { token: string | null | undefined },
  },
  actors: {
    verifyEmail: fromPromise<{ message: string; token?: string | undefined }, { token: string }>(async () =>
      notProvided('verifyEmail'),
    ),
  },
  actions: {
    /** AUTH-18: the answer carried a session token: the app's session takes it (and loads the user). */
    signIn: (_, _params: { token: string }) => {},
  },
  guards: {
    hasToken: ({ context }) => typeof context.token === 'string' && context.token !== '',
    linkExpired: (_, params: { error: unknown }) => isExpired(params.error),
  },
}).createMachine({
  id: 'verifyEmail',
  description: 'Verifying the email address from the emailed link and saying whether it worked.',
  meta: facts({ sends: ['verify.start'] }),
  context: ({ input }) => ({ token: input.token ?? null, message: null, error: null }),
  initial: 'idle',
  states: {
    idle: {
      description: 'The page has not started the check yet',
      on: {
        'verify.start': [
          { guard: 'hasToken', target: 'verifying' },
          { target: 'error', actions: assign({ error: 'No verification token provided' }) },
        ],
      },
    },
    verifying: {
      description: 'Verifying your email...',
      meta: facts({
        rules: ['VERIFY-1'],
        sees: [{ text: 'Verifying your email...' }],
        ignores: [
          {
            events: ['verify.start'],
            why: 'A link is checked once per visit (a single-use token); the page starts it when it opens.',
          },
        ],
      }),
      tags: ['busy'],
      invoke: {
        id: 'verifyEmail',
        src: 'verifyEmail',
        input: ({ context }) => ({ token: context.token ?? '' }),
        onDone: [
          {
            // AUTH-18: opened in the browser that registered: the answer signs the person in.
            guard: ({ event }) => typeof event.output.token === 'string' && event.output.token !== '',
            target: 'signedIn',
            actions: [
              assign({ message: ({ event }) => event.output.message }),
              { type: 'signIn', params: ({ event }) => ({ token: event.output.token ?? '' }) },
            ],
            meta: facts({ rules: ['AUTH-18'] }),
          },
          { target: 'success', actions: assign({ message: ({ event }) => event.output.message }) },
        ],
        onError: [
          {
            guard: { type: 'linkExpired', params: ({ event }) => ({ error: event.error }) },
            target: 'expired',
            actions: assign({ error: ({ event }) => messageOf(event.error, 'Verification Link Expired') }),
          },
          {
            target: 'error',
            actions: assign({
              error: ({ event }) => {
                const details = detailsOf(event.error);
                const message = messageOf(event.error, 'Verification failed');
                return details === null ? message : `${message}: ${details}`;
              },
            }),
          },
        ],
      },
    },
    signedIn: {
      meta: facts({
        rules: ['VERIFY-2', 'AUTH-18'],
        sees: [{ role: 'heading', name: 'Email Verified Successfully!' }, { text: 'You are signed in.' }],
        ignores: [
          {
            events: ['verify.start'],
            why: 'A link is checked once per visit (a single-use token); the page starts it when it opens.',
          },
        ],
      }),
      description: 'Email Verified Successfully! Opened in the browser that registered: signed in',
      tags: ['result', 'verified', 'signedIn'],
      type: 'final',
    },
    success: {
      meta: facts({
        rules: ['VERIFY-2', 'AUTH-18'],
        sees: [
          { role: 'heading', name: 'Email Verified Successfully!' },
          { text: 'Sign in to continue — this link was opened in a different browser than the one you registered in.' },
        ],
        ignores: [
          {
            events: ['verify.start'],
            why: 'A link is checked once per visit (a single-use token); the page starts it when it opens.',
          },
        ],
      }),
      description: 'Email Verified Successfully!',
      tags: ['result', 'verified'],
      type: 'final',
    },
    expired: {
      meta: facts({
        rules: ['VERIFY-3'],
        sees: [{ role: 'heading', name: 'Verification Link Expired' }],
        ignores: [
          {
            events: ['verify.start'],
            why: 'A link is checked once per visit (a single-use token); the page starts it when it opens.',
          },
        ],
      }),
      description: 'Verification Link Expired: logging in sends a new link',
      tags: ['result', 'expired'],
      type: 'final',
    },
    error: {
      meta: facts({
        rules: ['VERIFY-4', 'VERIFY-5'],
        sees: [
          { role: 'heading', name: 'Verification Failed' },
          { kind: 'errorText', says: "the server's message below the heading" },
        ],
        ignores: [
          {
            events: ['verify.start'],
            why: 'A link is checked once per visit (a single-use token); the page starts it when it opens.',
          },
        ],
      }),
      description: 'Verification Failed',
      tags: ['result', 'failed'],
      type: 'final',
    },
  },
});

/** What the verify page shows, by tag (the states' names stay in this file). */
export type VerifyOutcome = 'checking' | 'signedIn' | 'success' | 'expired' | 'error';
export const verifyOutcome = (snapshot: {
  hasTag: (tag: 'verified' | 'signedIn' | 'expired' | 'failed') => boolean;
}): VerifyOutcome =>
  snapshot.hasTag('signedIn')
    ? 'signedIn'
    : snapshot.hasTag('verified')
      ? 'success'
      : snapshot.hasTag('expired')
        ? 'expired'
        : snapshot.hasTag('failed')
          ? 'error'
          : 'checking';
