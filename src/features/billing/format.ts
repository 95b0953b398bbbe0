import { packById, planById } from '../../catalog';

export const usd = (n: number): string =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: Number.isInteger(n) ? 0 : 2, maximumFractionDigits: 2 })}`;

/** Cost per credit keeps the catalogue's precision (0.0129, not 0.01). */
export const perCredit = (n: number): string => `$${n}`;

export const credits = (n: number): string => n.toLocaleString('en-US');

/** What a checkout bought, in words: 'Starter Pack (1,000 credits)' or 'the Pro plan, billed monthly'. */
export function purchaseText(purchase: {
  kind: 'pack' | 'subscription';
  credits: number;
  priceId: string | null;
  planId: string | null;
  billingCycle: 'monthly' | 'annually' | null;
}): string {
  if (purchase.kind === 'pack') {
    const name = packById(purchase.priceId ?? '')?.name ?? 'Credit pack';
    return `${name} (${credits(purchase.credits)} credits)`;
  }
  const name = planById(purchase.planId ?? '')?.name ?? 'your';
  return `the ${name} plan, billed ${purchase.billingCycle === 'annually' ? 'annually' : 'monthly'}`;
}

/** A readable day, e.g. 'December 23, 2026'. */
export function formatDay(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}
