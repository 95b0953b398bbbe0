import { describe, expect, it } from 'vitest';
import { describeFlows, done, elapse, fail, scenario } from './harness';
import {
  checkoutModel,
  checkoutReturnCancelModel,
  checkoutReturnNoneModel,
  checkoutReturnPaidModel,
  creditCsvModel,
  creditHistoryModel,
  spendingModel,
} from './models/billing.models';
import {
  checkoutSessionAnswer,
  creditCsvText,
  spendingNovember,
  spendingOctober,
  historyFirstPage,
  historyLastPage,
  proGranted,
  proPending,
} from '../../src/flows/billing/billing.examples';
import { serverError, silentError } from './models/fixtures';
import { csvFileName } from '../../src/flows/billing/credit-csv.machine';
import { emptyMonthText, monthName, monthOf, monthOfStamp, shiftMonth } from '../../src/flows/billing/spending.machine';

describeFlows('checkout', checkoutModel);
describeFlows('checkoutReturn (paid)', checkoutReturnPaidModel);
describeFlows('checkoutReturn (cancelled)', checkoutReturnCancelModel);

const subscribe = { type: 'checkout.subscribe', planId: 'pro', billingCycle: 'monthly' };
const buyPack = { type: 'checkout.buyPack', priceId: 'price_credits_1000', credits: 1000 };

describe('subscription checkout', () => {
  it('CHECKOUT-1: asks for a session with the plan and cycle, stays busy, then redirects to the hosted checkout', async () => {
    const asking = await scenario(checkoutModel, [subscribe]);
    expect(asking.started).toEqual([{ id: 'createSubscription', input: { planId: 'pro', billingCycle: 'monthly' } }]);
    expect(asking.snapshot.hasTag('busy')).toBe(true);
    expect(asking.snapshot.can(buyPack as never)).toBe(false);
    expect(asking.snapshot.context).toEqual({ pending: 'pro' });

    const r = await scenario(checkoutModel, [subscribe, done('createSubscription', checkoutSessionAnswer)]);
    expect(r.effects).toEqual([{ name: 'redirectToCheckout', params: checkoutSessionAnswer }]);
    expect(r.snapshot.value).toBe('redirecting');
    expect(r.snapshot.hasTag('busy')).toBe(true);
  });

  it.each([
    [
      'a missing session id',
      done('createSubscription', { url: checkoutSessionAnswer.url }),
      'No session ID returned from server',
    ],
    ['a server failure', fail('createSubscription', serverError('Unknown plan')), 'Unknown plan'],
    ['a failure without a message', fail('createSubscription', silentError), 'Failed to create subscription'],
  ])('only logs %s and is ready again', async (_name, outcome, message) => {
    const r = await scenario(checkoutModel, [subscribe, outcome]);
    expect(r.effects.map((e) => e.name)).toEqual(['logError']);
    expect((r.effects[0]?.params as { message: string }).message).toBe(message);
    expect(r.snapshot.value).toBe('idle');
    expect(r.snapshot.context).toEqual({ pending: null });
    expect(r.snapshot.can(subscribe as never)).toBe(true);
  });
});

describe('credit pack checkout', () => {
  it('CHECKOUT-1: asks for a session with the price id and credits, then redirects', async () => {
    const r = await scenario(checkoutModel, [buyPack, done('createCheckoutSession', checkoutSessionAnswer)]);
    expect(r.started).toEqual([
      { id: 'createCheckoutSession', input: { priceId: 'price_credits_1000', credits: 1000 } },
    ]);
    expect(r.effects).toEqual([{ name: 'redirectToCheckout', params: checkoutSessionAnswer }]);
  });

  it.each([
    ['a missing session id', done('createCheckoutSession', {}), 'Purchase failed: No session ID returned from server'],
    [
      'a server failure',
      fail('createCheckoutSession', serverError('Unknown credit pack')),
      'Purchase failed: Unknown credit pack',
    ],
    [
      'a failure without a message',
      fail('createCheckoutSession', silentError),
      'Purchase failed: Failed to create checkout session',
    ],
  ])('alerts %s and is ready again', async (_name, outcome, message) => {
    const r = await scenario(checkoutModel, [buyPack, outcome]);
    expect(r.effects).toEqual([{ name: 'alert', params: { message } }]);
    expect(r.snapshot.value).toBe('idle');
    expect(r.snapshot.hasTag('busy')).toBe(false);
  });

  it('ignores a second purchase while the first is in flight', async () => {
    const r = await scenario(checkoutModel, [buyPack, subscribe]);
    expect(r.started.map((s) => s.id)).toEqual(['createCheckoutSession']);
  });

  it('is ready again when the browser comes back from the hosted checkout', async () => {
    const r = await scenario(checkoutModel, [
      buyPack,
      done('createCheckoutSession', checkoutSessionAnswer),
      { type: 'checkout.return' },
    ]);
    expect(r.snapshot.value).toBe('idle');
    expect(r.snapshot.hasTag('busy')).toBe(false);
  });
});

