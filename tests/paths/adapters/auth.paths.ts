export const group = 'shell-auth';
import { expect } from 'vitest';
import { visibility } from '../sights';
import {
  forgotPasswordModel,
  resetPasswordModel,
  verifyEmailModel,
  verifyEmailNoTokenModel,
} from '../../flows/models/auth.models';
import { freeUser } from '../../../src/flows/session/session.examples';
import { firstRender, answerOf, type PathAdapter, type PathContext, answersCall } from '../harness';
import { SERVER_FAULT, byOutcome } from '../causes';

const text = async ({ page }: PathContext, role: 'alert' | 'status' | 'heading', expected: string) => {
  await expect.poll(() => page.getByRole(role).filter({ hasText: expected }).count()).toBeGreaterThan(0);
};

const contextOf = (ctx: PathContext) => ctx.state.context as { error: string | null; message: string | null };

/** The named kinds of sight of the account pages' machines (their states' meta.sees say which state shows which). */
const authKinds: PathAdapter['kinds'] = {
  async formError(ctx) {
    const { error } = contextOf(ctx);
    if (error) {
      await text(ctx, 'alert', error);
      return `the banner says "${error}"`;
    }
    await expect.poll(() => ctx.page.getByRole('alert').count()).toBe(0);
    return 'no error';
  },
  async serverMessage(ctx) {
    const message = contextOf(ctx).message ?? '';
    await text(ctx, 'status', message);
    return `the page shows "${message}"`;
  },
  async errorText(ctx) {
    const error = contextOf(ctx).error ?? '';
    await expect.poll(() => ctx.page.getByText(error, { exact: false }).count()).toBeGreaterThan(0);
    return `the page says "${error}"`;
  },
  async leftPage(ctx) {
    const failed = contextOf(ctx).error !== null;
    await expect.poll(() => new URL(ctx.page.url()).pathname).toBe(failed ? '/login' : '/');
    if (!failed) await expect.poll(() => ctx.page.getByRole('button', { name: 'Sign In' }).count()).toBe(0);
    return failed ? 'the login page opens' : 'the home page, signed in';
  },
};

/** /forgot-password: the email form, its request, the confirmation or the error. */
export const forgotPasswordPaths: PathAdapter = {
  name: 'forgotPassword',
  models: [forgotPasswordModel],
  async start({ page }) {
    await page.goto('/forgot-password');
    await expect
      .poll(() => visibility(page.getByRole('heading', { name: 'Reset Password' })), firstRender)
      .toBe('visible');
    return 'open /forgot-password';
  },
  events: {
    async 'forgot.submit'({ page }, event) {
      const { email } = event as unknown as { email: string };
      await page.getByLabel('Email').fill(email);
      await page.getByRole('button', { name: 'Send Reset Link' }).click();
      return `type "${email}" as Email → click Send Reset Link`;
    },
    'xstate.*': answersCall('POST', '/api/auth/forgot-password'),
  },
  causes: {
    'xstate.*': byOutcome(
      'type any email: the server answers the same whether an account has it (the link lands in the outbox, /dev/outbox, if one does)',
      'ask more than RATE_LIMIT_FORGOT_PASSWORD times an hour from one address (half of it for one email): 429 "Too many password reset requests. Please try again later."',
    ),
  },

  kinds: authKinds,
};

/** /verify-email/{token}: the check starts when the page opens; success, expired or failed. */
export const verifyEmailPaths: PathAdapter = {
  name: 'verifyEmail',
  models: [verifyEmailModel, verifyEmailNoTokenModel],
  async start({ page, account }, model, planned) {
    const { token } = model.input as { token: string | null };
    // For real: a new address registers, and its own link from the outbox is opened.
    const verifies = token && planned.steps.some((s) => s.event.type.startsWith('xstate.done.actor.'));
    if (account && verifies) {
      await account.register(account.newEmail, account.password);
      const link = await account.mailed(account.newEmail, 'Verify');
      await page.goto(link);
      return `register "${account.newEmail}" → open the verification link mailed to it (the outbox)`;
    }
    const path = token ? `/verify-email/${token}` : '/verify-email';
    await page.goto(path);
    return `open ${path}`;
  },
  events: {
    async 'verify.start'() {
      return 'the page starts the check as it opens';
    },
    'xstate.*': answersCall('GET', /\/api\/auth\/verify-email\//),
  },
  causes: {
    'xstate.*': byOutcome(
      'open the verification link of a new account from the outbox (/dev/outbox), the first time',
      (answer) =>
        (answer.body as { expired?: unknown }).expired === true
          ? 'open the link after VERIFICATION_TOKEN_TTL_MS (set it short in npm start) has passed: "Verification link has expired"'
          : 'open the link a second time, or an edited one: "Invalid verification link"',
    ),
  },

  kinds: authKinds,
  // On a deployment: a new address's own link verifies it; an expired or unknown link cannot be shown as the model has it.
  real: {
    cannot(event) {
      const error = (event as { error?: { message?: unknown; expired?: unknown } }).error;
      if (!event.type.startsWith('xstate.error.actor.')) return null;
      if (typeof error?.message !== 'string')
        return 'a failure with no answer (the server down, a network error) cannot be caused on a running deployment';
      if (error.expired === true)
        return 'a link expires after VERIFICATION_TOKEN_TTL_MS (24 h unless set): too long to wait for in a run';
      return "an unknown link is refused for real, but with the deployment's own message, not the one this path checks";
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
    await expect
      .poll(() => visibility(page.getByRole('heading', { name: 'Reset Password' })), firstRender)
      .toBe('visible');
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
    'xstate.done.actor.resetPassword': answersCall('POST', '/api/auth/reset-password'),
    'xstate.error.actor.resetPassword': answersCall('POST', '/api/auth/reset-password'),
    async 'xstate.done.actor.login'({ server }, event) {
      // Signed in with the new token, the session loads the user.
      server.standing.set('GET /api/auth/user', { status: 200, body: freeUser });
      server.standing.set('GET /api/users/theme', { status: 200, body: { theme: null } });
      const { status, body } = answerOf(event);
      return server.answer('POST', '/api/auth/login', status, body);
    },
    'xstate.error.actor.login': answersCall('POST', '/api/auth/login'),
  },
  causes: {
    'xstate.done.actor.resetPassword':
      'open the reset link from the outbox (/dev/outbox) after asking on /forgot-password, and set a new password',
    'xstate.error.actor.resetPassword': byOutcome(
      '',
      'open the same reset link again after it was used (or an edited one): "Invalid or already used reset link"',
    ),
    'xstate.done.actor.login': 'the page signs in with the new password by itself once the reset is done',
    'xstate.error.actor.login': SERVER_FAULT,
  },

  kinds: authKinds,
};
