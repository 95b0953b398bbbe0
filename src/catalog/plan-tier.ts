/**
 * The plan tiers and the one rule the shell and the session need of them, apart from the plans'
 * data (plans.ts), so the first load carries the rule without the price list.
 */
export type PlanTier = 'free' | 'standard' | 'pro' | 'enterprise';

/** Plans whose holders go to / after sign in; everyone else goes to /subscribe (AUTH-4). */
export function isPaidTier(plan: PlanTier | undefined | null): boolean {
  return plan === 'standard' || plan === 'pro' || plan === 'enterprise';
}
