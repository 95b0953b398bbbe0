/** /api/auth: register, verify, login, user, forgot/reset password, logout, change email. */
import { Hono } from 'hono';
import { operations as ops } from '../../src/api/operations';
import type { AppEnv } from '../context';
import { clientAddress } from '../lib/client-address';
import { bindOperation as bind } from '../lib/operation';
import { limitByAddress } from '../middleware/rate-limit';
import {
  changeEmail,
  currentUser,
  forgotPassword,
  login,
  logout,
  register,
  resetPassword,
  verifyEmail,
} from '../services/auth';

export const authRoutes = new Hono<AppEnv>();

bind(
  authRoutes,
  ops.register,
  async (c, { body }) => {
    const user = await register(c.var.deps, body.email, body.password, body.claim);
    return { message: 'Registration successful. Please check your email to verify your account.', email: user.email };
  },
  limitByAddress('register'),
);
bind(
  authRoutes,
  ops.verifyEmail,
  async (c, { params, query }) => {
    const { token } = await verifyEmail(c.var.deps, params.token, query.claim);
    // AUTH-18: opened in the registering browser (its claim matches), the answer signs the person in.
    return token === undefined
      ? { message: 'Email verified successfully. You can now sign in.' }
      : { message: 'Email verified successfully. You are signed in.', token };
  },
  limitByAddress('verify'),
);
bind(authRoutes, ops.login, async (c, { body }) => login(c.var.deps, body, clientAddress(c)));
bind(
  authRoutes,
  ops.forgotPassword,
  async (c, { body }) => {
    await forgotPassword(c.var.deps, body.email);
    return { message: 'If an account exists for this email, we have sent a link to reset your password.' };
  },
  limitByAddress('forgot-password'),
);
bind(
  authRoutes,
  ops.resetPassword,
  async (c, { body }) => {
    const user = await resetPassword(c.var.deps, body.token, body.newPassword);
    return { message: 'Password has been reset successfully', user };
  },
  limitByAddress('reset'),
);
bind(authRoutes, ops.getUser, async (c) => currentUser(c.var.deps, c.var.userId));
bind(authRoutes, ops.logout, async (c) => {
  await logout(c.var.deps, c.var.tokenHash);
  return { message: 'Logged out successfully' };
});
bind(authRoutes, ops.changeEmail, async (c, { body }) => {
  const user = await changeEmail(c.var.deps, c.var.userId, body);
  return { message: 'Email updated successfully', user };
});
