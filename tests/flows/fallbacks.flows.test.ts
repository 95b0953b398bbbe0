/**
 * The fallbacks where the server gives no message: the error is the one the real API client
 * throws for a 500 with an empty body ('Network response was not ok' for the log, fromServer false),
 * and every account flow and tool run shows its own text instead.
 */
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { createApiClient } from '../../src/api/client';
import { fail, scenario, done, type AnyEvent } from './harness';
import { forgotPasswordModel, resetPasswordModel, verifyEmailModel } from './models/auth.models';
import { changeEmailModel, deleteAccountModel } from './models/account.models';
import { sessionModel } from './models/session.model';
import { freeUser } from '../../src/flows/session/session.examples';
import { toToolError } from '../../src/flows/tools/errors';
import { generationErrorText, uploadErrorText } from '../../src/flows/tools/errors';

async function emptyBody500(): Promise<unknown> {
  const log = vi.spyOn(console, 'error').mockImplementation(() => {});
  const client = createApiClient({
    fetch: (async () => new Response(null, { status: 500 })) as typeof fetch,
    getToken: () => 't',
  });
  const error = await client.request('POST', '/api/any', v.unknown()).catch((e: unknown) => e);
  log.mockRestore();
  return error;
}

const textOf = (s: { context: unknown }, field: string) => (s.context as Record<string, unknown>)[field];
const login = (source: 'dialog' | 'page') =>
  ({ type: 'auth.login.submit', email: 'a@b.c', password: 'secret1', source }) as const;
const register = (source: 'dialog' | 'page') =>
  ({ type: 'auth.register.submit', email: 'a@b.c', password: 'secret1', confirmPassword: 'secret1', source }) as const;
const visitor = [done('readToken', null)];
const signedIn = [done('readToken', 't'), done('loadUser', freeUser)];

describe('fallbacks for a 500 with an empty body', () => {
  it("CALL-1: the client's error says 'Network response was not ok' but is not the server's message", async () => {
    expect(await emptyBody500()).toMatchObject({
      message: 'Network response was not ok',
      status: 500,
      fromServer: false,
    });
  });

  const cases: Array<[string, Parameters<typeof scenario>[0], (e: unknown) => AnyEvent[], string, string]> = [
    [
      'login (dialog)',
      sessionModel,
      (e) => [...visitor, login('dialog'), fail('login', e)],
      'loginError',
      'Failed to login',
    ],
    ['login (page)', sessionModel, (e) => [...visitor, login('page'), fail('login', e)], 'loginError', 'Login failed'],
    [
      'register (dialog)',
      sessionModel,
      (e) => [...visitor, register('dialog'), fail('register', e)],
      'registerError',
      'Failed to register',
    ],
    [
      'register (page)',
      sessionModel,
      (e) => [...visitor, register('page'), fail('register', e)],
      'registerError',
      'Registration failed',
    ],
    [
      'logout',
      sessionModel,
      (e) => [...signedIn, { type: 'auth.logout' }, fail('logout', e)],
      'logoutError',
      'Failed to logout. Please try again.',
    ],
    [
      'forgot password',
      forgotPasswordModel,
      (e) => [{ type: 'forgot.submit', email: 'a@b.c' }, fail('forgotPassword', e)],
      'error',
      'Failed to send reset email. Please try again.',
    ],
    [
      'verify email',
      verifyEmailModel,
      (e) => [{ type: 'verify.start' }, fail('verifyEmail', e)],
      'error',
      'Verification failed',
    ],
    [
      'reset password',
      resetPasswordModel,
      (e) => [{ type: 'reset.submit', newPassword: 'secret1', confirmPassword: 'secret1' }, fail('resetPassword', e)],
      'error',
      'An error occurred while resetting password',
    ],
    [
      'change email',
      changeEmailModel,
      (e) => [
        { type: 'email.open' },
        { type: 'email.submit', newEmail: 'n@b.c', currentPassword: 'secret1' },
        fail('changeEmail', e),
      ],
      'error',
      'Failed to update email',
    ],
    [
      'delete account',
      deleteAccountModel,
      (e) => [{ type: 'account.delete' }, { type: 'account.delete.confirm' }, fail('deleteAccount', e)],
      'error',
      'Failed to delete account. Please try again.',
    ],
  ];

  it.each(cases)('%s shows its fallback', async (_, model, steps, field, text) => {
    const r = await scenario(model, steps(await emptyBody500()));
    expect(textOf(r.snapshot, field)).toBe(text);
  });

  it("VERIFY-4: verify email appends the server's details to its fallback", async () => {
    const error = Object.assign((await emptyBody500()) as object, { details: 'token unknown' });
    const r = await scenario(verifyEmailModel, [{ type: 'verify.start' }, fail('verifyEmail', error)]);
    expect(textOf(r.snapshot, 'error')).toBe('Verification failed: token unknown');
  });
});

describe('fallbacks of a tool run for a 500 with an empty body', () => {
  it("TOOL-29: the run's effects read it as no message: the tool's fallback, not 'Network response was not ok'", async () => {
    const error = toToolError(await emptyBody500());
    expect(error).toEqual({ message: '', status: 500 });
    expect(generationErrorText(error, 'image')).toBe('Failed to generate image. Please try again.');
    expect(uploadErrorText(error, 'main')).toBe('Failed to upload main image: Failed to upload image');
  });
});
