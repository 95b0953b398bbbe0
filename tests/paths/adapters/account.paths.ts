export const group = 'account';
import { expect } from 'vitest';
import { visibility } from '../sights';
import type { Page } from 'playwright-core';
import {
  billingPortalModel,
  cancelSubscriptionModel,
  changeEmailModel,
  changePasswordModel,
  deleteAccountModel,
} from '../../flows/models/account.models';
import { freeUser, proUser } from '../../../src/flows/session/session.examples';
import type { User } from '../../../src/api/schemas';
import { firstRender, answerOf, type PathAdapter, type PathContext, type TestServer, answersCall } from '../harness';
import { byOutcome, SERVER_FAULT } from '../causes';
import { standInPage } from './stand-in-page';

/** Opens /settings signed in as `user`: a stored token, and a server that knows it. */
async function openSettings({ page, server }: { page: Page; server: TestServer }, user: User): Promise<string> {
  server.standing.set('GET /api/auth/user', { status: 200, body: user });
  server.standing.set('GET /api/users/theme', { status: 200, body: { theme: null } });
  await page.addInitScript(() => localStorage.setItem('token', 'path-test-token'));
  await page.goto('/settings');
  await expect.poll(() => visibility(page.getByRole('heading', { name: 'Danger Zone' })), firstRender).toBe('visible');
  return `signed in as ${user.email} (${user.subscription?.plan ?? 'no'} plan), open /settings`;
}

const context = (ctx: PathContext) => ctx.state.context as { error: string | null; success?: string | null };

async function shows(page: Page, role: 'alert' | 'status', text: string | null | undefined): Promise<string> {
  if (!text) return '';
  await expect.poll(() => page.getByRole(role).filter({ hasText: text }).count()).toBeGreaterThan(0);
  return ` and "${text}"`;
}

/** The named kinds of sight of the settings machines (their states' meta.sees say which state shows which). */
const accountKinds: PathAdapter['kinds'] = {
  success: async (ctx) => `the success message if any${await shows(ctx.page, 'status', context(ctx).success)}`,
  error: async (ctx) => `the error if any${await shows(ctx.page, 'alert', context(ctx).error)}`,
  async noConfirmation({ page }) {
    await expect.poll(() => page.getByRole('alertdialog').count()).toBe(0);
    return 'no confirmation';
  },
  async cancelledNotice({ page }) {
    await expect
      .poll(() => page.getByText(/^Cancelled: your .* plan and its credits stay until/).isVisible())
      .toBe(true);
    return 'the page reloads and says the plan is cancelled, with the date access ends';
  },
};

/** Account Information › Change Email. */
export const changeEmailPaths: PathAdapter = {
  name: 'changeEmail',
  models: [changeEmailModel],
  start: (ctx) => openSettings(ctx, freeUser),
  events: {
    async 'email.open'({ page }) {
      await page.getByRole('button', { name: 'Change Email' }).click();
      return 'click Change Email';
    },
    async 'email.cancel'({ page }) {
      await page.getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel';
    },
    async 'email.submit'({ page }, event) {
      const { newEmail, currentPassword } = event as unknown as { newEmail: string; currentPassword: string };
      await page.getByLabel('New Email').fill(newEmail);
      await page.getByLabel('Current Password').fill(currentPassword);
      await page.getByRole('button', { name: 'Update Email' }).click();
      return `type "${newEmail}" and a password → click Update Email`;
    },
    async 'xstate.*'({ server }, event) {
      const { status, body } = answerOf(event);
      if (status === 200)
        server.standing.set('GET /api/auth/user', { status: 200, body: (body as { user: User }).user });
      return server.answer('POST', '/api/auth/change-email', status, body);
    },
  },
  causes: {
    'xstate.*': byOutcome(
      'type an email no account has and the right current password',
      'type a wrong current password (403 "Current password is incorrect"), or an email another account has (409)',
    ),
  },

  kinds: accountKinds,
};

/** Security › Change Password (simulated, ACCOUNT-4). */
export const changePasswordPaths: PathAdapter = {
  name: 'changePassword',
  models: [changePasswordModel],
  start: (ctx) => openSettings(ctx, freeUser),
  events: {
    async 'password.open'({ page }) {
      await page.getByRole('button', { name: 'Change Password' }).click();
      return 'click Change Password';
    },
    async 'password.cancel'({ page }) {
      await page.getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel';
    },
    async 'password.submit'({ page }, event) {
      const { newPassword, confirmPassword } = event as unknown as { newPassword: string; confirmPassword: string };
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill(confirmPassword);
      await page.getByRole('button', { name: 'Update Password' }).click();
      return `type a new password${newPassword === confirmPassword ? ' twice' : ' and a different confirmation'} → click Update Password`;
    },
  },
  kinds: accountKinds,
};

