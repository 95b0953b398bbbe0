import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isRedirect } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { cancelSubscriptionMachine } from '../../../src/flows/account/cancel-subscription.machine';
import { changeEmailMachine } from '../../../src/flows/account/change-email.machine';
import { changePasswordMachine } from '../../../src/flows/account/change-password.machine';
import { deleteAccountMachine } from '../../../src/flows/account/delete-account.machine';
import { creditCsvMachine } from '../../../src/flows/billing/credit-csv.machine';
import { creditHistoryMachine } from '../../../src/flows/billing/credit-history.machine';
import { monthName, monthOf, shiftMonth, spendingMachine } from '../../../src/flows/billing/spending.machine';
import type { CreditHistoryAnswer, SpendingAnswer, User } from '../../../src/api/schemas';
import { defineFlow } from '../../../src/flows/shared/flow.effects';
import { SettingsPage, type SettingsLogic } from '../../../src/features/account/SettingsPage';
import { Route as SettingsRoute } from '../../../src/routes/settings';
import { currentSession, deferred, fakeEndpoints, freeUser, proUser, renderWithRouter, startSession } from './helpers';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fakeLogic() {
  const changeEmail = vi.fn(async ({ input }: { input: { newEmail: string; currentPassword: string } }) => ({
    message: 'ok',
    user: { ...proUser, email: input.newEmail },
  }));
  const deleteAccount = vi.fn(async (): Promise<unknown> => ({}));
  const cancelSubscription = vi.fn(async () => ({ success: true }));
  const reloadPage = vi.fn();
  const loadHistory = vi.fn(async ({ input }: { input: { cursor: string | null } }): Promise<CreditHistoryAnswer> =>
    input.cursor === null ? historyPages.first : historyPages.older,
  );
  const loadSpending = vi.fn(async ({ input }: { input: { month: string } }): Promise<SpendingAnswer> =>
    input.month === thisMonth ? spendingThisMonth : { month: input.month, total: 0, tools: [] },
  );
  const fetchCsv = vi.fn(async (): Promise<string> => 'date,description,change,balance\r\n');
  const saveCsv = vi.fn();
  const logic: SettingsLogic = {
    spending: defineFlow(spendingMachine)(() => ({ actors: { loadSpending: fromPromise(loadSpending) } })),
    creditCsv: defineFlow(creditCsvMachine)(() => ({
      actors: { fetchCsv: fromPromise(fetchCsv) },
      actions: { saveCsv: (_, params) => saveCsv(params) },
    })),
    creditHistory: defineFlow(creditHistoryMachine)(() => ({ actors: { loadHistory: fromPromise(loadHistory) } })),
    changeEmail: defineFlow(changeEmailMachine)(() => ({
      actors: { changeEmail: fromPromise(changeEmail) },
      actions: { userUpdated: (_, p) => currentSession().send({ type: 'user.updated', user: p.user }) },
    })),
    changePassword: defineFlow(changePasswordMachine)(() => ({ delays: { simulatedUpdate: 10 } })),
    deleteAccount: defineFlow(deleteAccountMachine)(() => ({
      actors: { deleteAccount: fromPromise(deleteAccount) },
      actions: { accountDeleted: () => currentSession().send({ type: 'account.deleted' }) },
    })),
    cancelSubscription: defineFlow(cancelSubscriptionMachine)(() => ({
      actors: { cancelSubscription: fromPromise(cancelSubscription) },
      actions: { reloadPage },
    })),
  };
  return {
    logic,
    changeEmail,
    deleteAccount,
    cancelSubscription,
    reloadPage,
    loadHistory,
    loadSpending,
    fetchCsv,
    saveCsv,
  };
}

/** A credit history cell: the day (noon UTC, the same day in the zones people live in) and a time to the minute. */
const at = (day: string) => new RegExp(`^${day}(,| at) \\d{1,2}:\\d{2}\\s?[AP]M$`);
const thisMonth = monthOf(new Date());
const spendingThisMonth: SpendingAnswer = {
  month: thisMonth,
  total: 1057,
  tools: [
    { tool: 'text-to-advertisement', title: 'Text to Advertisement', runs: 5, credits: 1025 },
    { tool: 'text-to-text', title: 'Text Generation', runs: 6, credits: 32 },
  ],
};

