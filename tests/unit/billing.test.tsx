import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { ApiError } from '../../src/api/client';
import { listenForReturn, purchaseWith } from '../../src/app/checkout';
import { checkoutFlow } from '../../src/flows/billing/billing.effects';
import { requestPurchase } from '../../src/flows/session/session.effects';
import { deferred, fakeApi, fakeEndpoints, freeUser, proUser, renderInApp, startSession } from './views/helpers';
import { PacksPage } from '../../src/features/billing/PacksPage';
import { PlansPage } from '../../src/features/billing/PlansPage';
import { plans, toolByKey } from '../../src/catalog';
import { creditsBuy, runsFor } from '../../src/catalog/credit-worth';
import { flowContext } from '../../src/app/flow-context';

type Session = { sessionId?: string; url?: string };

/** A checkout actor whose calls the test settles, handed to the page as its route hands the real one. */
function fakeCheckout() {
  const subscription = deferred<Session>();
  const pack = deferred<Session>();
  const endpoints = {
    createSubscription: vi.fn((_: { planId: string; billingCycle: string }) => subscription.promise),
    createCheckoutSession: vi.fn((_: { priceId: string; credits?: number | undefined }) => pack.promise),
  };
  const redirect = vi.fn();
  const alert = vi.fn();
  const log = vi.fn();
  const win = { location: { assign: redirect }, alert, console: { error: log } } as unknown as typeof window;
  const actor = createActor(
    checkoutFlow.create(flowContext(null, { api: fakeApi(endpoints), window: () => win })),
  ).start();
  return { actor, endpoints, subscription, pack, redirect, alert, log };
}

const session = { sessionId: 'cs_local_1', url: 'http://localhost/checkout/cs_local_1' };
const planButtons = () =>
  ['Standard', 'Pro', 'Enterprise'].map((name) => within(screen.getByRole('region', { name })).getByRole('button'));
const packButtons = () => screen.getAllByRole('button', { name: /^Buy|Processing/ });

