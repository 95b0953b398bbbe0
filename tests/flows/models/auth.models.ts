import { defineModel } from '../model-paths';
import { verifyEmailMachine } from '../../../src/flows/auth/verify-email.machine';
import { forgotPasswordMachine } from '../../../src/flows/auth/forgot-password.machine';
import { resetPasswordMachine } from '../../../src/flows/auth/reset-password.machine';
import { serverError, silentError } from './fixtures';

export const verifyEmailModel = defineModel({
  machine: verifyEmailMachine,
  input: { token: 'verify-token' },
  events: { 'verify.start': [{ type: 'verify.start' }] },
  actors: {
    verifyEmail: {
      // AUTH-18: opened in another browser, or in the one that registered (a session token).
      done: [{ message: 'Email verified' }, { message: 'Email verified', token: 'session-token-1' }],
      error: [
        serverError('Verification link expired', { expired: true }),
        serverError('Invalid token', { details: 'token unknown' }),
        silentError,
      ],
    },
  },
});

/** The same machine opened without a token (/verify-email). */
export const verifyEmailNoTokenModel = defineModel({
  machine: verifyEmailMachine,
  input: { token: null },
  events: { 'verify.start': [{ type: 'verify.start' }] },
  actors: { verifyEmail: { done: [{ message: 'Email verified' }], error: [silentError] } },
});

export const forgotPasswordModel = defineModel({
  machine: forgotPasswordMachine,
  events: {
    'forgot.submit': [
      { type: 'forgot.submit', email: 'ada@example.com' },
      { type: 'forgot.submit', email: '   ' },
    ],
  },
  actors: {
    forgotPassword: {
      done: [{ message: 'If that email exists, a reset link has been sent' }],
      // What the server answers past RATE_LIMIT_FORGOT_PASSWORD (server/services/rate-limits.ts).
      error: [serverError('Too many password reset requests. Please try again later.', { status: 429 }), silentError],
    },
  },
});

export const resetPasswordModel = defineModel({
  machine: resetPasswordMachine,
  input: { token: 'reset-token' },
  events: {
    'reset.submit': [
      { type: 'reset.submit', newPassword: 'secret1', confirmPassword: 'secret1' },
      { type: 'reset.submit', newPassword: 'secret1', confirmPassword: 'secret2' },
      { type: 'reset.submit', newPassword: 'abc', confirmPassword: 'abc' },
    ],
  },
  actors: {
    resetPassword: {
      done: [{ message: 'Password has been reset', user: { email: 'ada@example.com' } }],
      error: [serverError('Reset link expired'), silentError],
    },
    login: { done: [{ token: 'auto-token' }], error: [silentError] },
  },
});
