/**
 * `npm run stripe:sync`: makes Stripe hold the catalogue's products and prices (server/payments/stripe-catalog.ts),
 * idempotently. A price is found by its lookup key: one with the catalogue's amount, currency and interval is
 * kept; a missing one is created; one that differs (a price change in src/catalog) is replaced by a new price
 * that takes over the lookup key (Stripe prices are immutable), so checkouts use the new amount. Products get
 * our own ids, so a second run finds them.
 */
import type Stripe from 'stripe';
import { stripeCatalog, type StripeCatalogPrice } from './stripe-catalog';

export interface StripeSyncResult {
  readonly created: string[];
  readonly replaced: string[];
  readonly kept: string[];
}

const matches = (price: Stripe.Price, wanted: StripeCatalogPrice) =>
  price.unit_amount === wanted.unitAmount &&
  price.currency === wanted.currency &&
  (price.recurring?.interval ?? null) === (wanted.recurring?.interval ?? null);

async function ensureProduct(stripe: Stripe, wanted: StripeCatalogPrice, seen: Set<string>): Promise<void> {
  if (seen.has(wanted.productId)) return;
  seen.add(wanted.productId);
  try {
    await stripe.products.retrieve(wanted.productId);
  } catch (error) {
    if ((error as { code?: string }).code !== 'resource_missing') throw error;
    await stripe.products.create({
      id: wanted.productId,
      name: wanted.productName,
      metadata: { atelier: 'catalogue' },
    });
  }
}

export async function syncStripeCatalog(stripe: Stripe): Promise<StripeSyncResult> {
  const result = { created: [] as string[], replaced: [] as string[], kept: [] as string[] };
  const products = new Set<string>();
  for (const wanted of stripeCatalog()) {
    const existing = (await stripe.prices.list({ lookup_keys: [wanted.lookupKey], active: true, limit: 1 })).data[0];
    if (existing && matches(existing, wanted)) {
      result.kept.push(wanted.lookupKey);
      continue;
    }
    await ensureProduct(stripe, wanted, products);
    await stripe.prices.create({
      product: wanted.productId,
      currency: wanted.currency,
      unit_amount: wanted.unitAmount,
      lookup_key: wanted.lookupKey,
      ...(existing ? { transfer_lookup_key: true } : {}),
      ...(wanted.recurring ? { recurring: { interval: wanted.recurring.interval } } : {}),
    });
    (existing ? result.replaced : result.created).push(wanted.lookupKey);
  }
  return result;
}
