/** One typed function per call of spec §7 that the account flows make. */
import * as v from 'valibot';
import { api as defaultClient, type ApiClient } from './client';
import {
  CancelAnswer,
  ChangeEmailAnswer,
  CreditsAnswer,
  LoginAnswer,
  MessageBody,
  RegisterAnswer,
  ResetPasswordAnswer,
  ThemeAnswer,
  User,
} from './schemas';

const Anything = v.unknown();

export function createEndpoints(api: ApiClient = defaultClient) {
  return {
    getUser: () => api.request('GET', '/api/auth/user', User),
    login: (body: { email: string; password: string }) => api.request('POST', '/api/auth/login', LoginAnswer, { body }),
    register: (body: { email: string; password: string }) =>
      api.request('POST', '/api/auth/register', RegisterAnswer, { body }),
    forgotPassword: (body: { email: string }) =>
      api.request('POST', '/api/auth/forgot-password', MessageBody, { body }),
    verifyEmail: (token: string) =>
      api.request('GET', `/api/auth/verify-email/${encodeURIComponent(token)}`, MessageBody),
    resetPassword: (body: { token: string; newPassword: string }) =>
      api.request('POST', '/api/auth/reset-password', ResetPasswordAnswer, { body }),
    logout: () => api.request('POST', '/api/auth/logout', Anything),
    changeEmail: (body: { newEmail: string; currentPassword: string }) =>
      api.request('POST', '/api/auth/change-email', ChangeEmailAnswer, { body }),
    deleteAccount: () => api.request('DELETE', '/api/users/delete-account', Anything),
    cancelSubscription: () => api.request('POST', '/api/stripe/cancel-subscription', CancelAnswer),
    getTheme: () => api.request('GET', '/api/users/theme', ThemeAnswer),
    saveTheme: (theme: string) => api.request('POST', '/api/users/theme', Anything, { body: { theme } }),
    getCredits: () => api.request('GET', '/api/users/credits', CreditsAnswer),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;

export const endpoints = createEndpoints();
