/** Checkouts as the billing service hands them to a payment provider, and as the local provider records them. */
import type { LocalCheckoutRecord } from '../../server/payments/local';
import type { CheckoutRequest } from '../../server/payments/types';

/** A checkout of a 500-credit pack for user u1, with the metadata the test gives. */
export const packCheckoutRequest = (metadata: Record<string, string>): CheckoutRequest => ({
  kind: 'pack',
  userId: 'u1',
  email: 'a@example.com',
  description: '500 credits',
  amountCents: 1500,
  currency: 'usd',
  credits: 500,
  priceId: 'price_500',
  successUrl: 'http://localhost:3000/account?success=1',
  cancelUrl: 'http://localhost:3000/account',
  metadata,
});

/** The local provider's record of a Starter Pack checkout (1,000 credits) of a test user. */
export const starterPackRecord = (
  user: { id: string; email: string },
  sessionId: string,
  createdAt: Date,
): LocalCheckoutRecord => ({
  sessionId,
  kind: 'pack',
  userId: user.id,
  email: user.email,
  description: 'Starter Pack',
  amountCents: 1500,
  currency: 'usd',
  credits: 1000,
  priceId: 'price_credits_1000',
  metadata: {},
  successUrl: 'http://localhost:3000/?checkout=success',
  cancelUrl: 'http://localhost:3000/credits',
  createdAt,
});
