import { initialTransition, transition, type AnyEventObject, type StateValue } from 'xstate';
import { defineModel } from '../model-paths';
import { sessionMachine } from '../../../src/flows/session/session.machine';
import type { SessionContext } from '../../../src/flows/session/session.types';
import { serverError, silentError } from './fixtures';
import { freeUser, noSubscriptionUser, proUser } from '../../../src/flows/session/session.examples';

export const sessionModel = defineModel({
  machine: sessionMachine,
  events: {
    'auth.login.submit': [
      { type: 'auth.login.submit', email: 'ada@example.com', password: 'secret1', source: 'dialog' },
      { type: 'auth.login.submit', email: 'ada@example.com', password: 'secret1', source: 'page' },
    ],
    'auth.register.submit': [
      {
        type: 'auth.register.submit',
        email: 'new@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
        source: 'dialog',
      },
      {
        type: 'auth.register.submit',
        email: 'new@example.com',
        password: 'secret1',
        confirmPassword: 'secret2',
        source: 'page',
      },
      {
        type: 'auth.register.submit',
        email: 'new@example.com',
        password: 'secret1',
        confirmPassword: 'secret1',
        source: 'page',
      },
    ],
    'auth.register.dismiss': [{ type: 'auth.register.dismiss' }],
    'auth.token.received': [{ type: 'auth.token.received', token: 'reset-token' }],
    // The current token of each way in (saved, logged in, adopted), and one the session replaced.
    'auth.expired': [
      { type: 'auth.expired', token: 'stored-token' },
      { type: 'auth.expired', token: 'fresh-token' },
      { type: 'auth.expired', token: 'reset-token' },
      { type: 'auth.expired', token: 'replaced-token' },
    ],
    'session.retry': [{ type: 'session.retry' }],
    'auth.dialog.open': [
      { type: 'auth.dialog.open', mode: 'login' },
      { type: 'auth.dialog.open', mode: 'register' },
    ],
    'auth.dialog.close': [{ type: 'auth.dialog.close' }],
    'auth.dialog.mode': [{ type: 'auth.dialog.mode', mode: 'register' }],
    'auth.required': [{ type: 'auth.required' }],
    'auth.logout': [{ type: 'auth.logout' }],
    'credits.updated': [{ type: 'credits.updated', credits: 42 }],
    'user.refresh': [{ type: 'user.refresh' }],
    'user.updated': [{ type: 'user.updated', user: { ...freeUser, email: 'changed@example.com' } }],
    'account.deleted': [{ type: 'account.deleted' }],
  },
  actors: {
    readToken: { done: ['stored-token', null], error: [new Error('storage blocked')] },
    loadUser: {
      done: [proUser, freeUser, noSubscriptionUser],
      // A refusal, and a failure that is not one (no answer, a server error).
      error: [serverError('Unauthorized', { status: 401 }), silentError],
    },
    login: { done: [{ token: 'fresh-token' }], error: [serverError('Invalid email or password'), silentError] },
    register: {
      done: [{ message: 'Registration successful', email: 'new@example.com' }],
      error: [serverError('Email already registered'), silentError],
    },
    logout: { done: [{ message: 'Logged out' }], error: [silentError, serverError('Unauthorized', { status: 401 })] },
  },
  // The dialog and the form source change what the flow shows; texts and the user are checked
  // on every replayed step but do not split states.
  context: (c: SessionContext) => ({ dialog: c.dialog, source: c.source }),
  limit: 50000,
  check: ({ after }) => {
    const c = after.context as SessionContext;
    // A signed-in session always has a user and a token; a visitor has neither (once past startup).
    if (after.hasTag('signedIn')) {
      if (!c.user || !c.token) throw new Error('signedIn without user or token');
    }
    if (after.hasTag('visitor') && c.user !== null) throw new Error('visitor with a user');
  },
});

const pathOf = (value: StateValue): string =>
  typeof value === 'string' ? value : Object.entries(value).map(([key, sub]) => `${key}.${pathOf(sub!)}`)[0]!;

/**
 * The state the session machine itself reaches after `events` (its `transition`, no actor run): its path below
 * the root, its id, and its parent's id. The tests that step or show the session read its states from here, so
 * a state renamed in the machine file alone keeps them true.
 */
export function sessionAt(...events: AnyEventObject[]): { path: string; id: string; parent: string } {
  let [snapshot] = initialTransition(sessionMachine);
  for (const event of events) [snapshot] = transition(sessionMachine, snapshot, event as never);
  const path = pathOf(snapshot.value);
  return { path, id: `session.${path}`, parent: `session.${path.split('.').slice(0, -1).join('.')}` };
}
