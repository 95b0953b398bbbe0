import { describe, expect, it } from 'vitest';
import { describeFlows, done, elapse, fail, scenario } from './harness';
import {
  forgotPasswordModel,
  resetPasswordModel,
  verifyEmailModel,
  verifyEmailNoTokenModel,
} from './models/auth.models';
import { serverError, silentError } from './models/fixtures';

describeFlows('verifyEmail', verifyEmailModel);
describeFlows('verifyEmail without token', verifyEmailNoTokenModel);
describeFlows('forgotPassword', forgotPasswordModel);
describeFlows('resetPassword', resetPasswordModel);

const start = { type: 'verify.start' };
const error = (s: { context: unknown }) => (s.context as { error: string | null }).error;

describe('verify email', () => {
  it('VERIFY-5: goes straight to error without a token', async () => {
    const r = await scenario(verifyEmailNoTokenModel, [start]);
    expect(r.snapshot.value).toBe('error');
    expect(error(r.snapshot)).toBe('No verification token provided');
    expect(r.started).toEqual([]);
  });
  it('VERIFY-1, VERIFY-2: verifies the token and succeeds', async () => {
    const r = await scenario(verifyEmailModel, [start, done('verifyEmail', { message: 'ok' })]);
    expect(r.started).toEqual([{ id: 'verifyEmail', input: { token: 'verify-token' } }]);
    expect(r.snapshot.value).toBe('success');
  });
  it('AUTH-18: an answer with a session token (the registering browser) signs in; one without does not', async () => {
    const here = await scenario(verifyEmailModel, [start, done('verifyEmail', { message: 'ok', token: 'session-1' })]);
    expect(here.snapshot.value).toBe('signedIn');
    expect(here.effects).toEqual([{ name: 'signIn', params: { token: 'session-1' } }]);
    const elsewhere = await scenario(verifyEmailModel, [start, done('verifyEmail', { message: 'ok' })]);
    expect(elsewhere.snapshot.value).toBe('success');
    expect(elsewhere.effects).toEqual([]);
  });
  it('VERIFY-3, VERIFY-4: tells an expired link from other failures', async () => {
    const r = await scenario(verifyEmailModel, [
      start,
      fail('verifyEmail', serverError('Link expired', { expired: true })),
    ]);
    expect(r.snapshot.value).toBe('expired');
  });
  it.each([
    [serverError('Invalid token', { details: 'token unknown' }), 'Invalid token: token unknown'],
    [silentError, 'Verification failed'],
  ])('shows the server message or the fallback, with details appended (%#)', async (failure, text) => {
    const r = await scenario(verifyEmailModel, [start, fail('verifyEmail', failure)]);
    expect(r.snapshot.value).toBe('error');
    expect(error(r.snapshot)).toBe(text);
  });
});

describe('forgot password', () => {
  it('RESET-2: shows the server message once sent', async () => {
    const r = await scenario(forgotPasswordModel, [
      { type: 'forgot.submit', email: 'ada@example.com' },
      done('forgotPassword', { message: 'Check your inbox' }),
    ]);
    expect(r.snapshot.value).toBe('sent');
    expect((r.snapshot.context as { message: string }).message).toBe('Check your inbox');
  });
  it('RESET-2: falls back to its own text', async () => {
    const r = await scenario(forgotPasswordModel, [
      { type: 'forgot.submit', email: 'ada@example.com' },
      fail('forgotPassword', silentError),
    ]);
    expect(error(r.snapshot)).toBe('Failed to send reset email. Please try again.');
  });
});

describe('reset password', () => {
  const submit = (newPassword: string, confirmPassword = newPassword) => ({
    type: 'reset.submit',
    newPassword,
    confirmPassword,
  });
  const ok = done('resetPassword', { message: 'Password has been reset', user: { email: 'ada@example.com' } });

  it.each([
    [submit('secret1', 'secret2'), 'Passwords do not match'],
    [submit('abc'), 'Password must be at least 6 characters long'],
  ])('validates before calling (%#)', async (event, text) => {
    const r = await scenario(resetPasswordModel, [event]);
    expect(error(r.snapshot)).toBe(text);
    expect(r.started).toEqual([]);
  });

  it('RESET-6, RESET-7: resets, pauses 1 s, logs in with the answer email and new password, pauses 1.5 s, goes home', async () => {
    const r = await scenario(resetPasswordModel, [
      submit('secret1'),
      ok,
      elapse('successPause', 'resetPassword.success'),
      done('login', { token: 'auto' }),
      elapse('loginPause', 'resetPassword.loggedIn'),
    ]);
    expect(r.started).toEqual([
      { id: 'resetPassword', input: { token: 'reset-token', newPassword: 'secret1' } },
      { id: 'login', input: { email: 'ada@example.com', password: 'secret1' } },
    ]);
    expect(r.effects).toEqual([
      { name: 'signIn', params: { token: 'auto' } },
      { name: 'navigate', params: { to: '/' } },
    ]);
    expect(r.snapshot.status).toBe('done');
  });

  it('RESET-8: says so when the automatic login fails and goes to /login after 1.5 s', async () => {
    const before = await scenario(resetPasswordModel, [
      submit('secret1'),
      ok,
      elapse('successPause', 'resetPassword.success'),
      fail('login', silentError),
    ]);
    expect(error(before.snapshot)).toBe('Automatic login failed. Please log in manually.');
    expect(before.effects).toEqual([]);
    const r = await scenario(resetPasswordModel, [
      submit('secret1'),
      ok,
      elapse('successPause', 'resetPassword.success'),
      fail('login', silentError),
      elapse('loginPause', 'resetPassword.loginFailed'),
    ]);
    expect(r.effects).toEqual([{ name: 'navigate', params: { to: '/login' } }]);
  });

  it('shows the message after the pause', async () => {
    const r = await scenario(resetPasswordModel, [submit('secret1'), ok]);
    expect((r.snapshot.context as { message: string }).message).toBe('Password has been reset');
    const later = await scenario(resetPasswordModel, [
      submit('secret1'),
      ok,
      elapse('successPause', 'resetPassword.success'),
    ]);
    expect((later.snapshot.context as { message: string }).message).toBe('Logging you in automatically...');
  });

  it('RESET-5: falls back to its own text on a failed reset', async () => {
    const r = await scenario(resetPasswordModel, [submit('secret1'), fail('resetPassword', silentError)]);
    expect(error(r.snapshot)).toBe('An error occurred while resetting password');
  });
});