describe('return from the checkout', () => {
  const check = { type: 'checkout.return.check' };
  const dismiss = { type: 'checkout.return.dismiss' };

  it('CHECKOUT-5: asks about its session; granted at once: new balance, user refreshed, address cleared', async () => {
    const r = await scenario(checkoutReturnPaidModel, [done('checkoutStatus', proGranted)]);
    expect(r.started).toEqual([{ id: 'checkoutStatus', input: { sessionId: 'cs_local_1' } }]);
    expect(r.snapshot.value).toEqual({ ended: 'granted' });
    expect(r.snapshot.context).toMatchObject({ balance: 2550, purchase: proGranted });
    expect(r.effects.map((e) => e.name)).toEqual(['refreshUser', 'clearAddress']);
  });

  it('polls every pollInterval while the webhook has not landed, knowing what was bought', async () => {
    const r = await scenario(checkoutReturnPaidModel, [
      done('checkoutStatus', proPending),
      elapse('pollInterval', 'checkoutReturn.confirming.waiting'),
      done('checkoutStatus', proPending),
    ]);
    expect(r.snapshot.value).toEqual({ confirming: 'waiting' });
    expect(r.snapshot.hasTag('waiting')).toBe(true);
    expect(r.snapshot.context.purchase).toEqual(proPending);
    expect(r.started).toHaveLength(2);
    expect(r.effects).toEqual([]);
  });

  it('says the credits are on their way when late, checks again on request, then shows the balance', async () => {
    const late = await scenario(checkoutReturnPaidModel, [
      done('checkoutStatus', proPending),
      elapse('lateAfter', 'checkoutReturn.confirming'),
    ]);
    expect(late.snapshot.value).toEqual({ late: 'waiting' });
    expect(late.snapshot.hasTag('late')).toBe(true);
    expect(late.snapshot.can(check as never)).toBe(true);

    const r = await scenario(checkoutReturnPaidModel, [
      done('checkoutStatus', proPending),
      elapse('lateAfter', 'checkoutReturn.confirming'),
      check,
      fail('checkoutStatusLate', new Error('offline')),
      check,
      done('checkoutStatusLate', proGranted),
    ]);
    expect(r.snapshot.value).toEqual({ ended: 'granted' });
    expect(r.snapshot.context.balance).toBe(2550);
    expect(r.effects.map((e) => e.name)).toEqual(['refreshUser', 'clearAddress']);
  });

  it('keeps asking on its own while late', async () => {
    const r = await scenario(checkoutReturnPaidModel, [
      done('checkoutStatus', proPending),
      elapse('lateAfter', 'checkoutReturn.confirming'),
      elapse('latePollInterval', 'checkoutReturn.late.waiting'),
    ]);
    expect(r.snapshot.value).toEqual({ late: 'checking' });
    expect(r.started.map((s) => s.id).at(-1)).toBe('checkoutStatusLate');
  });

  it('an unknown checkout fails with the server message; check again starts over, dismiss clears', async () => {
    const failed = await scenario(checkoutReturnPaidModel, [fail('checkoutStatus', { message: 'Checkout not found' })]);
    expect(failed.snapshot.value).toBe('failed');
    expect(failed.snapshot.context.error).toBe('Checkout not found');
    const again = await scenario(checkoutReturnPaidModel, [fail('checkoutStatus', new Error('x')), check]);
    expect(again.snapshot.value).toEqual({ confirming: 'checking' });
    expect(again.snapshot.context.error).toBeNull();
    const closed = await scenario(checkoutReturnPaidModel, [fail('checkoutStatus', new Error('x')), dismiss]);
    expect(closed.snapshot.value).toBe('idle');
    expect(closed.effects.map((e) => e.name)).toEqual(['clearAddress']);
  });

  it('a cancelled checkout clears the address and asks nothing; no return shows nothing', async () => {
    const cancelled = await scenario(checkoutReturnCancelModel, []);
    expect(cancelled.snapshot.value).toEqual({ ended: 'cancelled' });
    expect(cancelled.started).toEqual([]);
    expect(cancelled.effects.map((e) => e.name)).toEqual(['clearAddress']);
    const none = await scenario(checkoutReturnNoneModel, []);
    expect(none.snapshot.value).toBe('idle');
    expect(none.effects).toEqual([]);
  });
});

