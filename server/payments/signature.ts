/**
 * Stripe's webhook signature scheme, so the hosted checkout page signs its events exactly as Stripe
 * does and one verification path serves both providers:
 * `Stripe-Signature: t={unix seconds},v1={hex HMAC-SHA256(secret, "{t}.{payload}")}`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

function hmacHex(secret: string, timestamp: number, payload: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex');
}

export function signStripePayload(secret: string, payload: string, timestamp?: number): string {
  const t = timestamp ?? Math.floor(Date.now() / 1000);
  return `t=${t},v1=${hmacHex(secret, t, payload)}`;
}

export function verifyStripeSignature(
  secret: string,
  payload: string,
  header: string | undefined,
  toleranceSeconds = 300,
  now?: number,
): void {
  if (!header) throw new WebhookSignatureError('Missing Stripe-Signature header');
  let timestamp: number | undefined;
  const signatures: string[] = [];
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq <= 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === 't' && /^\d+$/.test(value)) timestamp = Number(value);
    else if (key === 'v1' && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === undefined || signatures.length === 0) {
    throw new WebhookSignatureError('Malformed Stripe-Signature header');
  }
  const expected = Buffer.from(hmacHex(secret, timestamp, payload), 'utf8');
  // Compare every candidate (no early exit) so timing does not reveal which one matched.
  let matched = false;
  for (const signature of signatures) {
    const candidate = Buffer.from(signature, 'utf8');
    if (candidate.length === expected.length && timingSafeEqual(candidate, expected)) matched = true;
  }
  if (!matched) throw new WebhookSignatureError('Stripe-Signature does not match the payload');
  const nowSeconds = now ?? Math.floor(Date.now() / 1000);
  if (toleranceSeconds > 0 && Math.abs(nowSeconds - timestamp) > toleranceSeconds) {
    throw new WebhookSignatureError('Stripe-Signature timestamp is outside the tolerance');
  }
}
