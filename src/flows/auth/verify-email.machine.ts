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
    verifyEmail: fromPromise<{ message: string }, { token: string }>(async () => notProvided('verifyEmail')),
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
        onDone: { target: 'success', actions: assign({ message: ({ event }) => event.output.message }) },
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
    success: {
      meta: facts({
        rules: ['VERIFY-2'],
        sees: [{ role: 'heading', name: 'Email Verified Successfully!' }],
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
export type VerifyOutcome = 'checking' | 'success' | 'expired' | 'error';
export const verifyOutcome = (snapshot: {
  hasTag: (tag: 'verified' | 'expired' | 'failed') => boolean;
}): VerifyOutcome =>
  snapshot.hasTag('verified')
    ? 'success'
    : snapshot.hasTag('expired')
      ? 'expired'
      : snapshot.hasTag('failed')
        ? 'error'
        : 'checking';
