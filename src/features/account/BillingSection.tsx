import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { CANCEL_CONFIRMATION } from '../../flows/account/cancel-subscription.machine';
import type { User } from '../../api/schemas';
import type { billingPortalMachine } from '../../flows/account/billing-portal.machine';
import type { cancelSubscriptionMachine } from '../../flows/account/cancel-subscription.machine';
import type { creditCsvMachine } from '../../flows/billing/credit-csv.machine';
import type { creditHistoryMachine } from '../../flows/billing/credit-history.machine';
import type { spendingMachine } from '../../flows/billing/spending.machine';
import { useBillingPortal } from '../../app/billing-portal';
import { cancelSubscriptionFlow } from '../../flows/account/account.effects';
import { useFlow, type Flow } from '../../app/provider';
import { isPaidTier, plans } from '../../catalog/plans';
import * as buttons from '../../components/ui/button/button.css';
import { ConfirmDialog } from '../../components/ui/dialog/confirm-dialog';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { card } from '../../components/ui/layout/layout.css';
import { ErrorBanner } from '../../components/ui/form/fields';
import { CreditHistory } from './CreditHistory';
import { Spending } from './Spending';
import { formatDate } from './format';
import * as styles from './account.css';

const cycleLabel = { monthly: 'Monthly', annually: 'Annually' } as const;

/**
 * Billing (ACCOUNT-1, ACCOUNT-9, CHECKOUT-9): plan, cycle, next billing date, plan and credit links, the
 * provider's customer portal when there is one, cancelling.
 */
export function BillingSection({
  subscription,
  credits,
  billingPortal,
  createdAt,
  logic = cancelSubscriptionFlow,
  portalLogic,
  historyLogic,
  csvLogic,
  spendingLogic,
}: {
  subscription: User['subscription'];
  /** The balance the badges show; the history's newest running balance is the same. */
  credits: number;
  /** The server says the payment provider has a customer portal (Stripe): "Manage billing" shows. */
  billingPortal: boolean;
  /** When the account was made: the spending section offers no month before it. */
  createdAt: string | null;
  logic?: Flow<typeof cancelSubscriptionMachine>;
  portalLogic?: Flow<typeof billingPortalMachine>;
  historyLogic?: Flow<typeof creditHistoryMachine>;
  csvLogic?: Flow<typeof creditCsvMachine>;
  spendingLogic?: Flow<typeof spendingMachine>;
}) {
  const actor = useFlow(logic);
  const confirming = useSelector(actor, (s) => s.hasTag('confirming'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const canCancel = useSelector(actor, (s) => s.can({ type: 'subscription.cancel' }));
  const portal = useBillingPortal(portalLogic);
  const portalBusy = useSelector(portal, (s) => s.hasTag('busy'));
  const portalError = useSelector(portal, (s) => s.context.error);

  const tier = subscription?.plan ?? 'free';
  const paid = isPaidTier(tier);
  const planName = plans.find((p) => p.id === tier)?.name ?? 'Free';

  return (
    <section className={`${card.padded} ${styles.section}`} aria-labelledby="billing-title">
      <h2 id="billing-title" className={page.sectionTitle}>
        Billing
      </h2>
      <ErrorBanner>{error}</ErrorBanner>
      <ErrorBanner>{portalError}</ErrorBanner>
      <div className={styles.row}>
        <span className={styles.term}>Current plan</span>
        <span className={styles.value}>{planName}</span>
      </div>
      <div className={styles.row}>
        <span className={styles.term}>Billing cycle</span>
        <span className={styles.value}>{subscription?.billingCycle ? cycleLabel[subscription.billingCycle] : '—'}</span>
      </div>
      <div className={styles.row}>
        <span className={styles.term}>Next billing date</span>
        <span className={styles.value}>{formatDate(subscription?.nextBillingDate)}</span>
      </div>
      {subscription?.cancelAt ? (
        <p className={page.muted}>
          Cancelled: your {planName} plan and its credits stay until {formatDate(subscription.cancelAt)}; then you move
          to the Free plan.
        </p>
      ) : null}
      <div className={styles.row}>
        <span className={styles.term}>Credit balance</span>
        <span className={styles.value} data-testid="billing-balance">
          {credits.toLocaleString('en-US')} credits
        </span>
      </div>
      {paid && subscription?.nextGrantAt ? (
        <div className={styles.row}>
          <span className={styles.term}>Next credit grant</span>
          <span className={styles.value} data-testid="next-grant">
            {formatDate(subscription.nextGrantAt)}
          </span>
        </div>
      ) : null}
      {subscription?.subscriptionCredits && subscription.creditsExpireAt ? (
        <div className={styles.row}>
          <span className={styles.term}>
            {subscription.subscriptionCredits.toLocaleString('en-US')} {planName} credits expire
          </span>
          <span className={styles.value} data-testid="credits-expire">
            {formatDate(subscription.creditsExpireAt)}
          </span>
        </div>
      ) : null}
      <div className={forms.actions}>
        <Link to="/subscribe" className={buttons.button.primary}>
          {paid ? 'Manage Plan' : 'Upgrade Plan'}
        </Link>
        <Link to="/credits" className={buttons.button.secondary}>
          Add Credits
        </Link>
        {billingPortal ? (
          <button
            type="button"
            className={buttons.button.secondary}
            disabled={portalBusy}
            onClick={() => portal.send({ type: 'portal.open' })}
          >
            {portalBusy ? 'Opening...' : 'Manage billing'}
          </button>
        ) : null}
        {paid && !subscription?.cancelAt ? (
          <button
            type="button"
            className={buttons.button.ghost}
            disabled={!canCancel}
            onClick={() => actor.send({ type: 'subscription.cancel' })}
          >
            {busy ? 'Cancelling...' : 'Cancel subscription'}
          </button>
        ) : null}
      </div>
      <Spending createdAt={createdAt} {...(spendingLogic ? { logic: spendingLogic } : {})} />
      <CreditHistory {...(historyLogic ? { logic: historyLogic } : {})} {...(csvLogic ? { csvLogic } : {})} />
      <ConfirmDialog
        open={confirming}
        title="Cancel subscription"
        description={CANCEL_CONFIRMATION}
        confirm="Yes, cancel"
        cancel="Keep subscription"
        onConfirm={() => actor.send({ type: 'subscription.cancel.confirm' })}
        onCancel={() => actor.send({ type: 'subscription.cancel.dismiss' })}
      >
        {subscription?.nextBillingDate ? (
          <p className={page.muted}>
            Your {planName} plan and its credits stay until {formatDate(subscription.nextBillingDate)}; no credits are
            granted after that.
          </p>
        ) : null}
      </ConfirmDialog>
    </section>
  );
}
