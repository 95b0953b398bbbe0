import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { isRedirect } from '@tanstack/react-router';
import { fromPromise } from 'xstate';
import { cancelSubscriptionMachine } from '../../../machines/account/cancel-subscription.machine';
import { changeEmailMachine } from '../../../machines/account/change-email.machine';
import { changePasswordMachine } from '../../../machines/account/change-password.machine';
import { deleteAccountMachine } from '../../../machines/account/delete-account.machine';
import { getSession } from '../../../src/app/session-hooks';
import { SettingsPage, type SettingsLogic } from '../../../src/features/account/SettingsPage';
import { Route as SettingsRoute } from '../../../src/routes/settings';
import { deferred, fakeEndpoints, freeUser, proUser, renderWithRouter, startSession } from './helpers';

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function fakeLogic() {
  const changeEmail = vi.fn(async ({ input }: { input: { newEmail: string; currentPassword: string } }) => ({
    message: 'ok',
    user: { ...proUser, email: input.newEmail },
  }));
  const deleteAccount = vi.fn(async (): Promise<unknown> => ({}));
  const cancelSubscription = vi.fn(async () => ({ success: true }));
  const reloadPage = vi.fn();
  const logic: SettingsLogic = {
    changeEmail: changeEmailMachine.provide({
      actors: { changeEmail: fromPromise(changeEmail) },
      actions: { userUpdated: (_, p) => getSession().send({ type: 'user.updated', user: p.user }) },
    }),
    changePassword: changePasswordMachine.provide({ delays: { simulatedUpdate: 10 } }),
    deleteAccount: deleteAccountMachine.provide({
      actors: { deleteAccount: fromPromise(deleteAccount) },
      actions: { accountDeleted: () => getSession().send({ type: 'account.deleted' }) },
    }),
    cancelSubscription: cancelSubscriptionMachine.provide({
      actors: { cancelSubscription: fromPromise(cancelSubscription) },
      actions: { reloadPage },
    }),
  };
  return { logic, changeEmail, deleteAccount, cancelSubscription, reloadPage };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('/settings', () => {
  it('shows account, security and billing of a free user', async () => {
    await startSession({ endpoints: fakeEndpoints(freeUser), token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    expect(screen.getByText('ada@example.com')).toBeInTheDocument();
    expect(screen.getByText('Never')).toBeInTheDocument();
    expect(screen.getByText('Free')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Upgrade Plan' })).toHaveAttribute('href', '/subscribe');
    expect(screen.getByRole('link', { name: 'Add Credits' })).toHaveAttribute('href', '/credits');
    expect(screen.queryByRole('button', { name: 'Cancel subscription' })).not.toBeInTheDocument();
  });

  it('shows a paid plan with Manage Plan, its cycle and dates', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    await renderWithRouter(<SettingsPage logic={fakeLogic().logic} />);
    expect(screen.getByText('Pro')).toBeInTheDocument();
    expect(screen.getByText('Monthly')).toBeInTheDocument();
    expect(screen.getByText('December 21, 2026')).toBeInTheDocument();
    expect(screen.getByText('January 2, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Manage Plan' })).toBeInTheDocument();
  });

  it('changes the email and the session shows the new one', async () => {
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

  it("shows 'Failed to update email' when the call fails without a message", async () => {
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

  it('checks the new passwords and simulates the update', async () => {
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

  it('deletes the account after the exact confirmation and goes to / with the notice', async () => {
    const { navigate, storage } = await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Are you sure you want to delete your account? This action cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    await waitFor(() => expect(navigate).toHaveBeenCalledWith({ to: '/', message: 'Account successfully deleted' }));
    expect(storage.deleteToken).toHaveBeenCalled();
    expect(getSession().getSnapshot().context.user).toBeNull();
  });

  it('shows the delete failure', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 't' });
    const fakes = fakeLogic();
    fakes.deleteAccount.mockRejectedValueOnce(new Error('x'));
    await renderWithRouter(<SettingsPage logic={fakes.logic} />);
    fireEvent.click(screen.getByRole('button', { name: 'Delete Account' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete account. Please try again.');
  });

  it('cancels a paid subscription after confirming and reloads', async () => {
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

  it("shows 'Failed to logout. Please try again.'", async () => {
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

  it('redirects a visitor to /', async () => {
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
    const { sessionLogic } = await import('../../../src/app/session');
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
