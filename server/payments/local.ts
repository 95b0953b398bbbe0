/**
 * The default, offline payment provider. It issues checkout session ids and sends the browser to
 * the hosted checkout page the server serves itself (services/hosted-checkout.ts); "Pay" there turns
 * the stored record into Stripe-shaped events (buildLocalEvents), signed with Stripe's scheme and
 * posted to the app's own webhook route, so the same verification and handlers run as with real Stripe.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { addMonths } from '../lib/dates';
import { verifyStripeSignature } from './signature';
import type { CheckoutRequest, CheckoutSession, PaymentEvent, PaymentProvider } from './types';
import { checkoutAddress } from '../../src/api/operations/addresses';

/** Events carry the API version of the stripe SDK the real provider uses. */
export const LOCAL_API_VERSION = '2026-10-28.endive';

/** A checkout session as the server keeps it: the request that opened it, its id and when. */
export interface LocalCheckoutRecord extends CheckoutRequest {
  readonly sessionId: string;
  readonly createdAt: Date;
}

export interface LocalPaymentOptions {
  /** Public origin of the app, without a trailing slash, e.g. http://localhost:3000. */
  readonly appUrl: string;
  readonly webhookSecret: string;
}

/**
 * The checkout session's secret: only the browser that created the session receives it (in the
 * checkout URL's `key`), and Pay and Cancel need it, so a bare session id grants nothing. Derived
 * from the webhook secret (an HMAC of the session id), so no instance needs to store it.
 */
export function checkoutKey(webhookSecret: string, sessionId: string): string {
  return createHmac('sha256', webhookSecret).update(`checkout:${sessionId}`).digest('base64url');
}

/** Constant-time check of a key offered for a session. */
export function checkoutKeyMatches(webhookSecret: string, sessionId: string, offered: string | undefined): boolean {
  if (!offered) return false;
  const expected = Buffer.from(checkoutKey(webhookSecret, sessionId));
  const given = Buffer.from(offered);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function randomId(prefix: string, chars = 24): string {
  return prefix + randomBytes(chars).toString('base64url').slice(0, chars);
}

export function createLocalPaymentProvider(options: LocalPaymentOptions): PaymentProvider {
  const appUrl = options.appUrl.replace(/\/+$/, '');
  return {
    name: 'local',
    createCheckout(_request: CheckoutRequest): Promise<CheckoutSession> {
      const sessionId = randomId('cs_local_');
      const key = checkoutKey(options.webhookSecret, sessionId);
      return Promise.resolve({ sessionId, url: checkoutAddress(sessionId, key, appUrl) });
    },
    cancelSubscription(): Promise<void> {
      // The server records the cancellation; there is no remote party to tell.
      return Promise.resolve();
    },
    verifyWebhook(rawBody, signatureHeader) {
      verifyStripeSignature(options.webhookSecret, rawBody, signatureHeader);
      return parsePaymentEvent(rawBody);
    },
  };
}

/** Parses a verified webhook body; throws on anything that is not an event object. */
export function parsePaymentEvent(rawBody: string): PaymentEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new Error('Webhook body is not JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('Webhook body is not an event object');
  }
  const event = parsed as Record<string, unknown>;
  if (typeof event['id'] !== 'string' || typeof event['type'] !== 'string') {
    throw new Error('Webhook event has no id or type');
  }
  const data = event['data'];
  const object =
    typeof data === 'object' && data !== null && !Array.isArray(data)
      ? (data as Record<string, unknown>)['object']
      : undefined;
  if (typeof object !== 'object' || object === null || Array.isArray(object)) {
    throw new Error('Webhook event has no data.object');
  }
  return {
    id: event['id'],
    type: event['type'],
    created: typeof event['created'] === 'number' ? event['created'] : 0,
    data: { object: object as Record<string, unknown> },
  };
}

const unix = (date: Date): number => Math.floor(date.getTime() / 1000);

/** End of the billing period that starts at `start` for the record's cycle. */
export function periodEnd(record: Pick<LocalCheckoutRecord, 'billingCycle'>, start: Date): Date {
  return addMonths(start, record.billingCycle === 'annually' ? 12 : 1);
}