/** Danger Zone › Delete Account, with its confirmation. */
export const deleteAccountPaths: PathAdapter = {
  name: 'deleteAccount',
  models: [deleteAccountModel],
  start: (ctx) => openSettings(ctx, freeUser),
  events: {
    async 'account.delete'({ page }) {
      await page.getByRole('button', { name: 'Delete Account' }).click();
      return 'click Delete Account';
    },
    async 'account.delete.confirm'({ page }) {
      await page.getByRole('button', { name: 'Delete my account' }).click();
      return 'click Delete my account';
    },
    async 'account.delete.cancel'({ page }) {
      await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
      return 'click Cancel in the confirmation';
    },
    'xstate.*': answersCall('DELETE', '/api/users/delete-account'),
  },
  causes: {
    'xstate.*': byOutcome(
      'confirm Delete my account',
      'confirm after the same account signed out in another tab: the server refuses the token (401 Unauthorized)',
    ),
  },

  kinds: accountKinds,
};

/** Billing › Cancel subscription, with its confirmation; a success reloads the page. */
export const cancelSubscriptionPaths: PathAdapter = {
  name: 'cancelSubscription',
  models: [cancelSubscriptionModel],
  start: (ctx) => openSettings(ctx, proUser),
  events: {
    async 'subscription.cancel'({ page }) {
      await page.getByRole('button', { name: 'Cancel subscription' }).click();
      return 'click Cancel subscription';
    },
    async 'subscription.cancel.confirm'({ page }) {
      await page.getByRole('button', { name: 'Yes, cancel' }).click();
      return 'click Yes, cancel';
    },
    async 'subscription.cancel.dismiss'({ page }) {
      await page.getByRole('button', { name: 'Keep subscription' }).click();
      return 'click Keep subscription';
    },
    async 'xstate.*'({ server }, event) {
      const { status, body } = answerOf(event);
      if (status === 200 && (body as { success: boolean }).success) {
        const cancelAt = proUser.subscription!.nextBillingDate;
        server.standing.set('GET /api/auth/user', {
          status: 200,
          body: { ...proUser, subscription: { ...proUser.subscription!, cancelAt } },
        });
      }
      return server.answer('POST', '/api/stripe/cancel-subscription', status, body);
    },
  },
  causes: {
    'xstate.*': byOutcome(
      'cancel the Pro subscription of an account that bought one at the local checkout (no Stripe keys)',
      'cancel after the subscription was cancelled in another tab: the server has none to cancel',
    ),
  },

  kinds: accountKinds,
};

/** The customer portal the model's answer points at: a stand-in page, so the browser can leave (and, on a path that comes back, stay). */
const customerPortal = standInPage({
  address: /^https:\/\/billing\.stripe\.com\/p\/session\//,
  heading: 'Customer portal',
  busyButton: 'Opening...',
  what: 'the customer portal',
  disabled: 'the button stays',
});

/** Billing › Manage billing (CHECKOUT-9), shown because the server says there is a portal (Stripe configured). */
export const billingPortalPaths: PathAdapter = {
  name: 'billingPortal',
  models: [billingPortalModel],
  async start(ctx, _model, path) {
    // As the checkout's stand-in: on a path that comes back, a 204 keeps the browser on the page.
    const back = path.steps.some((s) => s.event.type === 'portal.return');
    await customerPortal.install(ctx, back);
    return openSettings(ctx, { ...proUser, billingPortal: true });
  },
  events: {
    async 'portal.open'({ page }) {
      await page.getByRole('button', { name: 'Manage billing' }).click();
      return 'click Manage billing';
    },
    async 'portal.return'({ page }) {
      // What Chromium fires when Back restores the page from its back-forward cache (see the checkout's adapter).
      await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true })));
      return 'come back to the page as the back-forward cache shows it again (pageshow, persisted)';
    },
    async 'xstate.*'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/stripe/billing-portal', status, body);
    },
  },
  causes: {
    'xstate.*': (_event, answer) => {
      if (answer.status < 300)
        return 'click Manage billing with Stripe configured, on an account that bought a plan or a pack through Stripe';
      if (answer.body === undefined) return SERVER_FAULT;
      return 'click Manage billing with Stripe configured, on an account that has bought nothing yet (409)';
    },
  },

  kinds: {
    ...accountKinds,
    customerPortal: (ctx) => customerPortal.reached(ctx),
  },
};
