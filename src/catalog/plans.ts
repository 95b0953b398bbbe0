import type { PlanTier } from './plan-tier';

export type { PlanTier } from './plan-tier';
export { isPaidTier } from './plan-tier';
export type PaidPlanId = Exclude<PlanTier, 'free'>;
export type BillingCycle = 'monthly' | 'annually';

export const defaultBillingCycle: BillingCycle = 'annually';
export const annualToggleLabel = 'Save up to 20%';

export interface Plan {
  readonly id: PaidPlanId;
  readonly name: string;
  /** Dollars per month when billed annually. */
  readonly priceAnnually: number;
  /** Dollars per month when billed monthly. */
  readonly priceMonthly: number;
  /** Credits granted each month, whatever the cycle. */
  readonly credits: number;
  readonly costPerCreditAnnual: number;
  readonly costPerCreditMonthly: number;
  readonly features: readonly string[];
}

export const plans: readonly Plan[] = [
  {
    id: 'standard',
    name: 'Standard',
    priceAnnually: 12,
    priceMonthly: 15,
    credits: 1000,
    costPerCreditAnnual: 0.012,
    costPerCreditMonthly: 0.015,
    features: ['1,000 credits every month', 'All image, video, text, audio and 3D tools', 'Commercial use', 'Support'],
  },
  {
    id: 'pro',
    name: 'Pro',
    priceAnnually: 28,
    priceMonthly: 35,
    credits: 2500,
    costPerCreditAnnual: 0.0112,
    costPerCreditMonthly: 0.014,
    features: [
      '2,500 credits every month',
      'All image, video, text, audio and 3D tools',
      'Commercial use',
      'Priority Support',
    ],
  },
  {
    id: 'enterprise',
    name: 'Enterprise',
    priceAnnually: 76,
    priceMonthly: 90,
    credits: 7000,
    costPerCreditAnnual: 0.0109,
    costPerCreditMonthly: 0.0129,
    features: [
      '7,000 credits every month',
      'All image, video, text, audio and 3D tools',
      'Commercial use',
      'Premium Support',
    ],
  },
];

export function planById(id: string): Plan | undefined {
  return plans.find((p) => p.id === id);
}

/** What one payment of the plan costs in dollars for the cycle (annual: 12 months at the annual rate). */
export function planCharge(plan: Plan, cycle: BillingCycle): number {
  return cycle === 'annually' ? plan.priceAnnually * 12 : plan.priceMonthly;
}
