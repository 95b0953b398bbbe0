/** /api/auth: register, verify, login, user, forgot/reset password, logout, change email. */
import { Hono } from 'hono';
import { ChangeEmailBody, ForgotPasswordBody, LoginBody, RegisterBody, ResetPasswordBody } from '../../src/api/schemas';
import type { AppEnv } from '../context';
import { clientAddress } from '../lib/client-address';
import { limitByAddress } from '../middleware/rate-limit';
import { requireAuth } from '../middleware/require-auth';
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
import { readBody } from '../validate';

export const authRoutes = new Hono<AppEnv>()
  .post('/register', limitByAddress('register'), async (c) => {
    const body = await readBody(c, RegisterBody);
    const user = await register(c.var.deps, body.email, body.password);
    return c.json(
      { message: 'Registration successful. Please check your email to verify your account.', email: user.email },
      201,
    );
  })
  .get('/verify-email/:token', limitByAddress('verify'), async (c) => {
    await verifyEmail(c.var.deps, c.req.param('token'));
    return c.json({ message: 'Email verified successfully. You can now sign in.' });
  })
  .post('/login', async (c) => {
    const body = await readBody(c, LoginBody);
    return c.json(await login(c.var.deps, body, clientAddress(c)));
  })
  .post('/forgot-password', limitByAddress('forgot-password'), async (c) => {
    const body = await readBody(c, ForgotPasswordBody);
    await forgotPassword(c.var.deps, body.email);
    return c.json({ message: 'If an account exists for this email, we have sent a link to reset your password.' });
  })
  .post('/reset-password', limitByAddress('reset'), async (c) => {
    const body = await readBody(c, ResetPasswordBody);
    const user = await resetPassword(c.var.deps, body.token, body.newPassword);
    return c.json({ message: 'Password has been reset successfully', user });
  })
  .get('/user', requireAuth, async (c) => c.json(await currentUser(c.var.deps.db, c.var.userId)))
  .post('/logout', requireAuth, async (c) => {
    await logout(c.var.deps, c.var.tokenHash);
    return c.json({ message: 'Logged out successfully' });
  })
  .post('/change-email', requireAuth, async (c) => {
    const body = await readBody(c, ChangeEmailBody);
    const user = await changeEmail(c.var.deps.db, c.var.userId, body);
    return c.json({ message: 'Email updated successfully', user });
  });
