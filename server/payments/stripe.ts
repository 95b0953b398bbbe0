/**
 * Real Stripe, chosen when STRIPE_SECRET_KEY is set. Prices come from the server's catalogue
 * (price_data with the amount the server computed), never from the client.
 */
import Stripe from 'stripe';
import { parsePaymentEvent } from './local';
import { WebhookSignatureError } from './signature';
import type { CheckoutRequest, CheckoutSession, PaymentProvider } from './types';

export interface StripePaymentOptions {
  readonly secretKey: string;
  readonly webhookSecret: string;
  readonly appUrl: string;
  /** Another API origin, e.g. http://127.0.0.1:12111 for a fake or stripe-mock in tests. */
  readonly apiBase?: string;
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

export function createStripePaymentProvider(options: StripePaymentOptions): PaymentProvider {
  const stripe = new Stripe(options.secretKey, {
    ...connection(options.apiBase),
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
  });

  return {
    name: 'stripe',
    async createCheckout(request: CheckoutRequest): Promise<CheckoutSession> {
      const subscription = request.kind === 'subscription';
      const interval = request.billingCycle === 'annually' ? 'year' : 'month';
      const metadata = { ...request.metadata };
      const session = await stripe.checkout.sessions.create({
        mode: subscription ? 'subscription' : 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: request.currency,
              unit_amount: request.amountCents,
              product_data: { name: request.description },
              ...(subscription ? { recurring: { interval } } : {}),
            },
          },
        ],
        customer_email: request.email,
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