describeFlows('creditHistory', creditHistoryModel);

describe('credit history', () => {
  it('ACCOUNT-9: loads the newest page, then appends the older one on "Show more" until there is none', async () => {
    const r = await scenario(creditHistoryModel, [
      done('loadFirst', historyFirstPage),
      { type: 'history.more' },
      done('loadMore', historyLastPage),
      { type: 'history.more' },
    ]);
    expect(r.started).toEqual([
      { id: 'loadFirst', input: { cursor: null } },
      { id: 'loadMore', input: { cursor: '2' } },
    ]);
    expect(r.snapshot.value).toBe('ready');
    expect((r.snapshot.context.entries as { id: string }[]).map((e) => e.id)).toEqual(['3', '2', '1']);
    expect(r.snapshot.context.nextCursor).toBeNull();
    expect(r.snapshot.can({ type: 'history.more' })).toBe(false);
  });

  it('a failed first page can be retried; a failed older page keeps what is shown and says so', async () => {
    const failed = await scenario(creditHistoryModel, [fail('loadFirst', silentError)]);
    expect(failed.snapshot.value).toBe('failed');
    expect(failed.snapshot.context.error).toBe('Failed to load the credit history. Please try again.');
    const retried = await scenario(creditHistoryModel, [fail('loadFirst', silentError), { type: 'history.retry' }]);
    expect(retried.snapshot.value).toBe('loading');
    expect(retried.snapshot.context.error).toBeNull();
    const more = await scenario(creditHistoryModel, [
      done('loadFirst', historyFirstPage),
      { type: 'history.more' },
      fail('loadMore', serverError('Server down')),
    ]);
    expect(more.snapshot.value).toBe('ready');
    expect(more.snapshot.context.entries).toHaveLength(2);
    expect(more.snapshot.context.error).toBe('Server down');
  });
});

describeFlows('spending', spendingModel);
describeFlows('creditCsv', creditCsvModel);