describe('plans page', () => {
  it('BILL-1, BILL-4: defaults to annual billing with the yearly charge, and switches to monthly prices', () => {
    renderInApp(<PlansPage checkout={fakeCheckout().actor} />);
    expect(screen.getByRole('button', { name: /Annually/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByText('Save up to 20%')).toBeInTheDocument();
    expect(screen.getByText('Billed $144 a year')).toBeInTheDocument();
    expect(screen.getByText('$12')).toBeInTheDocument();
    expect(screen.getByText('Priority Support')).toBeInTheDocument();
    expect(screen.getByText('Premium Support')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(screen.getByText('$15')).toBeInTheDocument();
    expect(screen.getByText('$90')).toBeInTheDocument();
    expect(screen.queryByText('Billed $144 a year')).toBeNull();
  });

  it("BILL-7: each plan says what its month of credits buys, at the tools' own costs", () => {
    renderInApp(<PlansPage checkout={fakeCheckout().actor} />);
    for (const plan of plans) {
      const [image, video, text] = runsFor(plan.credits);
      expect(image!.runs).toBe(Math.floor(plan.credits / toolByKey('text-to-image').cost));
      expect(video!.runs).toBe(Math.floor(plan.credits / toolByKey('text-to-video').cost));
      expect(text!.runs).toBe(Math.floor(plan.credits / toolByKey('text-to-text').cost));
      const count = (n: number) => n.toLocaleString('en-US');
      expect(
        within(screen.getByRole('region', { name: plan.name })).getByText(
          `About ${count(image!.runs)} images, ${count(video!.runs)} video clips or ${count(text!.runs)} text generations a month`,
        ),
      ).toBeInTheDocument();
    }
    // Standard's 1,000 credits at 8, 20 and 5 credits a run.
    expect(creditsBuy(1000)).toBe('About 125 images, 50 video clips or 200 text generations');
  });

  it('AUTH-7: asks a visitor to sign in (the login dialog) when they choose a plan or a pack', async () => {
    const checkout = fakeCheckout();
    const { session } = await startSession();
    renderInApp(<PlansPage checkout={checkout.actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    expect(session.getSnapshot().context.dialog).toEqual({ open: true, mode: 'login' });
    session.send({ type: 'auth.dialog.close' });
    renderInApp(<PacksPage checkout={checkout.actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy 2,500 credits' }));
    expect(session.getSnapshot().context.dialog).toEqual({ open: true, mode: 'login' });
    expect(checkout.endpoints.createSubscription).not.toHaveBeenCalled();
    expect(checkout.endpoints.createCheckoutSession).not.toHaveBeenCalled();
    expect(checkout.actor.getSnapshot().value).toBe('idle');
  });

  it("BILL-5: labels the user's current plan 'Current Plan' and disables it, in either cycle", async () => {
    const checkout = fakeCheckout();
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    renderInApp(<PlansPage checkout={checkout.actor} />);
    const [standard, pro, enterprise] = planButtons();
    expect(pro).toHaveTextContent('Current Plan');
    expect(pro).toBeDisabled();
    expect(standard).toBeEnabled();
    expect(enterprise).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    expect(planButtons()[1]).toHaveTextContent('Current Plan');
    expect(planButtons()[1]).toBeDisabled();
  });

  it('CHECKOUT-1, BILL-5: subscribes with the chosen cycle, disables every plan button while processing, then redirects', async () => {
    const checkout = fakeCheckout();
    await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    renderInApp(<PlansPage checkout={checkout.actor} />);
    expect(screen.queryByText('Current Plan')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Monthly' }));
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Pro' }));
    await waitFor(() =>
      expect(checkout.endpoints.createSubscription).toHaveBeenCalledWith({ planId: 'pro', billingCycle: 'monthly' }),
    );
    for (const button of planButtons()) expect(button).toBeDisabled();
    expect(planButtons()[1]).toHaveTextContent('Processing...');
    await act(async () => checkout.subscription.resolve(session));
    expect(checkout.redirect).toHaveBeenCalledWith(session.url);
    // Leaving for the hosted checkout: the buttons stay disabled until the page is gone.
    for (const button of planButtons()) expect(button).toBeDisabled();
  });

  it('CHECKOUT-3: only logs a failed subscription and enables the buttons again', async () => {
    const checkout = fakeCheckout();
    await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    renderInApp(<PlansPage checkout={checkout.actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to Standard' }));
    await waitFor(() => expect(planButtons()[0]).toBeDisabled());
    await act(async () => checkout.subscription.reject(new ApiError('Unknown plan', 400)));
    expect(checkout.log).toHaveBeenCalledWith('Unknown plan', expect.any(ApiError));
    expect(checkout.alert).not.toHaveBeenCalled();
    expect(checkout.redirect).not.toHaveBeenCalled();
    for (const button of planButtons()) expect(button).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Subscribe to Standard' })).toBeInTheDocument();
  });
});

describe('packs page', () => {
  it('CREDITS-5, CREDITS-6: lists the credit packs with price and price per credit', () => {
    renderInApp(<PacksPage checkout={fakeCheckout().actor} />);
    expect(screen.getByText('5,000')).toBeInTheDocument();
    expect(screen.getByText('$90')).toBeInTheDocument();
    expect(screen.getByText(/\$0\.0129 per credit/)).toBeInTheDocument();
  });

  it('CHECKOUT-1: buys a pack: the price id and credits go to the server, every pack button waits, then the redirect', async () => {
    const checkout = fakeCheckout();
    await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    renderInApp(<PacksPage checkout={checkout.actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy 1,000 credits' }));
    await waitFor(() =>
      expect(checkout.endpoints.createCheckoutSession).toHaveBeenCalledWith({
        priceId: 'price_credits_1000',
        credits: 1000,
      }),
    );
    expect(packButtons()).toHaveLength(3);
    for (const button of packButtons()) expect(button).toBeDisabled();
    expect(packButtons()[0]).toHaveTextContent('Processing...');
    await act(async () => checkout.pack.resolve(session));
    expect(checkout.redirect).toHaveBeenCalledWith(session.url);
  });

  it.each([
    [
      'a failed purchase',
      (c: ReturnType<typeof fakeCheckout>) => c.pack.reject(new ApiError('Unknown credit pack', 400)),
      'Purchase failed: Unknown credit pack',
    ],
    [
      'an answer without a session id',
      (c: ReturnType<typeof fakeCheckout>) => c.pack.resolve({}),
      'Purchase failed: No session ID returned from server',
    ],
  ])('CHECKOUT-2, CHECKOUT-4: alerts %s and enables the buttons again', async (_name, settle, message) => {
    const checkout = fakeCheckout();
    await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    renderInApp(<PacksPage checkout={checkout.actor} />);
    fireEvent.click(screen.getByRole('button', { name: 'Buy 5,000 credits' }));
    await waitFor(() => expect(packButtons()[2]).toBeDisabled());
    await act(async () => settle(checkout));
    expect(checkout.alert).toHaveBeenCalledWith(message);
    expect(checkout.redirect).not.toHaveBeenCalled();
    for (const button of packButtons()) expect(button).toBeEnabled();
  });
});

describe('checkout seam', () => {
  it('turns a signed-in purchase request into the checkout event', async () => {
    const checkout = fakeCheckout();
    const { session } = await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    requestPurchase(
      session,
      { kind: 'plan', planId: 'enterprise', billingCycle: 'annually' },
      purchaseWith(checkout.actor),
    );
    await waitFor(() =>
      expect(checkout.endpoints.createSubscription).toHaveBeenCalledWith({
        planId: 'enterprise',
        billingCycle: 'annually',
      }),
    );
    expect(checkout.actor.getSnapshot().context.pending).toBe('enterprise');
  });

  it('gives the buttons back when the page is restored from the back-forward cache', async () => {
    const checkout = fakeCheckout();
    await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    const stop = listenForReturn(checkout.actor);
    purchaseWith(checkout.actor)({ kind: 'pack', packId: 'price_credits_2500', credits: 2500 });
    await act(async () => checkout.pack.resolve(session));
    expect(checkout.actor.getSnapshot().value).toBe('redirecting');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: false }));
    expect(checkout.actor.getSnapshot().value).toBe('redirecting');
    window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    expect(checkout.actor.getSnapshot().value).toBe('idle');
    stop();
  });
});
