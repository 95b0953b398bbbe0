/**
 * Settings › Billing › Manage billing (CHECKOUT-9): hidden when the server says there is no customer portal
 * (local mode), shown when it says there is one; a click asks the server for a portal session through the
 * app's flow (src/app/billing-portal.ts) and sends the browser there, or shows the server's refusal.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import * as v from 'valibot';
import { fromPromise } from 'xstate';
import { PORTAL_FAILED } from '../../../src/flows/account/billing-portal.machine';
import { creditCsvMachine } from '../../../src/flows/billing/credit-csv.machine';
import { creditHistoryMachine } from '../../../src/flows/billing/credit-history.machine';
import { spendingMachine } from '../../../src/flows/billing/spending.machine';
import { ApiError } from '../../../src/api/client';
import { User, type CreditHistoryAnswer } from '../../../src/api/schemas';
import { billingPortalFlow } from '../../../src/flows/account/account.effects';
import { defineFlow } from '../../../src/flows/shared/flow.effects';
import { SettingsPage, type SettingsLogic } from '../../../src/features/account/SettingsPage';
import { deferred, fakeApi, fakeEndpoints, freeUser, proUser, renderWithRouter, startSession } from './helpers';

const portalUrl = 'https://billing.stripe.com/p/session/test_YWNjdF8x';

/** The page's other billing flows answer nothing; the portal's flow is the app's, with a fake API and window. */
function settingsWith(createBillingPortal: () => Promise<{ url: string }>) {
  const assign = vi.fn();
  const win = { location: { assign } } as unknown as Window & typeof globalThis;
  const logic: SettingsLogic = {
    spending: defineFlow(spendingMachine)(() => ({
      actors: { loadSpending: fromPromise(async ({ input }) => ({ month: input.month, total: 0, tools: [] })) },
    })),
    creditHistory: defineFlow(creditHistoryMachine)(() => ({
      actors: {
        loadHistory: fromPromise(async (): Promise<CreditHistoryAnswer> => ({ entries: [], nextCursor: null })),
      },
    })),
    creditCsv: defineFlow(creditCsvMachine)(() => ({ actors: { fetchCsv: fromPromise(async () => '') } })),
    billingPortal: billingPortalFlow.with({ api: fakeApi({ createBillingPortal }), window: () => win }),
  };
  return { logic, assign };
}

const billing = () => within(screen.getByRole('region', { name: 'Billing' }));

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/settings › Billing › Manage billing (CHECKOUT-9)', () => {
  it('is hidden in local mode: the server says there is no customer portal', async () => {
    const portal = vi.fn(async () => ({ url: portalUrl }));
    await startSession({ endpoints: fakeEndpoints({ ...proUser, billingPortal: false }), token: 't' });
    await renderWithRouter(<SettingsPage logic={settingsWith(portal).logic} />);
    expect(billing().getByRole('link', { name: 'Manage Plan' })).toBeInTheDocument();
    expect(billing().queryByRole('button', { name: 'Manage billing' })).toBeNull();
    expect(portal).not.toHaveBeenCalled();
  });

  it('shows when the server says there is a portal; a click asks for a session, is busy, then leaves for it', async () => {
    const answer = deferred<{ url: string }>();
    const portal = vi.fn(() => answer.promise);
    const page = settingsWith(portal);
    await startSession({ endpoints: fakeEndpoints({ ...proUser, billingPortal: true }), token: 't' });
    await renderWithRouter(<SettingsPage logic={page.logic} />);
    fireEvent.click(billing().getByRole('button', { name: 'Manage billing' }));
    expect(await billing().findByRole('button', { name: 'Opening...' })).toBeDisabled();
    expect(portal).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve({ url: portalUrl }));
    await waitFor(() => expect(page.assign).toHaveBeenCalledWith(portalUrl));
    // Leaving: the button stays disabled until the browser is back on the page (back-forward cache).
    expect(billing().getByRole('button', { name: 'Opening...' })).toBeDisabled();
    act(() => void window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
    expect(await billing().findByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(billing().queryByRole('alert')).toBeNull();
  });

  it("shows the server's refusal in the banner and gives the button back", async () => {
    const refusal = 'There is no billing account yet: it starts with your first plan or credit pack.';
    const portal = vi
      .fn<() => Promise<{ url: string }>>()
      .mockRejectedValueOnce(new ApiError(refusal, 409))
      .mockResolvedValueOnce({ url: portalUrl });
    const page = settingsWith(portal);
    await startSession({ endpoints: fakeEndpoints({ ...freeUser, billingPortal: true }), token: 't' });
    await renderWithRouter(<SettingsPage logic={page.logic} />);
    fireEvent.click(billing().getByRole('button', { name: 'Manage billing' }));
    expect(await billing().findByRole('alert')).toHaveTextContent(refusal);
    expect(billing().getByRole('button', { name: 'Manage billing' })).toBeEnabled();
    expect(page.assign).not.toHaveBeenCalled();
    // Trying again clears the message and goes.
    fireEvent.click(billing().getByRole('button', { name: 'Manage billing' }));
    await waitFor(() => expect(page.assign).toHaveBeenCalledWith(portalUrl));
    expect(billing().queryByRole('alert')).toBeNull();
  });

  it('a failure without a message of the server says the portal could not be opened', async () => {
    // The client's own text when the server gave none (a 500 with an empty body).
    const portal = vi.fn(async (): Promise<{ url: string }> =>
      Promise.reject(new ApiError('Network response was not ok', 500, undefined, false, false)),
    );
    await startSession({ endpoints: fakeEndpoints({ ...proUser, billingPortal: true }), token: 't' });
    await renderWithRouter(<SettingsPage logic={settingsWith(portal).logic} />);
    fireEvent.click(billing().getByRole('button', { name: 'Manage billing' }));
    expect(await billing().findByRole('alert')).toHaveTextContent(PORTAL_FAILED);
  });
});

describe('the current user answer says whether there is a portal', () => {
  it('reads an answer without billingPortal as none', () => {
    const { billingPortal: _, ...withoutField } = proUser;
    expect(v.parse(User, withoutField).billingPortal).toBe(false);
    expect(v.parse(User, { ...withoutField, billingPortal: true }).billingPortal).toBe(true);
  });
});
