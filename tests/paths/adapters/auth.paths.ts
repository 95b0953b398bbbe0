export const group = 'shell-auth';
import { expect } from 'vitest';
import {
  forgotPasswordModel,
  resetPasswordModel,
  verifyEmailModel,
  verifyEmailNoTokenModel,
} from '../../flows/models/auth.models';
import { freeUser } from '../../flows/models/fixtures';
import { firstRender, answerOf, type PathAdapter, type PathContext } from '../harness';

const text = async ({ page }: PathContext, role: 'alert' | 'status' | 'heading', expected: string) => {
  await expect.poll(() => page.getByRole(role).filter({ hasText: expected }).count()).toBeGreaterThan(0);
};

/** /forgot-password: the email form, its request, the confirmation or the error. */
export const forgotPasswordPaths: PathAdapter = {
  name: 'forgotPassword',
  models: [forgotPasswordModel],
  async start({ page }) {
    await page.goto('/forgot-password');
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible(), firstRender).toBe(true);
    return 'open /forgot-password';
  },
  events: {
    async 'forgot.submit'({ page }, event) {
      const { email } = event as unknown as { email: string };
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      return `type "${email}" as Email → click Send Reset Link`;
    },
    async 'xstate.*'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/auth/forgot-password', status, body);
    },
  },
  states: {
    async idle(ctx) {
      await expect.poll(() => ctx.page.getByRole('button', { name: 'Send Reset Link' }).isEnabled()).toBe(true);
      const error = (ctx.state.context as { error: string | null }).error;
      if (error) {
        await text(ctx, 'alert', error);
        return `the form is ready again and shows "${error}"`;
      }
      await expect.poll(() => ctx.page.getByRole('alert').count()).toBe(0);
      return 'the form is ready, no error';
    },
    async sending({ page }) {
      await expect.poll(() => page.getByRole('button', { name: 'Sending...' }).isDisabled()).toBe(true);
      return 'the button says Sending... and is disabled';
    },
    async sent(ctx) {
      const message = (ctx.state.context as { message: string }).message;
      await text(ctx, 'status', message);
      return `the page shows "${message}"`;
    },
  },
};

/** /verify-email/{token}: the check starts when the page opens; success, expired or failed. */
export const verifyEmailPaths: PathAdapter = {
  name: 'verifyEmail',
  models: [verifyEmailModel, verifyEmailNoTokenModel],
  async start({ page }, model) {
    const { token } = model.input as { token: string | null };
    const path = token ? `/verify-email/${token}` : '/verify-email';
    await page.goto(path);
    return `open ${path}`;
  },
  events: {
    async 'verify.start'() {
      return 'the page starts the check as it opens';
    },
    async 'xstate.*'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('GET', /\/api\/auth\/verify-email\//, status, body);
    },
  },
  states: {
    async verifying(ctx) {
      await text(ctx, 'status', 'Verifying your email...');
      return 'the page says Verifying your email...';
    },
    async success(ctx) {
      await text(ctx, 'heading', 'Email Verified Successfully!');
      return 'the page says Email Verified Successfully!';
    },
    async expired(ctx) {
      await text(ctx, 'heading', 'Verification Link Expired');
      return 'the page says Verification Link Expired';
    },
    async error(ctx) {
      await text(ctx, 'heading', 'Verification Failed');
      const error = (ctx.state.context as { error: string }).error;
      await expect.poll(() => ctx.page.getByText(error, { exact: false }).count()).toBeGreaterThan(0);
      return `the page says Verification Failed and "${error}"`;
    },
  },
};

/** /reset-password/{token}: the new password, the reset, the automatic login and where it goes next. */
export const resetPasswordPaths: PathAdapter = {
  name: 'resetPassword',
  models: [resetPasswordModel],
  async start({ page }, model) {
    const { token } = model.input as { token: string };
    await page.goto(`/reset-password/${token}`);
    await expect.poll(() => page.getByRole('heading', { name: 'Reset Password' }).isVisible(), firstRender).toBe(true);
    return `open /reset-password/${token}`;
  },
  events: {
    async 'reset.submit'({ page }, event) {
      const { newPassword, confirmPassword } = event as unknown as { newPassword: string; confirmPassword: string };
      await page.getByLabel('New Password', { exact: true }).fill(newPassword);
      await page.getByLabel('Confirm New Password').fill(confirmPassword);
      await page.getByRole('button', { name: 'Reset Password' }).click();
      const what = newPassword !== confirmPassword ? 'two different passwords' : `"${newPassword}" twice`;
      return `type ${what} → click Reset Password`;
    },
    async 'xstate.done.actor.resetPassword'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/auth/reset-password', status, body);
    },
    async 'xstate.error.actor.resetPassword'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/auth/reset-password', status, body);
    },
    async 'xstate.done.actor.login'({ server }, event) {
      // Signed in with the new token, the session loads the user.
      server.standing.set('GET /api/auth/user', { status: 200, body: freeUser });
      server.standing.set('GET /api/users/theme', { status: 200, body: { theme: null } });
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/auth/login', status, body);
    },
    async 'xstate.error.actor.login'({ server }, event) {
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/auth/login', status, body);
    },
  },
  states: {
    async editing(ctx) {
      await expect.poll(() => ctx.page.getByRole('button', { name: 'Reset Password' }).isEnabled()).toBe(true);
      const error = (ctx.state.context as { error: string | null }).error;
      if (error) await text(ctx, 'alert', error);
      return error ? `the form shows "${error}"` : 'the form is ready';
    },
    async submitting({ page }) {
      await expect.poll(() => page.getByRole('button', { name: 'Resetting Password...' }).isDisabled()).toBe(true);
      return 'the button says Resetting Password...';
    },
    async success(ctx) {
      const message = (ctx.state.context as { message: string }).message;
      await text(ctx, 'status', message);
      return `the page shows "${message}"`;
    },
    async loggingIn(ctx) {
      await text(ctx, 'status', 'Logging you in automatically...');
      await expect.poll(() => ctx.page.getByRole('button', { name: 'Logging In...' }).isDisabled()).toBe(true);
      return 'the page says Logging you in automatically...';
    },
    async loggedIn({ page }) {
      await expect.poll(() => page.getByRole('button', { name: 'Logging In...' }).isDisabled()).toBe(true);
      return 'signed in, the page waits a moment';
    },
    async loginFailed(ctx) {
      await text(ctx, 'alert', 'Automatic login failed. Please log in manually.');
      return 'the page says Automatic login failed. Please log in manually.';
    },
    async done(ctx) {
      const failed = (ctx.state.context as { error: string | null }).error !== null;
      await expect.poll(() => new URL(ctx.page.url()).pathname).toBe(failed ? '/login' : '/');
      if (!failed) await expect.poll(() => ctx.page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
      return failed ? 'the login page opens' : 'the home page, signed in';
    },
  },
};
