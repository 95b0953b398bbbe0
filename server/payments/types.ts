/**
 * The seam between the payment routes (server/routes) and the payment providers.
 * Providers never touch the database: the server keeps checkout sessions, subscriptions,
 * processed event ids and the credit ledger, and handles verified events idempotently.
 */

export type CheckoutKind = 'pack' | 'subscription';

export interface CheckoutRequest {
  readonly kind: CheckoutKind;
  readonly userId: string;
  readonly email: string;
  /** What is bought, as the checkout (hosted checkout page or Stripe Checkout) shows it. */
  readonly description: string;
  /** Total in cents for this payment (a subscription's first period). */
  readonly amountCents: number;
  readonly currency: 'usd';
  /** Credits granted: the pack's credits, or the plan's monthly credits. */
  readonly credits: number;
  /** Provider price id of a pack; plan id for a subscription. */
  readonly priceId?: string;
  readonly planId?: 'standard' | 'pro' | 'enterprise';
  readonly billingCycle?: 'monthly' | 'annually';
  /** The buyer's customer id at the provider, once a checkout has made one. */
  readonly customerId?: string;
  readonly successUrl: string;
  readonly cancelUrl: string;
  /** Copied onto the session and every event it produces (userId, kind, credits, planId…). */
  readonly metadata: Readonly<Record<string, string>>;
}

export interface CheckoutSession {
  readonly sessionId: string;
  /** Where the browser goes to pay. */
  readonly url: string;
}

/** The subset of a Stripe event that the handlers read. */
export interface PaymentEvent {
  readonly id: string;
  readonly type:
    | 'checkout.session.completed'
    | 'checkout.session.async_payment_succeeded'
    | 'checkout.session.async_payment_failed'
    | 'charge.refunded'
    | 'invoice.paid'
    | 'customer.subscription.deleted'
    | 'customer.subscription.updated'
    | (string & {});
  readonly created: number;
  readonly data: { readonly object: Record<string, unknown> };
}

export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  createCheckout(request: CheckoutRequest): Promise<CheckoutSession>;
  /**
   * The address of the provider's customer portal (change the card, read invoices) for a customer, coming
   * back to `returnUrl`. Absent when the provider has no portal (the local provider).
   */
  createPortalSession?(customerId: string, returnUrl: string): Promise<string>;
  /** Cancels at period end: access and credits stay until then. */
  cancelSubscription(providerSubscriptionId: string): Promise<void>;
  /** Verifies the Stripe-Signature header over the raw body; throws on a bad or stale signature. */
  verifyWebhook(rawBody: string, signatureHeader: string | undefined): PaymentEvent;
}
