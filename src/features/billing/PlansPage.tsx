import { useState } from 'react';
import { useSelector } from '@xstate/react';
import { annualToggleLabel, defaultBillingCycle, planCharge, plans, type BillingCycle } from '../../catalog';
import { creditsBuy } from '../../catalog/credit-worth';
import { purchaseWith, type CheckoutActor } from '../../app/checkout';
import type { CheckoutReturnActor } from '../../app/checkout-return';
import { useCurrentUser, useSession, useSessionKnown } from '../../app/provider';
import { requestPurchase } from '../../flows/session/session.effects';
import * as buttons from '../../components/ui/button/button.css';
import { untilKnown } from '../../components/ui/pending/pending.css';
import * as page from '../../components/ui/page/page.css';
import { credits, perCredit, usd } from './format';
import * as styles from './billing.css';
import { CheckoutReturnNotice } from './CheckoutReturnNotice';
import { planChoice } from './plan-change';

const checkIcon = (
  <svg className={styles.check} width="16" height="16" viewBox="0 0 24 24" fill="none" aria-hidden="true">
    <path
      d="M5 12.5l4.5 4.5L19 7.5"
      stroke="currentColor"
      strokeWidth="2.4"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** /subscribe: the plans (BILL-1 to BILL-3) with the billing-cycle toggle (default annually, BILL-4). */
export function PlansPage({ checkout, returned }: { checkout: CheckoutActor; returned?: CheckoutReturnActor }) {
  const session = useSession();
  const subscription = useCurrentUser()?.subscription ?? null;
  // What a plan's button says (Current Plan, or what a change does) depends on the user's plan: the
  // buttons and change notes keep their place, unseen, until the session is known.
  const known = useSessionKnown();
  // The toggle is view state only: which prices to show, and the cycle a purchase asks for. Until the
  // person picks one it shows the user's own cycle, so their plan shows as the current one.
  const [chosenCycle, setCycle] = useState<BillingCycle | null>(null);
  const cycle = chosenCycle ?? subscription?.billingCycle ?? defaultBillingCycle;
  const busy = useSelector(checkout, (s) => s.hasTag('busy'));
  const pending = useSelector(checkout, (s) => s.context.pending);
  return (
    <div className={page.page}>
      <header className={page.header}>
        <p className={page.eyebrow}>Pricing</p>
        <h1 className={page.title}>Choose your plan</h1>
        <p className={page.lead}>
          Monthly credits for every tool. Cancel any time; access continues to the end of the period.
        </p>
      </header>
      {returned ? <CheckoutReturnNotice flow={returned} /> : null}
      <div className={styles.toggle} role="group" aria-label="Billing cycle">
        <button
          type="button"
          className={styles.toggleButton}
          aria-pressed={cycle === 'annually'}
          onClick={() => setCycle('annually')}
        >
          Annually <span className={styles.save}>{annualToggleLabel}</span>
        </button>
        <button
          type="button"
          className={styles.toggleButton}
          aria-pressed={cycle === 'monthly'}
          onClick={() => setCycle('monthly')}
        >
          Monthly
        </button>
      </div>
      <div className={styles.grid}>
        {plans.map((plan) => {
          const annual = cycle === 'annually';
          const monthlyPrice = annual ? plan.priceAnnually : plan.priceMonthly;
          const choice = planChoice(subscription, plan, cycle);
          const current = choice.current;
          return (
            <section
              key={plan.id}
              className={styles.card}
              data-featured={plan.id === 'pro'}
              aria-labelledby={`plan-${plan.id}`}
            >
              {plan.id === 'pro' ? <span className={styles.badge}>Most popular</span> : null}
              <h2 className={styles.name} id={`plan-${plan.id}`}>
                {plan.name}
              </h2>
              <div className={styles.price}>
                <span className={styles.amount}>{usd(monthlyPrice)}</span>
                <span className={styles.per}>/ month</span>
              </div>
              <p className={styles.note}>
                {annual ? `Billed ${usd(planCharge(plan, 'annually'))} a year` : 'Billed monthly'}
              </p>
              <p className={styles.note}>
                <strong>{credits(plan.credits)} credits</strong> per month ·{' '}
                {perCredit(annual ? plan.costPerCreditAnnual : plan.costPerCreditMonthly)} per credit
              </p>
              <p className={styles.note}>{creditsBuy(plan.credits)} a month</p>
              <ul className={styles.features}>
                {plan.features.map((f) => (
                  <li key={f} className={styles.feature}>
                    {checkIcon}
                    {f}
                  </li>
                ))}
              </ul>
              {choice.text ? (
                <p
                  className={`${styles.change} ${untilKnown}`}
                  data-pending={!known}
                  data-testid={`plan-change-${plan.id}`}
                >
                  {choice.text}
                </p>
              ) : null}
              <button
                type="button"
                className={`${plan.id === 'pro' ? buttons.button.primary : buttons.button.secondary} ${untilKnown}`}
                data-pending={!known}
                // BILL-5: disabled while a checkout is being prepared and for the user's current plan.
                disabled={!known || busy || current}
                onClick={() =>
                  requestPurchase(
                    session,
                    { kind: 'plan', planId: plan.id, billingCycle: cycle },
                    purchaseWith(checkout),
                  )
                }
              >
                {current ? 'Current Plan' : pending === plan.id ? 'Processing...' : `Subscribe to ${plan.name}`}
              </button>
            </section>
          );
        })}
      </div>
    </div>
  );
}
