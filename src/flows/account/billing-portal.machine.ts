/**
 * Manage billing (CHECKOUT-9): Settings › Billing asks the server for a session of the payment provider's
 * customer portal, then sends the browser there. Shown only when the server says there is a portal (the
 * user's `billingPortal`); a refusal (nothing bought through Stripe yet, the provider down) is shown in
 * the red banner with the server's words.
 */
import { assign, fromPromise, setup } from 'xstate';
import { messageOf, notProvided } from '../shared/errors';
import { facts } from '../shared/meta';

/** The text of a failure that carries no message of the server (the server's own 502 says the same). */
export const PORTAL_FAILED = 'The billing portal could not be opened. Please try again.';

export type BillingPortalEvent =
  | { type: 'portal.open' }
  /** The browser came back to Settings from the portal (back button, page restored from cache). */
  | { type: 'portal.return' };

export const billingPortalMachine = setup({
  types: {
    context: {} as { error: string | null },
    events: {} as BillingPortalEvent,
  },
  actors: {
    /** POST /api/stripe/billing-portal: the portal session's address. */
    openBillingPortal: fromPromise<{ url: string }>(async () => notProvided('openBillingPortal')),
  },
  actions: {
    /** Sends the browser to the customer portal (the app: window.location.assign(url), as the checkout does). */
    redirectToPortal: (_, _params: { url: string }) => {},
  },
}).createMachine({
  id: 'billingPortal',
  description: "Opening the payment provider's customer portal from Settings › Billing (card, invoices).",
  meta: facts({ rules: ['CHECKOUT-9'], sends: ['portal.open', 'portal.return'] }),
  context: { error: null },
  initial: 'idle',
  states: {
    idle: {
      description: 'Billing with a Manage billing button',
      meta: facts({
        rules: ['CHECKOUT-9'],
        sees: [
          { role: 'button', name: 'Manage billing', state: 'enabled' },
          { kind: 'error', says: "after a refusal, the server's message in the red banner" },
        ],
        ignores: [
          {
            events: ['portal.return'],
            why: 'The browser has not left for the portal, so it cannot come back from it.',
          },
        ],
      }),
      on: { 'portal.open': { target: 'opening', actions: assign({ error: null }) } },
    },
    opening: {
      description: 'Asking the server for a portal session; the button is disabled',
      meta: facts({
        rules: ['CHECKOUT-9'],
        sees: [{ role: 'button', name: 'Opening...', state: 'disabled' }],
        ignores: [
          {
            events: ['portal.open'],
            why: 'One portal session at a time: the button is disabled while it is asked for.',
          },
          {
            events: ['portal.return'],
            why: 'The browser has not left for the portal yet, so it cannot come back from it.',
          },
        ],
      }),
      tags: ['busy'],
      invoke: {
        id: 'openBillingPortal',
        src: 'openBillingPortal',
        onDone: {
          target: 'redirecting',
          actions: { type: 'redirectToPortal', params: ({ event }) => ({ url: event.output.url }) },
        },
        onError: {
          target: 'idle',
          actions: assign({ error: ({ event }) => messageOf(event.error, PORTAL_FAILED) }),
        },
      },
    },
    redirecting: {
      description: 'Leaving for the customer portal; the button stays disabled',
      meta: facts({
        rules: ['CHECKOUT-9'],
        sees: [{ kind: 'customerPortal', says: "the browser goes to the provider's customer portal" }],
        ignores: [
          { events: ['portal.open'], why: 'The browser is leaving for the portal: the button stays disabled.' },
        ],
      }),
      tags: ['busy'],
      on: { 'portal.return': { target: 'idle' } },
    },
  },
});

export type BillingPortalMachine = typeof billingPortalMachine;