/** proUser's 2,500 credits: sign-up 50, a pack, Pro's grant after Standard's expiry, a run and its refund. */
const historyPages: { first: CreditHistoryAnswer; older: CreditHistoryAnswer } = {
  first: {
    entries: [
      {
        id: '7',
        at: '2026-11-23T12:05:00.000Z',
        kind: 'refund',
        delta: 7,
        balance: 2500,
        predictionId: 'pred_2',
        tool: 'Text to Image',
      },
      {
        id: '6',
        at: '2026-11-23T12:04:00.000Z',
        kind: 'spend',
        delta: -7,
        balance: 2493,
        predictionId: 'pred_2',
        tool: 'Text to Image',
      },
      { id: '5', at: '2026-11-22T12:00:00.000Z', kind: 'subscription', delta: 2500, balance: 2500 },
      { id: '4', at: '2026-11-22T12:00:00.000Z', kind: 'expire', delta: -1000, balance: 0 },
    ],
    nextCursor: '4',
  },
  older: {
    entries: [
      { id: '3', at: '2026-11-21T12:00:00.000Z', kind: 'subscription', delta: 1000, balance: 1000 },
      {
        id: '2',
        at: '2026-11-20T12:00:00.000Z',
        kind: 'spend',
        delta: -50,
        balance: 0,
        predictionId: 'pred_1',
        tool: 'Text Generation',
      },
      { id: '1', at: '2026-11-19T12:00:00.000Z', kind: 'signup', delta: 50, balance: 50 },
    ],
    nextCursor: null,
  },
};

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/settings › Billing: balance, credit dates and the credit history', () => {
  const withCredits: User = {
    ...proUser,
    subscription: {
      ...proUser.subscription!,
      subscriptionCredits: 2500,
      nextGrantAt: '2026-12-21T12:00:00.000Z',
      creditsExpireAt: '2026-12-21T12:00:00.000Z',
    },
  };

  it('shows the balance with the next grant and the expiry of the subscription credits beside it', async () => {
    await startSession({ endpoints: fakeEndpoints(withCredits), token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    const billing = within(screen.getByRole('region', { name: 'Billing' }));
    expect(billing.getByTestId('billing-balance')).toHaveTextContent('2,500 credits');
    expect(billing.getByTestId('next-grant')).toHaveTextContent('December 21, 2026');
    expect(billing.getByText('2,500 Pro credits expire')).toBeInTheDocument();
    expect(billing.getByTestId('credits-expire')).toHaveTextContent('December 21, 2026');
  });

  it('ACCOUNT-9: lists the ledger newest first with what, change and running balance; tool runs link to their creation', async () => {
    await startSession({ endpoints: fakeEndpoints(withCredits), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    const table = await screen.findByRole('table', { name: 'Credit history' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(
      rows().map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      [expect.stringMatching(at('Nov 23, 2026')), 'Refund: Text to Image', '+7', '2,500'],
      [expect.stringMatching(at('Nov 23, 2026')), 'Tool run: Text to Image', '−7', '2,493'],
      [expect.stringMatching(at('Nov 22, 2026')), 'Subscription credits', '+2,500', '2,500'],
      [expect.stringMatching(at('Nov 22, 2026')), 'Unused subscription credits expired', '−1,000', '0'],
    ]);
    // Each entry says its time as well as its day, and gives the moment itself to machines.
    expect(rows().map((r) => r.querySelector('time')?.getAttribute('datetime'))).toEqual([
      '2026-11-23T12:05:00.000Z',
      '2026-11-23T12:04:00.000Z',
      '2026-11-22T12:00:00.000Z',
      '2026-11-22T12:00:00.000Z',
    ]);
    // The newest running balance is the balance shown.
    expect(within(rows()[0]!).getAllByRole('cell')[3]).toHaveTextContent('2,500');
    expect(screen.getByTestId('billing-balance')).toHaveTextContent('2,500 credits');
    expect(within(rows()[1]!).getByRole('link', { name: 'Tool run: Text to Image' })).toHaveAttribute(
      'href',
      '/creations/pred_2',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    await waitFor(() => expect(rows()).toHaveLength(7));
    expect(fakes.loadHistory).toHaveBeenLastCalledWith(expect.objectContaining({ input: { cursor: '4' } }));
    expect(within(rows()[6]!).getAllByRole('cell')[1]).toHaveTextContent('Free credits on sign-up');
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('a cancelled plan says until when it and its credits stay', async () => {
    const cancelled: User = {
      ...withCredits,
      subscription: { ...withCredits.subscription!, cancelAt: '2026-12-21T12:00:00.000Z', nextGrantAt: null },
    };
    await startSession({ endpoints: fakeEndpoints(cancelled), token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    expect(
      screen.getByText(
        'Cancelled: your Pro plan and its credits stay until December 21, 2026; then you move to the Free plan.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('next-grant')).toBeNull();
  });
});

describe('/settings › Billing: spending this month and the CSV', () => {
  it('CREDITS-9: shows the month by tool, most spent first, as bars hidden from assistive technology and a table with a total', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    const section = within(screen.getByRole('region', { name: /^Spending in / }));
    const table = await section.findByRole('table', { name: `Credits spent in ${monthName(thisMonth)}, by tool` });
    expect(fakes.loadSpending).toHaveBeenCalledWith(expect.objectContaining({ input: { month: thisMonth } }));
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => Array.from(r.children).map((c) => c.textContent)),
    ).toEqual([
      ['Tool', 'Runs', 'Credits'],
      ['Text to Advertisement', '5', '1,025'],
      ['Text Generation', '6', '32'],
      ['Total', '11', '1,057'],
    ]);
    const chart = screen.getByTestId('spending-chart');
    expect(chart).toHaveAttribute('aria-hidden', 'true');
    // Each bar carries its credits; the heading names the month shown.
    expect(Array.from(chart.querySelectorAll('li'), (li) => li.textContent)).toEqual([
      'Text to Advertisement1,025',
      'Text Generation32',
    ]);
    expect(section.getByRole('heading', { name: `Spending in ${monthName(thisMonth)}` })).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Next month' })).toBeDisabled();
  });

  it('CREDITS-10: an earlier month without runs says so by name; Next month comes back', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    const section = within(screen.getByRole('region', { name: /^Spending in / }));
    await section.findByRole('table');
    fireEvent.click(section.getByRole('button', { name: 'Previous month' }));
    const before = shiftMonth(thisMonth, -1);
    expect(await section.findByText(`No credits spent in ${monthName(before)}.`)).toBeInTheDocument();
    expect(section.getByRole('heading', { name: `Spending in ${monthName(before)}` })).toBeInTheDocument();
    expect(section.queryByRole('table')).toBeNull();
    fireEvent.click(section.getByRole('button', { name: 'Next month' }));
    expect(await section.findByRole('table')).toBeInTheDocument();
    expect(fakes.loadSpending.mock.calls.map(([c]) => c.input.month)).toEqual([thisMonth, before, thisMonth]);
  });

  it('CREDITS-9: no month before the account was made: Previous month stops at its month', async () => {
    const madeLastMonth = `${shiftMonth(thisMonth, -1)}-20T12:00:00.000Z`;
    await startSession({ endpoints: fakeEndpoints({ ...proUser, createdAt: madeLastMonth }), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    const section = within(screen.getByRole('region', { name: /^Spending in / }));
    await section.findByRole('table');
    fireEvent.click(section.getByRole('button', { name: 'Previous month' }));
    const before = shiftMonth(thisMonth, -1);
    expect(await section.findByText(`No credits spent in ${monthName(before)}.`)).toBeInTheDocument();
    expect(section.getByRole('button', { name: 'Previous month' })).toBeDisabled();
    expect(section.getByRole('button', { name: 'Next month' })).toBeEnabled();
    expect(fakes.loadSpending.mock.calls.map(([c]) => c.input.month)).toEqual([thisMonth, before]);
  });

  it('CREDITS-10: a failed month shows the message with Try again, which loads it again', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    fakes.loadSpending.mockRejectedValueOnce({ message: 'Unauthorized' });
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    const section = within(screen.getByRole('region', { name: /^Spending in / }));
    expect(await section.findByRole('alert')).toHaveTextContent('Unauthorized');
    fireEvent.click(section.getByRole('button', { name: 'Try again' }));
    expect(await section.findByRole('table')).toBeInTheDocument();
  });

  it('CREDITS-11: Download CSV is busy while the file comes, then saves its text', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    const file = deferred<string>();
    fakes.fetchCsv.mockReturnValueOnce(file.promise);
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByRole('button', { name: 'Downloading...' })).toBeDisabled();
    file.resolve('date,description,change,balance\r\n');
    expect(await screen.findByRole('button', { name: 'Download CSV' })).toBeEnabled();
    expect(fakes.saveCsv).toHaveBeenCalledWith({ text: 'date,description,change,balance\r\n' });
  });

  it('CREDITS-12: a failed download says why, and Download CSV tries again', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    fakes.fetchCsv.mockRejectedValueOnce({});
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(await screen.findByText('Failed to download the credit history. Please try again.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Download CSV' }));
    await waitFor(() => expect(fakes.saveCsv).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Failed to download the credit history. Please try again.')).toBeNull();
  });
});

describe('/settings', () => {
  it('ACCOUNT-1: shows account, security and billing of a free user', async () => {
    await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'Add Credits' })).toHaveAttribute('href', '/credits');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('ACCOUNT-1: shows a paid plan with Manage Plan, its cycle and dates', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('December 21, 2026')).toBeInTheDocument();
    expect(screen.getByText('January 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Plan' })).toBeInTheDocument();
  });

  it('ACCOUNT-2: changes the email and the session shows the new one', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    expect(screen.getByLabelText('New Email')).toHaveAttribute('type', 'email');
    type('New Email', 'new@example.com');
    type('Current Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByText('Email updated successfully')).toBeInTheDocument();
    expect(screen.getByText('new@example.com')).toBeInTheDocument();
    expect(fakes.changeEmail).toHaveBeenCalledWith(
      expect.objectContaining({ input: { newEmail: 'new@example.com', currentPassword: 'secret1' } }),
    );
  });

  it("ACCOUNT-2: shows 'Failed to update email' when the call fails without a message", async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    fakes.changeEmail.mockRejectedValueOnce({});
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change Email' }));
    type('New Email', 'new@example.com');
    type('Current Password', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Email' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update email');
  });

  it('ACCOUNT-3, ACCOUNT-4: checks the new passwords and simulates the update', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Change Password' }));
    type('New Password', 'a1');
    type('Confirm New Password', 'a2');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('New passwords do not match');
    type('Confirm New Password', 'a1');
    fireEvent.click(screen.getByRole('button', { name: 'Update Password' }));
    expect(await screen.findByText('Password updated successfully')).toBeInTheDocument();
  });

  it('ACCOUNT-5: deletes the account after the exact confirmation and goes to / with the notice', async () => {
    const { navigate, storage } = await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Delete Account' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete your account? This action cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/', message: 'Account successfully deleted' }));
    expect(storage.deleteToken).toHaveBeenCalled();
    expect(currentSession().getSnapshot().context.user).toBeNull();
  });

  it('ACCOUNT-6: shows the delete failure', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    fakes.deleteAccount.mockRejectedValueOnce(new Error('x'));
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete account. Please try again.');
  });

  it('ACCOUNT-7: cancels a paid subscription after confirming and reloads', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel subscription' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes, cancel' }));
    await waitFor(() => expect(fakes.reloadPage).toHaveBeenCalled());
  });

  it('logs out through the session and leaves', async () => {
    const endpoints = fakeEndpoints(proUser);
    const { navigateTo, storage } = await startSession({ endpoints, token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/'));
    expect(endpoints.logout).toHaveBeenCalled();
    expect(storage.deleteToken).toHaveBeenCalled();
  });

  it("ACCOUNT-8: shows 'Failed to logout. Please try again.'", async () => {
    const endpoints = fakeEndpoints(proUser);
    endpoints.logout.mockRejectedValueOnce(new Error('x'));
    await startSession({ endpoints, token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to logout. Please try again.');
  });
});

describe('/settings guard', () => {
  const beforeLoad = SettingsRoute.options.beforeLoad as unknown as (a: { context: unknown }) => Promise<void>;

  it('NAV-6: redirects a visitor to /', async () => {
    const { session } = await startSession();
    const error = await beforeLoad({ context: { session } }).catch((e: unknown) => e);
    expect(isRedirect(error)).toBe(true);
    expect((error as { options: { to: string } }).options.to).toBe('/');
  });

  it('waits for the startup check, then lets a signed-in user in', async () => {
    const endpoints = fakeEndpoints(proUser);
    const user = deferred<typeof proUser>();
    endpoints.getUser.mockReturnValueOnce(user.promise);
    const { createActor } = await import('xstate');
    const { sessionLogic } = await import('../../../src/flows/session/session.effects');
    const session = createActor(
      sessionLogic({
        endpoints,
        navigate: vi.fn(),
        storage: { readToken: () => 't', storeToken: vi.fn(), deleteToken: vi.fn() },
      }),
    ).start();
    const guard = beforeLoad({ context: { session } });
    let settled = false;
    void guard.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    user.resolve(proUser);
    await expect(guard).resolves.toBeUndefined();
    session.stop();
  });
});