function event(
  type: string,
  now: Date,
  object: Record<string, unknown>,
): PaymentEvent & {
  object: 'event';
  api_version: string;
  livemode: false;
} {
  return {
    id: randomId('evt_local_'),
    object: 'event',
    type,
    api_version: LOCAL_API_VERSION,
    created: unix(now),
    livemode: false,
    data: { object },
  };
}

function sessionMetadata(record: LocalCheckoutRecord): Record<string, string> {
  const metadata: Record<string, string> = {
    ...record.metadata,
    userId: record.userId,
    kind: record.kind,
    credits: String(record.credits),
  };
  if (record.priceId !== undefined) metadata['priceId'] = record.priceId;
  if (record.planId !== undefined) metadata['planId'] = record.planId;
  if (record.billingCycle !== undefined) metadata['billingCycle'] = record.billingCycle;
  return metadata;
}

function customerId(userId: string): string {
  return `cus_local_${Buffer.from(userId).toString('base64url').slice(0, 24)}`;
}

function invoiceObject(
  record: LocalCheckoutRecord,
  subscriptionId: string,
  start: Date,
  billingReason: 'subscription_create' | 'subscription_cycle',
): Record<string, unknown> {
  const end = periodEnd(record, start);
  const metadata = sessionMetadata(record);
  const period = { start: unix(start), end: unix(end) };
  return {
    id: randomId('in_local_'),
    object: 'invoice',
    customer: customerId(record.userId),
    customer_email: record.email,
    subscription: subscriptionId,
    // Newer Stripe API versions move the subscription here; carry both shapes.
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: subscriptionId, metadata },
    },
    status: 'paid',
    paid: true,
    amount_due: record.amountCents,
    amount_paid: record.amountCents,
    currency: record.currency,
    billing_reason: billingReason,
    period_start: period.start,
    period_end: period.end,
    lines: {
      object: 'list',
      data: [
        {
          id: randomId('il_local_'),
          object: 'line_item',
          amount: record.amountCents,
          currency: record.currency,
          description: record.description,
          period,
          metadata,
        },
      ],
    },
    metadata,
    created: unix(start),
  };
}

/**
 * The events Stripe would send for a paid checkout: a pack gives one checkout.session.completed;
 * a subscription gives checkout.session.completed followed by the first invoice.paid.
 */
export function buildLocalEvents(record: LocalCheckoutRecord, now: Date): PaymentEvent[] {
  const metadata = sessionMetadata(record);
  const base = {
    id: record.sessionId,
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    amount_subtotal: record.amountCents,
    amount_total: record.amountCents,
    currency: record.currency,
    customer: customerId(record.userId),
    customer_email: record.email,
    customer_details: { email: record.email },
    client_reference_id: record.userId,
    success_url: record.successUrl,
    cancel_url: record.cancelUrl,
    livemode: false,
    created: unix(record.createdAt),
    metadata,
  };
  if (record.kind === 'pack') {
    return [
      event('checkout.session.completed', now, {
        ...base,
        mode: 'payment',
        subscription: null,
      }),
    ];
  }
  const subscriptionId = randomId('sub_local_');
  return [
    event('checkout.session.completed', now, {
      ...base,
      mode: 'subscription',
      subscription: subscriptionId,
    }),
    event('invoice.paid', now, invoiceObject(record, subscriptionId, now, 'subscription_create')),
  ];
}

/** A renewal: invoice.paid with billing_reason 'subscription_cycle' for the period starting then. */
export function buildRenewalInvoiceEvent(
  record: LocalCheckoutRecord,
  subscriptionId: string,
  periodStart: Date,
): PaymentEvent {
  return event('invoice.paid', periodStart, invoiceObject(record, subscriptionId, periodStart, 'subscription_cycle'));
}

/** The end of a subscription (after a cancellation at period end, or immediately). */
export function buildSubscriptionDeletedEvent(
  record: LocalCheckoutRecord,
  subscriptionId: string,
  now: Date,
): PaymentEvent {
  return event('customer.subscription.deleted', now, {
    id: subscriptionId,
    object: 'subscription',
    customer: customerId(record.userId),
    status: 'canceled',
    canceled_at: unix(now),
    ended_at: unix(now),
    cancel_at_period_end: false,
    metadata: sessionMetadata(record),
  });
}
