/** The session's examples: the users the tests and the viewer sign in as, and its effects' answers. */
import type { User } from '../../api/schemas';
import type { FlowExamples } from '../shared/examples';

// Times at noon UTC so that views show the same calendar day in any time zone.
export const freeUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  credits: 10,
  subscription: { plan: 'free', billingCycle: null, nextBillingDate: null },
  lastPasswordChange: null,
  billingPortal: false,
  createdAt: '2026-09-01T12:00:00.000Z',
};

export const proUser: User = {
  id: 'u2',
  email: 'grace@example.com',
  credits: 2500,
  subscription: { plan: 'pro', billingCycle: 'monthly', nextBillingDate: '2026-12-21T12:00:00.000Z' },
  lastPasswordChange: '2026-01-02T12:00:00.000Z',
  billingPortal: false,
  createdAt: '2026-05-12T12:00:00.000Z',
};

export const noSubscriptionUser: User = { ...freeUser, id: 'u3', subscription: null };

export const examples: FlowExamples = {
  answers: {
    // null: no stored token, so the session starts signed out.
    readToken: null,
    loadUser: freeUser,
    login: { token: 'token-1' },
    register: { message: 'Check your email to verify your account', email: freeUser.email },
    logout: null,
  },
  events: { 'credits.updated': { credits: 42 } },
};