describe('spending by tool', () => {
  it('CREDITS-9: opens on the current month, goes back a month and forward again, never past the current one', async () => {
    const first = await scenario(spendingModel, []);
    expect(first.started).toEqual([{ id: 'loadSpending', input: { month: '2026-11' } }]);
    expect(first.snapshot.hasTag('loading')).toBe(true);
    expect(first.snapshot.can({ type: 'spending.previous' })).toBe(false);

    const shown = await scenario(spendingModel, [done('loadSpending', spendingNovember)]);
    expect(shown.snapshot.value).toBe('ready');
    expect(shown.snapshot.context.spending).toEqual(spendingNovember);
    expect(shown.snapshot.can({ type: 'spending.next' })).toBe(false);
    expect(shown.snapshot.can({ type: 'spending.previous' })).toBe(true);

    const back = await scenario(spendingModel, [
      done('loadSpending', spendingNovember),
      { type: 'spending.previous' },
      done('loadSpending', spendingOctober),
      { type: 'spending.next' },
    ]);
    expect(back.started.map((s) => s.input)).toEqual([
      { month: '2026-11' },
      { month: '2026-10' },
      { month: '2026-11' },
    ]);
    expect(back.snapshot.hasTag('loading')).toBe(true);
  });

  it('CREDITS-9: never before the month the account was made (October 2026 here)', async () => {
    const october = await scenario(spendingModel, [
      done('loadSpending', spendingNovember),
      { type: 'spending.previous' },
      done('loadSpending', spendingOctober),
      { type: 'spending.previous' },
    ]);
    expect(october.snapshot.value).toBe('ready');
    expect(october.snapshot.context.month).toBe('2026-10');
    expect(october.snapshot.can({ type: 'spending.previous' })).toBe(false);
    expect(october.started.map((s) => s.input)).toEqual([{ month: '2026-11' }, { month: '2026-10' }]);
    expect(monthOfStamp('2026-10-31T23:30:00.000Z')).toBe('2026-10');
    expect(monthOfStamp('not a date')).toBeNull();
    expect(monthOfStamp(null)).toBeNull();
  });

  it('CREDITS-10: an empty month says so by its name; a failed load says why and Try again loads it again', async () => {
    expect(emptyMonthText('2026-11')).toBe('No credits spent in November 2026.');
    const failed = await scenario(spendingModel, [fail('loadSpending', silentError)]);
    expect(failed.snapshot.value).toBe('failed');
    expect(failed.snapshot.context.error).toBe('Failed to load your spending. Please try again.');
    expect(failed.snapshot.can({ type: 'spending.previous' })).toBe(false);
    const told = await scenario(spendingModel, [fail('loadSpending', serverError('Unauthorized'))]);
    expect(told.snapshot.context.error).toBe('Unauthorized');
    const retried = await scenario(spendingModel, [fail('loadSpending', silentError), { type: 'spending.retry' }]);
    expect(retried.started.map((s) => s.input)).toEqual([{ month: '2026-11' }, { month: '2026-11' }]);
    expect(retried.snapshot.context.error).toBeNull();
  });

  it('CREDITS-9: months are counted across years in UTC', () => {
    expect(shiftMonth('2026-01', -1)).toBe('2025-12');
    expect(shiftMonth('2025-12', 1)).toBe('2026-01');
    expect(shiftMonth('2026-11', -23)).toBe('2024-12');
    expect(monthName('2026-01')).toBe('January 2026');
    expect(monthOf(new Date('2026-11-30T23:59:59.000Z'))).toBe('2026-11');
  });
});

describe('credit history CSV', () => {
  it('CREDITS-11: asks for the file, is busy meanwhile, then saves its text and is ready again', async () => {
    const asking = await scenario(creditCsvModel, [{ type: 'csv.download' }]);
    expect(asking.started).toEqual([{ id: 'fetchCsv', input: undefined }]);
    expect(asking.snapshot.hasTag('busy')).toBe(true);
    expect(asking.snapshot.can({ type: 'csv.download' })).toBe(false);
    const saved = await scenario(creditCsvModel, [{ type: 'csv.download' }, done('fetchCsv', creditCsvText)]);
    expect(saved.effects).toEqual([{ name: 'saveCsv', params: { text: creditCsvText } }]);
    expect(saved.snapshot.value).toBe('idle');
    expect(csvFileName(new Date('2026-11-26T23:30:00.000Z'))).toBe('atelier-credit-history-2026-11-26.csv');
  });

  it('CREDITS-12: a failed download says why, saves nothing, and Download CSV tries again', async () => {
    const failed = await scenario(creditCsvModel, [{ type: 'csv.download' }, fail('fetchCsv', silentError)]);
    expect(failed.effects).toEqual([]);
    expect(failed.snapshot.value).toBe('failed');
    expect(failed.snapshot.context.error).toBe('Failed to download the credit history. Please try again.');
    const told = await scenario(creditCsvModel, [
      { type: 'csv.download' },
      fail('fetchCsv', serverError('Unauthorized')),
    ]);
    expect(told.snapshot.context.error).toBe('Unauthorized');
    const again = await scenario(creditCsvModel, [
      { type: 'csv.download' },
      fail('fetchCsv', silentError),
      { type: 'csv.download' },
    ]);
    expect(again.snapshot.hasTag('busy')).toBe(true);
    expect(again.snapshot.context.error).toBeNull();
    expect(again.started).toHaveLength(2);
  });
});
