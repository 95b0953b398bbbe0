/** One typed function per call of spec §7 that the SPA makes. */
import * as v from 'valibot';
import type { ApiClient } from './client';
import {
  CancelAnswer,
  ChangeEmailAnswer,
  CheckoutAnswer,
  CheckoutStatus,
  CreditHistoryAnswer,
  type CreateCheckoutBody,
  type CreateSubscriptionBody,
  Creation,
  CreationsPage,
  CreditsAnswer,
  GenerateAnswer,
  type GenerateBody,
  ImageAnswer,
  LoginAnswer,
  MessageBody,
  RegisterAnswer,
  ResetPasswordAnswer,
  PredictionReply,
  ThemeAnswer,
  UploadAnswer,
  User,
} from './schemas';

/** A tool call: its abort signal and the click's idempotency key (every attempt sends the same). */
export interface CallOptions {
  signal?: AbortSignal | null;
  idempotencyKey?: string;
}
const callOptions = ({ signal = null, idempotencyKey }: CallOptions = {}) => ({
  signal,
  ...(idempotencyKey ? { headers: { 'Idempotency-Key': idempotencyKey } } : {}),
});

const Anything = v.unknown();
/**
 * A checkout answer whose fields may be missing: spec §7 makes a missing session id the checkout
 * flow's own error ('No session ID returned from server'), not a parse failure.
 */
const CheckoutReply = v.partial(CheckoutAnswer);

export function createEndpoints(api: ApiClient) {
  return {
    getUser: (options?: CallOptions) => api.request('GET', '/api/auth/user', User, callOptions(options)),
    // The calls of a visitor (or of a flow that brings its own token) carry no session token, so a
    // refusal there (a wrong password) is never taken for an expired session.
    login: (body: { email: string; password: string }) =>
      api.request('POST', '/api/auth/login', LoginAnswer, { body, auth: false }),
    register: (body: { email: string; password: string }) =>
      api.request('POST', '/api/auth/register', RegisterAnswer, { body, auth: false }),
    forgotPassword: (body: { email: string }) =>
      api.request('POST', '/api/auth/forgot-password', MessageBody, { body, auth: false }),
    verifyEmail: (token: string) =>
      api.request('GET', `/api/auth/verify-email/${encodeURIComponent(token)}`, MessageBody, { auth: false }),
    resetPassword: (body: { token: string; newPassword: string }) =>
      api.request('POST', '/api/auth/reset-password', ResetPasswordAnswer, { body, auth: false }),
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
    /** One page of the credit history, newest first; `cursor` is the previous page's nextCursor. */
    getCreditHistory: (cursor: string | null, options?: CallOptions) =>
      api.request(
        'GET',
        `/api/users/credits/history${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
        CreditHistoryAnswer,
        callOptions(options),
      ),
    /** A checkout the browser came back from: what it buys and whether its credits have landed. */
    getCheckoutStatus: (sessionId: string, options?: CallOptions) =>
      api.request(
        'GET',
        `/api/stripe/checkout-session/${encodeURIComponent(sessionId)}`,
        CheckoutStatus,
        callOptions(options),
      ),
    /** POST /api/generate/image: runs to the end; answers the output and the new balance. */
    generateImage: (body: GenerateBody, options?: CallOptions) =>
      api.request('POST', '/api/generate/image', ImageAnswer, { body, ...callOptions(options) }),
    /** POST /api/generate or a tool's endpoint: answers the prediction id (and the balance). */
    startGeneration: (path: string, body: GenerateBody, options?: CallOptions) =>
      api.request('POST', path, GenerateAnswer, { body, ...callOptions(options) }),
    getPrediction: (id: string, options?: CallOptions) =>
      api.request('GET', `/api/prediction/${encodeURIComponent(id)}`, PredictionReply, callOptions(options)),
    listCreations: (query: { cursor?: string | null; category?: string | null }, options?: CallOptions) => {
      const params = new URLSearchParams();
      if (query.cursor) params.set('cursor', query.cursor);
      if (query.category) params.set('category', query.category);
      const search = params.size ? `?${params.toString()}` : '';
      return api.request('GET', `/api/creations${search}`, CreationsPage, callOptions(options));
    },
    getCreation: (id: string, options?: CallOptions) =>
      api.request('GET', `/api/creations/${encodeURIComponent(id)}`, Creation, callOptions(options)),
    deleteCreation: (id: string) => api.request('DELETE', `/api/creations/${encodeURIComponent(id)}`, MessageBody),
    upload: (image: string, options?: CallOptions) =>
      api.request('POST', '/api/upload', UploadAnswer, { body: { image }, ...callOptions(options) }),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;

