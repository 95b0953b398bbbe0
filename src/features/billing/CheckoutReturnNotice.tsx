import { useSelector } from '@xstate/react';
import { LATE_MESSAGE, PAYMENT_FAILED_MESSAGE } from '../../flows/billing/checkout-return.machine';
import type { CheckoutReturnActor } from '../../app/checkout-return';
import * as buttons from '../../components/ui/button/button.css';
import { ErrorBanner, Notice } from '../../components/ui/form/fields';
import * as forms from '../../components/ui/form/form.css';
import { credits, purchaseText } from './format';

/** Back from the hosted checkout: what was bought, the wait for its credits, then the new balance. */
export function CheckoutReturnNotice({ flow }: { flow: CheckoutReturnActor }) {
  const state = useSelector(flow, (s) =>
    s.hasTag('granted')
      ? 'granted'
      : s.hasTag('cancelled')
        ? 'cancelled'
        : s.hasTag('paymentFailed')
          ? 'paymentFailed'
          : s.hasTag('failed')
            ? 'failed'
            : s.hasTag('late')
              ? 'late'
              : s.hasTag('waiting')
                ? 'waiting'
                : 'idle',
  );
  const purchase = useSelector(flow, (s) => s.context.purchase);
  const balance = useSelector(flow, (s) => s.context.balance);
  const error = useSelector(flow, (s) => s.context.error);
  const canCheck = useSelector(flow, (s) => s.can({ type: 'checkout.return.check' }));
  const what = purchase ? purchaseText(purchase) : null;

  const check = (
    <button
      type="button"
      className={buttons.button.secondary}
      disabled={!canCheck}
      onClick={() => flow.send({ type: 'checkout.return.check' })}
    >
      Check again
    </button>
  );
  const dismiss = (
    <button
      type="button"
      className={buttons.button.ghost}
      onClick={() => flow.send({ type: 'checkout.return.dismiss' })}
    >
      Dismiss
    </button>
  );

  switch (state) {
    case 'idle':
      return null;
    case 'waiting':
      return (
        <Notice>
          <span data-testid="checkout-return" data-state="waiting">
            {what ? `Thank you for buying ${what}. Adding your credits...` : 'Confirming your payment...'}
          </span>
        </Notice>
      );
    case 'late':
      return (
        <Notice>
          <span data-testid="checkout-return" data-state="late">
            <strong>{LATE_MESSAGE}</strong>
            {what ? ` (${what}).` : '.'}
          </span>
          <span className={forms.actions}>{check}</span>
        </Notice>
      );
    case 'granted':
      return (
        <Notice>
          <span data-testid="checkout-return" data-state="granted">
            Thank you! {what ? `Payment received for ${what}: ` : ''}
            {purchase ? `${credits(purchase.credits)} credits added. ` : ''}
            Your balance is now <strong>{credits(balance ?? 0)} credits</strong>.
          </span>
          <span className={forms.actions}>{dismiss}</span>
        </Notice>
      );
    case 'cancelled':
      return (
        <Notice>
          <span data-testid="checkout-return" data-state="cancelled">
            Checkout cancelled. You have not been charged.
          </span>
          <span className={forms.actions}>{dismiss}</span>
        </Notice>
      );
    case 'paymentFailed':
      return (
        <div data-testid="checkout-return" data-state="paymentFailed">
          <ErrorBanner>{PAYMENT_FAILED_MESSAGE}</ErrorBanner>
          <span className={forms.actions}>{dismiss}</span>
        </div>
      );
    case 'failed':
      return (
        <div data-testid="checkout-return" data-state="failed">
          <ErrorBanner>{error}</ErrorBanner>
          <span className={forms.actions}>
            {check}
            {dismiss}
          </span>
        </div>
      );
  }
}
