/** One typed function per call of spec §7 that the SPA makes. */
import * as v from 'valibot';
import { api as defaultClient, type ApiClient } from './client';
import {
  CancelAnswer,
  ChangeEmailAnswer,
  CheckoutAnswer,
  type CreateCheckoutBody,
  type CreateSubscriptionBody,
  CreditsAnswer,
  LoginAnswer,
  MessageBody,
  RegisterAnswer,
  ResetPasswordAnswer,
  ThemeAnswer,
  User,
} from './schemas';

const Anything = v.unknown();
/**
 * A checkout answer whose fields may be missing: spec §7 makes a missing session id the checkout
 * flow's own error ('No session ID returned from server'), not a parse failure.
 */
const CheckoutReply = v.partial(CheckoutAnswer);

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
    createSubscription: (body: v.InferInput<typeof CreateSubscriptionBody>) =>
      api.request('POST', '/api/stripe/create-subscription', CheckoutReply, { body }),
    createCheckoutSession: (body: v.InferInput<typeof CreateCheckoutBody>) =>
      api.request('POST', '/api/stripe/create-checkout-session', CheckoutReply, { body }),
    cancelSubscription: () => api.request('POST', '/api/stripe/cancel-subscription', CancelAnswer),
    getTheme: () => api.request('GET', '/api/users/theme', ThemeAnswer),
    saveTheme: (theme: string) => api.request('POST', '/api/users/theme', Anything, { body: { theme } }),
    getCredits: () => api.request('GET', '/api/users/credits', CreditsAnswer),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;

export const endpoints = createEndpoints();
