/** The auth calls of the operation table: sign-up, verification, sign-in, password reset, email change. */
import * as s from '../schemas';
import { bearer } from './bearer';
import type { OperationSpec } from './types';

const user = {
  id: '6f1c2a4e-8b1d-4c3e-9a7f-2d5e8c9b0a11',
  email: 'ada@example.com',
  credits: 50,
  subscription: null,
  lastPasswordChange: null,
  billingPortal: false,
};

export const authOperations = {
  register: {
    method: 'post',
    path: '/api/auth/register',
    tags: ['auth'],
    security: 'none',
    summary: 'Create an account and email a verification link',
    description: 'Answers the same for an address that already has an account (no account enumeration).',
    body: s.RegisterBody,
    answer: s.RegisterAnswer,
    status: 201,
    errors: [400, 413, 429],
    examples: {
      request: { body: { email: 'ada@example.com', password: 'correct horse' } },
      answer: {
        message: 'Registration successful. Please check your email to verify your account.',
        email: 'ada@example.com',
      },
    },
  },
  verifyEmail: {
    method: 'get',
    path: '/api/auth/verify-email/{token}',
    tags: ['auth'],
    security: 'none',
    summary: 'Verify an email address (grants the free credits once)',
    description:
      'With `claim`, the value the registering browser sent with the registration, the answer also carries a session token (as a login answers).',
    query: s.VerifyEmailQuery,
    answer: s.VerifyEmailAnswer,
    status: 200,
    errors: [400, 429],
    examples: {
      request: { params: { token: 'the-token-from-the-email' }, query: {} },
      answer: { message: 'Email verified successfully. You can now sign in.' },
    },
  },
  login: {
    method: 'post',
    path: '/api/auth/login',
    tags: ['auth'],
    security: 'none',
    summary: 'Sign in',
    description: 'A wrong password answers 401, an unverified account 403, too many attempts 429 with Retry-After.',
    body: s.LoginBody,
    answer: s.LoginAnswer,
    status: 200,
    errors: [400, 401, 403, 413, 429],
    examples: {
      request: { body: { email: 'ada@example.com', password: 'correct horse' } },
      answer: { token: 'c2Vzc2lvbi10b2tlbi1leGFtcGxl' },
    },
  },
  getUser: bearer('auth', {
    method: 'get',
    path: '/api/auth/user',
    summary: 'The signed-in user',
    answer: s.User,
    status: 200,
    errors: [],
    examples: { answer: user },
  }),
  forgotPassword: {
    method: 'post',
    path: '/api/auth/forgot-password',
    tags: ['auth'],
    security: 'none',
    summary: 'Email a password reset link',
    body: s.ForgotPasswordBody,
    answer: s.MessageBody,
    status: 200,
    errors: [400, 413, 429],
    examples: {
      request: { body: { email: 'ada@example.com' } },
      answer: { message: 'If an account exists for this email, we have sent a link to reset your password.' },
    },
  },
  resetPassword: {
    method: 'post',
    path: '/api/auth/reset-password',
    tags: ['auth'],
    security: 'none',
    summary: 'Set a new password (ends every session)',
    body: s.ResetPasswordBody,
    answer: s.ResetPasswordAnswer,
    status: 200,
    errors: [400, 413, 429],
    examples: {
      request: { body: { token: 'the-token-from-the-email', newPassword: 'battery staple' } },
      answer: { message: 'Password has been reset successfully', user: { email: 'ada@example.com' } },
    },
  },
  logout: bearer('auth', {
    method: 'post',
    path: '/api/auth/logout',
    summary: 'Revoke the bearer token',
    answer: s.MessageBody,
    status: 200,
    errors: [413],
    examples: { answer: { message: 'Logged out successfully' } },
  }),
  changeEmail: bearer('auth', {
    method: 'post',
    path: '/api/auth/change-email',
    summary: 'Change the email address',
    description:
      'A wrong current password answers 403 (the session stays; a 401 means it has ended); an address another account has, 409.',
    body: s.ChangeEmailBody,
    answer: s.ChangeEmailAnswer,
    status: 200,
    errors: [400, 403, 409, 413],
    examples: {
      request: { body: { newEmail: 'ada.lovelace@example.com', currentPassword: 'correct horse' } },
      answer: { message: 'Email updated successfully', user: { ...user, email: 'ada.lovelace@example.com' } },
    },
  }),
} as const satisfies Record<string, OperationSpec>;
