/**
 * Real Stripe, chosen when STRIPE_SECRET_KEY is set. Checkouts name the catalogue's prices by lookup key
 * (created once by `npm run stripe:sync`), never an amount from the client. The price ids are looked up once
 * per instance and kept in this provider (the instance's deps), not in module state.
 */
import Stripe from 'stripe';
import { parsePaymentEvent } from './local';
import { WebhookSignatureError } from './signature';
import { packLookupKey, planLookupKey } from './stripe-catalog';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './types';

export interface StripePaymentOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly appUrl: string;
  /** Another API origin, e.g. http://127.0.0.1:12111 for a fake or stripe-mock in tests. */
  readonly apiBase?: string | undefined;
}

function connection(apiBase: string | undefined): Stripe.StripeConfig {
  if (!apiBase) return {};
  const url = new URL(apiBase);
  const protocol = url.protocol === 'http:' ? 'http' : 'https';
  return {
    host: url.hostname,
    port: url.port || (protocol === 'http' ? 80 : 443),
    protocol,
  };
}

/** The Stripe client of the adapter and of `npm run stripe:sync`. */
export function createStripeClient(secretKey: string, apiBase: string | undefined): Stripe {
  return new Stripe(secretKey, { ...connection(apiBase), maxNetworkRetries: 1, timeout: 20_000, telemetry: false });
}

/** A price the catalogue needs is missing at Stripe: the operator has not run `npm run stripe:sync`. */
export class StripePriceMissingError extends Error {
  constructor(lookupKey: string) {
    super(`Stripe has no active price with lookup key ${lookupKey}: run npm run stripe:sync`);
  }
}

function lookupKeyOf(request: CheckoutRequest): string {
  if (request.kind === 'subscription') {
    if (!request.planId) throw new Error('A subscription checkout needs a plan');
    return planLookupKey(request.planId, request.billingCycle ?? 'monthly');
  }
  if (!request.priceId) throw new Error('A pack checkout needs a pack');
  return packLookupKey(request.priceId);
}

export function createStripePaymentProvider(options: StripePaymentOptions): PaymentProvider {
  const stripe = createStripeClient(options.secretKey, options.apiBase);
  // lookup key → Stripe price id, filled on first use (a failed lookup is not kept, so it is tried again).
  const priceIds = new Map<string, Promise<string>>();
  const priceFor = (lookupKey: string): Promise<string> => {
    let found = priceIds.get(lookupKey);
    if (!found) {
      found = stripe.prices.list({ lookup_keys: [lookupKey], active: true, limit: 1 }).then((list) => {
        const price = list.data[0];
        if (!price) throw new StripePriceMissingError(lookupKey);
        return price.id;
      });
      priceIds.set(lookupKey, found);
      found.catch(() => priceIds.delete(lookupKey));
    }
    return found;
  };

  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const subscription = request.kind === 'subscription';
      const metadata = { ...request.metadata };
      const price = await priceFor(lookupKeyOf(request));
      const session = await stripe.checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        line_items: [{ quantity: 1, price }],
        // A known customer keeps one billing account (its portal shows every invoice); else Stripe makes one.
        ...(request.customerId
          ? { customer: request.customerId }
          : { customer_email: request.email, ...(subscription ? {} : { customer_creation: 'always' as const }) }),
        client_reference_id: request.userId,
        metadata,
        // Invoices of the subscription carry the same metadata, so renewals find the user.
        ...(subscription ? { subscription_data: { metadata } } : {}),
        success_url: request.successUrl,
        cancel_url: request.cancelUrl,
      });
      if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },
    async createPortalSession(customerId: string, returnUrl: string): Promise<string> {
      const session = await stripe.billingPortal.sessions.create({ customer: customerId, return_url: returnUrl });
      return session.url;
    },
    async cancelSubscription(providerSubscriptionId: string): Promise<void> {
      await stripe.subscriptions.update(providerSubscriptionId, { cancel_at_period_end: true });
    },
    verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('Missing Stripe-Signature header');
      try {
        stripe.webhooks.constructEvent(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new WebhookSignatureError(error instanceof Error ? error.message : 'Invalid Stripe-Signature');
      }
      return parsePaymentEvent(rawBody);
    },
  };
}
