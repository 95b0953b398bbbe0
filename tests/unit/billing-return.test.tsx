/**
 * Billing views of issue 12: what a plan change does before paying (/subscribe), and the notice of the
 * return from the checkout, driven by the checkout-return flow with fake effects and shrunk delays.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import {
  checkoutReturnMachine,
  LATE_MESSAGE,
  PAYMENT_FAILED_MESSAGE,
} from '../../src/flows/billing/checkout-return.machine';
import type { CheckoutStatus, User } from '../../src/api/schemas';
import { checkoutFlow } from '../../src/flows/billing/billing.effects';
import { CheckoutReturnNotice } from '../../src/features/billing/CheckoutReturnNotice';
import { PlansPage } from '../../src/features/billing/PlansPage';
import { planChoice } from '../../src/features/billing/plan-change';
import { planById } from '../../src/catalog';
import { fakeApi, fakeEndpoints, freeUser, proUser, renderInApp, startSession } from './views/helpers';
import { flowContext } from '../../src/app/flow-context';

afterEach(cleanup);

const standardUser: User = {
  ...proUser,
  credits: 1040,
  subscription: {
    plan: 'standard',
    billingCycle: 'monthly',
    nextBillingDate: '2026-12-21T12:00:00.000Z',
    subscriptionCredits: 1000,
    nextGrantAt: '2026-12-21T12:00:00.000Z',
    creditsExpireAt: '2026-12-21T12:00:00.000Z',
  },
};

const idleCheckout = () =>
  createActor(
    checkoutFlow.create(
      flowContext(null, {
        api: fakeApi({ createSubscription: vi.fn(), createCheckoutSession: vi.fn() }),
        window: () => ({ location: { assign: vi.fn() }, alert: vi.fn(), console: { error: vi.fn() } }) as never,
      }),
    ),
  ).start();

const card = (name: string) => within(screen.getByRole('region', { name }));

describe('/subscribe says what a change does before paying', () => {
  it('Standard → Pro: the unused Standard credits expire, Pro grants 2,500 now and every month', async () => {
    await startSession({ endpoints: fakeEndpoints(standardUser), token: 't' });
    renderInApp(<PlansPage checkout={idleCheckout()} />);
    // The toggle opens on the user's own cycle, so their plan is the current one.
    expect(screen.getByRole('button', { name: 'Monthly' })).toHaveAttribute('aria-pressed', 'true');
    expect(
      card('Pro').getByText('Your 1,000 unused Standard credits expire; Pro grants 2,500 credits now and every month.'),
    ).toBeInTheDocument();
    const standard = card('Standard').getByRole('button');
    expect(standard).toHaveTextContent('Current Plan');
    expect(standard).toBeDisabled();
    expect(card('Standard').getByText('Renews on December 21, 2026.')).toBeInTheDocument();
    expect(card('Enterprise').getByText(/Enterprise grants 7,000 credits now and every month\.$/)).toBeInTheDocument();
  });

  it('a downgrade says the current plan ends when paying; another cycle of the same plan is a switch', async () => {
    await startSession({
      endpoints: fakeEndpoints({ ...proUser, subscription: { ...proUser.subscription!, subscriptionCredits: 2300 } }),
      token: 't',
    });
    renderInApp(<PlansPage checkout={idleCheckout()} />);
    expect(
      card('Standard').getByText(
        'Your Pro plan ends when you pay for Standard. Your 2,300 unused Pro credits expire; Standard grants 1,000 credits now and every month.',
      ),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: /Annually/ }));
    expect(card('Pro').getByRole('button')).toBeEnabled();
    expect(card('Pro').getByText(/^Switches your Pro plan to annual billing when you pay\./)).toBeInTheDocument();
    // The yearly total comes from the catalogue's charge.
    expect(card('Pro').getByText('Billed $336 a year')).toBeInTheDocument();
  });

  it('a cancelled plan says when access ends; a free user is told what the plan grants', () => {
    const pro = planById('pro')!;
    expect(planChoice({ ...proUser.subscription!, cancelAt: '2026-12-21T12:00:00.000Z' }, pro, 'monthly')).toEqual({
      current: true,
      text: 'Cancelled: your Pro plan and its credits stay until December 21, 2026, then you move to the Free plan.',
    });
    expect(planChoice(freeUser.subscription, pro, 'monthly')).toEqual({
      current: false,
      text: 'Pro grants 2,500 credits now and every month.',
    });
    expect(planChoice(null, pro, 'annually').current).toBe(false);
  });
});

const pending: CheckoutStatus = {
  sessionId: 'cs_local_1',
  kind: 'pack',
  status: 'paid',
  fulfilled: false,
  credits: 1000,
  planId: null,
  billingCycle: null,
  priceId: 'price_credits_1000',
  balance: 50,
};

function returnFlow(
  answers: (CheckoutStatus | Error)[],
  input: { outcome: 'success' | 'cancel' | null; sessionId: string | null } = {
    outcome: 'success',
    sessionId: 'cs_local_1',
  },
  // The wait before the late state: short where a test walks into it; a loaded machine may take longer than that
  // between two polls, so a test that walks past a poll gives it a long one.
  lateAfter = 60,
) {
  const checkoutStatus = vi.fn(async (): Promise<CheckoutStatus> => {
    const answer = answers.shift() ?? pending;
    if (answer instanceof Error) throw answer;
    return answer;
  });
  const refreshUser = vi.fn();
  const clearAddress = vi.fn();
  const actor = createActor(
    checkoutReturnMachine.provide({
      actors: { checkoutStatus: fromPromise(checkoutStatus) },
      actions: { refreshUser, clearAddress },
      delays: { pollInterval: 10, lateAfter, latePollInterval: 60_000 },
    }),
    { input },
  ).start();
  return { actor, checkoutStatus, refreshUser, clearAddress };
}

describe('the return from the checkout', () => {
  it('says what was bought while waiting, then the late state, "Check again", then the new balance', async () => {
    await startSession();
    const flow = returnFlow([pending]);
    renderInApp(<CheckoutReturnNotice flow={flow.actor} />);
    expect(
      await screen.findByText('Thank you for buying Starter Pack (1,000 credits). Adding your credits...'),
    ).toBeInTheDocument();
    expect(await screen.findByText(LATE_MESSAGE)).toBeInTheDocument();
    expect(flow.refreshUser).not.toHaveBeenCalled();
    const calls = flow.checkoutStatus.mock.calls.length;
    flow.checkoutStatus.mockResolvedValueOnce({ ...pending, fulfilled: true, balance: 1050 });
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    const notice = await screen.findByTestId('checkout-return');
    await waitFor(() => expect(notice).toHaveAttribute('data-state', 'granted'));
    expect(flow.checkoutStatus.mock.calls.length).toBe(calls + 1);
    expect(notice).toHaveTextContent(
      'Thank you! Payment received for Starter Pack (1,000 credits): 1,000 credits added. Your balance is now 1,050 credits.',
    );
    expect(flow.refreshUser).toHaveBeenCalledTimes(1);
    expect(flow.clearAddress).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('checkout-return')).toBeNull();
  });

  it('a plan bought says which and its cycle', async () => {
    await startSession();
    const granted = {
      ...pending,
      kind: 'subscription' as const,
      priceId: null,
      planId: 'pro' as const,
      billingCycle: 'monthly' as const,
      credits: 2500,
      fulfilled: true,
      balance: 2550,
    };
    const flow = returnFlow([granted]);
    renderInApp(<CheckoutReturnNotice flow={flow.actor} />);
    expect(await screen.findByTestId('checkout-return')).toHaveTextContent(
      'Thank you! Payment received for the Pro plan, billed monthly: 2,500 credits added. Your balance is now 2,550 credits.',
    );
  });

  it('a cancelled checkout says nothing was charged; an unknown one shows the error and can check again', async () => {
    await startSession();
    const cancelled = returnFlow([], { outcome: 'cancel', sessionId: null });
    renderInApp(<CheckoutReturnNotice flow={cancelled.actor} />);
    expect(screen.getByText('Checkout cancelled. You have not been charged.')).toBeInTheDocument();
    expect(cancelled.clearAddress).toHaveBeenCalledTimes(1);
    expect(cancelled.checkoutStatus).not.toHaveBeenCalled();
    cleanup();

    const failing = returnFlow([Object.assign(new Error('Checkout not found'), { status: 404 })]);
    renderInApp(<CheckoutReturnNotice flow={failing.actor} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Checkout not found');
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(failing.checkoutStatus).toHaveBeenCalledTimes(2));
  });

  it('a delayed payment that failed says so, adds nothing and offers only Dismiss (CHECKOUT-7)', async () => {
    await startSession();
    const flow = returnFlow([pending, { ...pending, status: 'failed' as const }], undefined, 60_000);
    renderInApp(<CheckoutReturnNotice flow={flow.actor} />);
    await waitFor(() => expect(screen.getByTestId('checkout-return')).toHaveAttribute('data-state', 'paymentFailed'));
    expect(screen.getByRole('alert')).toHaveTextContent(PAYMENT_FAILED_MESSAGE);
    expect(screen.queryByRole('button', { name: 'Check again' })).toBeNull();
    expect(flow.refreshUser).not.toHaveBeenCalled();
    expect(flow.clearAddress).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('checkout-return')).toBeNull();
  });
});
