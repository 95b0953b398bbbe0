import { describe, expect, it } from 'vitest';
import { describeFlows, done, elapse, fail, scenario } from './harness';
import {
  cancelSubscriptionModel,
  changeEmailModel,
  changePasswordModel,
  deleteAccountModel,
} from './models/account.models';
import { serverError, silentError } from './models/fixtures';
import { freeUser } from '../../src/flows/session/session.examples';

describeFlows('changeEmail', changeEmailModel);
describeFlows('changePassword', changePasswordModel);
describeFlows('deleteAccount', deleteAccountModel);
describeFlows('cancelSubscription', cancelSubscriptionModel);

const ctx = (s: { context: unknown }) => s.context as { error: string | null; success?: string | null };

describe('change email', () => {
  const submit = { type: 'email.submit', newEmail: 'new@example.com', currentPassword: 'secret1' };
  it('ACCOUNT-2: updates the session user and says so', async () => {
    const user = { ...freeUser, email: 'new@example.com' };
    const r = await scenario(changeEmailModel, [
      { type: 'email.open' },
      submit,
      done('changeEmail', { message: 'x', user }),
    ]);
    expect(r.started).toEqual([
      { id: 'changeEmail', input: { newEmail: 'new@example.com', currentPassword: 'secret1' } },
    ]);
    expect(r.effects).toEqual([{ name: 'userUpdated', params: { user } }]);
    expect(ctx(r.snapshot).success).toBe('Email updated successfully');
  });
  it.each([
    [serverError('Current password is incorrect'), 'Current password is incorrect'],
    [silentError, 'Failed to update email'],
  ])('shows the failure (%#)', async (failure, text) => {
    const r = await scenario(changeEmailModel, [{ type: 'email.open' }, submit, fail('changeEmail', failure)]);
    expect(r.snapshot.value).toBe('editing');
    expect(ctx(r.snapshot).error).toBe(text);
  });
});

describe('change password (simulated)', () => {
  it('ACCOUNT-3: refuses different passwords', async () => {
    const r = await scenario(changePasswordModel, [
      { type: 'password.open' },
      { type: 'password.submit', newPassword: 'a', confirmPassword: 'b' },
    ]);
    expect(ctx(r.snapshot).error).toBe('New passwords do not match');
  });
  it('ACCOUNT-4: says updated after the 1 s delay, without any call', async () => {
    const events = [{ type: 'password.open' }, { type: 'password.submit', newPassword: 'a1', confirmPassword: 'a1' }];
    const saving = await scenario(changePasswordModel, events);
    expect(saving.snapshot.hasTag('busy')).toBe(true);
    const r = await scenario(changePasswordModel, [...events, elapse('simulatedUpdate', 'changePassword.saving')]);
    expect(ctx(r.snapshot).success).toBe('Password updated successfully');
    expect(r.started).toEqual([]);
  });
});

describe('delete account', () => {
  it('ACCOUNT-5: confirms, deletes and hands over to the session', async () => {
    const r = await scenario(deleteAccountModel, [
      { type: 'account.delete' },
      { type: 'account.delete.confirm' },
      done('deleteAccount', {}),
    ]);
    expect(r.effects.map((e) => e.name)).toEqual(['accountDeleted']);
    expect(r.snapshot.status).toBe('done');
  });
  it('does nothing when the confirmation is declined', async () => {
    const r = await scenario(deleteAccountModel, [{ type: 'account.delete' }, { type: 'account.delete.cancel' }]);
    expect(r.started).toEqual([]);
    expect(r.snapshot.value).toBe('idle');
  });
  it('shows the failure', async () => {
    const r = await scenario(deleteAccountModel, [
      { type: 'account.delete' },
      { type: 'account.delete.confirm' },
      fail('deleteAccount', serverError('boom')),
    ]);
    expect(ctx(r.snapshot).error).toBe('Failed to delete account. Please try again.');
    expect(r.effects).toEqual([]);
  });
});

describe('cancel subscription', () => {
  const confirm = [{ type: 'subscription.cancel' }, { type: 'subscription.cancel.confirm' }];
  it('ACCOUNT-7: reloads the page on success', async () => {
    const r = await scenario(cancelSubscriptionModel, [...confirm, done('cancelSubscription', { success: true })]);
    expect(r.effects.map((e) => e.name)).toEqual(['reloadPage']);
  });
  it.each([done('cancelSubscription', { success: false }), fail('cancelSubscription', silentError)])(
    'shows the failure (%#)',
    async (outcome) => {
      const r = await scenario(cancelSubscriptionModel, [...confirm, outcome]);
      expect(ctx(r.snapshot).error).toBe('Failed to cancel subscription. Please try again.');
      expect(r.effects).toEqual([]);
    },
  );
});
