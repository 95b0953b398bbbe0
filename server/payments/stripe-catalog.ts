/**
 * The catalogue as Stripe keeps it: one Product per plan and per credit pack, and one Price per pack and per
 * plan and billing cycle, each found by its lookup key. `npm run stripe:sync` creates them once
 * (scripts/stripe-sync.ts); checkouts then name the price by its lookup key (server/payments/stripe.ts).
 */
import { creditPacks, planCharge, plans } from '../../src/catalog';
import type { BillingCycle, PaidPlanId } from '../../src/catalog/plans';

export interface StripeCatalogPrice {
  /** Stripe's lookup key of the price (stable across accounts and runs). */
  readonly lookupKey: string;
  /** The Product's id, chosen by us so a second sync finds it. */
  readonly productId: string;
  readonly productName: string;
  readonly unitAmount: number;
  readonly currency: 'usd';
  readonly recurring?: { readonly interval: 'month' | 'year' };
}

export function packLookupKey(packId: string): string {
  return `atelier_pack_${packId}`;
}

export function planLookupKey(planId: PaidPlanId, cycle: BillingCycle): string {
  return `atelier_plan_${planId}_${cycle}`;
}

/** Every price the product sells, from src/catalog (plans.ts, packs.ts). */
export function stripeCatalog(): readonly StripeCatalogPrice[] {
  const packPrices = creditPacks.map((pack) => ({
    lookupKey: packLookupKey(pack.id),
    productId: `atelier_pack_${pack.id}`,
    productName: `${pack.name}: ${pack.credits.toLocaleString('en-US')} credits`,
    unitAmount: Math.round(pack.price * 100),
    currency: 'usd' as const,
  }));
  const planPrices = plans.flatMap((plan) =>
    (['monthly', 'annually'] as const).map((cycle) => ({
      lookupKey: planLookupKey(plan.id, cycle),
      productId: `atelier_plan_${plan.id}`,
      productName: `${plan.name} plan`,
      unitAmount: Math.round(planCharge(plan, cycle) * 100),
      currency: 'usd' as const,
      recurring: { interval: cycle === 'annually' ? ('year' as const) : ('month' as const) },
    })),
  );
  return [...packPrices, ...planPrices];
}
