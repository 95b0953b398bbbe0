/**
 * What choosing a plan does, said before paying. The figures come from the catalogue (the plan's monthly
 * credits) and from the server (the unspent credits of the current cycle, the dates): nothing is restated.
 * The rules are the server's: a new plan starts when paid, the old cycle's unspent subscription credits
 * expire and the new plan grants its credits then and every month; a cancelled plan stays until its date.
 */
import type { User } from '../../api/schemas';
import { planById, plans, type BillingCycle, type Plan } from '../../catalog';
import { credits, formatDay } from './format';

export interface PlanChoice {
  /** The user's plan and cycle: the button says 'Current Plan' and is disabled. */
  readonly current: boolean;
  /** What choosing it does, or for the current plan when it renews or ends. */
  readonly text: string | null;
}

const rank = (id: string): number => plans.findIndex((p) => p.id === id);

export function planChoice(
  subscription: User['subscription'] | null | undefined,
  plan: Plan,
  cycle: BillingCycle,
): PlanChoice {
  const tier = subscription?.plan ?? 'free';
  const currentPlan = planById(tier);
  const grants = `${plan.name} grants ${credits(plan.credits)} credits now and every month`;
  if (!currentPlan || !subscription) return { current: false, text: `${grants}.` };
  if (plan.id === currentPlan.id && cycle === subscription.billingCycle) {
    const text = subscription.cancelAt
      ? `Cancelled: your ${plan.name} plan and its credits stay until ${formatDay(subscription.cancelAt)}, then you move to the Free plan.`
      : subscription.nextBillingDate
        ? `Renews on ${formatDay(subscription.nextBillingDate)}.`
        : null;
    return { current: true, text };
  }
  const unused = subscription.subscriptionCredits ?? 0;
  const expire = unused > 0 ? `Your ${credits(unused)} unused ${currentPlan.name} credits expire; ` : '';
  const lead =
    plan.id === currentPlan.id
      ? `Switches your ${plan.name} plan to ${cycle === 'annually' ? 'annual' : 'monthly'} billing when you pay. `
      : rank(plan.id) < rank(currentPlan.id)
        ? `Your ${currentPlan.name} plan ends when you pay for ${plan.name}. `
        : '';
  return { current: false, text: `${lead}${expire}${grants}.` };
}
