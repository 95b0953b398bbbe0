import { Link } from '@tanstack/react-router';
import { useActorRef, useSelector } from '@xstate/react';
import { CANCEL_CONFIRMATION } from '../../../machines/account/cancel-subscription.machine';
import type { User } from '../../api/schemas';
import { cancelSubscriptionLogic } from '../../app/flows';
import { isPaidTier, plans } from '../../catalog/plans';
import * as buttons from '../../components/ui/button/button.css';
import { Dialog, DialogContent } from '../../components/ui/dialog/dialog';
import * as forms from '../../components/ui/form/form.css';
import * as page from '../../components/ui/page/page.css';
import { ErrorBanner } from '../auth/Fields';
import { formatDate } from './format';
import * as styles from './settings.css';

const cycleLabel = { monthly: 'Monthly', annually: 'Annually' } as const;

/** Billing (spec §2 Settings): plan, cycle, next billing date, plan and credit links, cancelling. */
export function BillingSection({
  subscription,
  logic = cancelSubscriptionLogic,
}: {
  subscription: User['subscription'];
  logic?: typeof cancelSubscriptionLogic;
}) {
  const actor = useActorRef(logic);
  const confirming = useSelector(actor, (s) => s.matches('confirming'));
  const busy = useSelector(actor, (s) => s.hasTag('busy'));
  const error = useSelector(actor, (s) => s.context.error);
  const canCancel = useSelector(actor, (s) => s.can({ type: 'subscription.cancel' }));

  const tier = subscription?.plan ?? 'free';
  const paid = isPaidTier(tier);
  const planName = plans.find((p) => p.id === tier)?.name ?? 'Free';

  return (
    <section className={`${page.card} ${styles.section}`} aria-labelledby="billing-title">
      <h2 id="billing-title" className={page.sectionTitle}>
        Billing
      </h2>
      <ErrorBanner>{error}</ErrorBanner>
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
        <p className={page.muted}>Cancelled: access continues until {formatDate(subscription.cancelAt)}.</p>
      ) : null}
      <div className={forms.actions}>
        <Link to="/subscribe" className={buttons.button.primary}>
          {paid ? 'Manage Plan' : 'Upgrade Plan'}
        </Link>
        <Link to="/credits" className={buttons.button.secondary}>
          Add Credits
        </Link>
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
      <Dialog
        open={confirming}
        onOpenChange={(open) => (open ? undefined : actor.send({ type: 'subscription.cancel.dismiss' }))}
      >
        <DialogContent title="Cancel subscription" description={CANCEL_CONFIRMATION}>
          <div className={forms.actions}>
            <button
              type="button"
              className={buttons.button.primary}
              onClick={() => actor.send({ type: 'subscription.cancel.confirm' })}
            >
              Yes, cancel
            </button>
            <button
              type="button"
              className={buttons.button.ghost}
              onClick={() => actor.send({ type: 'subscription.cancel.dismiss' })}
            >
              Keep subscription
            </button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}
