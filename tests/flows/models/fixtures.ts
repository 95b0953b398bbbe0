import type { User } from '../../../src/api/schemas';

// Times at noon UTC so that views show the same calendar day in any time zone.
export const freeUser: User = {
  id: 'u1',
  email: 'ada@example.com',
  credits: 10,
  subscription: { plan: 'free', billingCycle: null, nextBillingDate: null },
  lastPasswordChange: null,
  billingPortal: false,
};
export const proUser: User = {
  id: 'u2',
  email: 'grace@example.com',
  credits: 2500,
  subscription: { plan: 'pro', billingCycle: 'monthly', nextBillingDate: '2026-12-21T12:00:00.000Z' },
  lastPasswordChange: '2026-01-02T12:00:00.000Z',
  billingPortal: false,
};
export const noSubscriptionUser: User = { ...freeUser, id: 'u3', subscription: null };

/** The shape ApiError has (src/api/client.ts): a server message, a status, maybe details. */
export const serverError = (message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { status: 400, ...extra });
/** A failure without any message: the flows must fall back to their own texts. */
export const silentError = {};
