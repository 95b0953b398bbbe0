/** One typed function per API call the SPA makes, each an entry of the operation table. */
import * as v from 'valibot';
import { callOperation as call } from './call';
import type { ApiClient } from './client';
import { operations as ops, toolStarts } from './operations';
import { CheckoutAnswer, GenerateAnswer, type GenerateBody, PredictionReply } from './schemas';

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
 * A file answer read as a Blob (the ZIP of several creations, a stored image). Checked by shape, not
 * `instanceof`: the fetch's Blob may come from another realm than the page's (a worker, a test's DOM).
 */
const FileBlob = v.custom<Blob>(
  (input) => typeof input === 'object' && input !== null && typeof (input as Blob).arrayBuffer === 'function',
);
/**
 * A checkout answer whose fields may be missing: CHECKOUT-2 makes a missing session id the checkout
 * flow's own error ('No session ID returned from server'), not a parse failure.
 */
const CheckoutReply = v.partial(CheckoutAnswer);

/**
 * The generation starts by operationId: POST /api/generate, the image tools' waiting call and each tool endpoint.
 * A tool names its start as one of these (src/catalog's StartOperation must stay within them).
 */
const starts = { startGeneration: ops.startGeneration, generateImage: ops.generateImage, ...toolStarts } as const;
export type StartOperationId = keyof typeof starts;

export function createEndpoints(api: ApiClient) {
  return {
    getUser: (options?: CallOptions) => call(api, ops.getUser, callOptions(options)),
    // The calls of a visitor (or of a flow that brings its own token) carry no session token, so a
    // refusal there (a wrong password) is never taken for an expired session.
    login: (body: v.InferInput<typeof ops.login.body>) => call(api, ops.login, { body, auth: false }),
    register: (body: v.InferInput<typeof ops.register.body>) => call(api, ops.register, { body, auth: false }),
    forgotPassword: (body: v.InferInput<typeof ops.forgotPassword.body>) =>
      call(api, ops.forgotPassword, { body, auth: false }),
    verifyEmail: (token: string, claim?: string) =>
      call(api, ops.verifyEmail, { params: { token }, query: claim === undefined ? {} : { claim }, auth: false }),
    resetPassword: (body: v.InferInput<typeof ops.resetPassword.body>) =>
      call(api, ops.resetPassword, { body, auth: false }),
    logout: () => call(api, ops.logout, { reply: Anything }),
    changeEmail: (body: v.InferInput<typeof ops.changeEmail.body>) => call(api, ops.changeEmail, { body }),
    deleteAccount: () => call(api, ops.deleteAccount, { reply: Anything }),
    createSubscription: (body: v.InferInput<typeof ops.createSubscription.body>) =>
      call(api, ops.createSubscription, { body, reply: CheckoutReply }),
    createCheckoutSession: (body: v.InferInput<typeof ops.createCheckoutSession.body>) =>
      call(api, ops.createCheckoutSession, { body, reply: CheckoutReply }),
    cancelSubscription: () => call(api, ops.cancelSubscription, {}),
    /** A session of the payment provider's customer portal (CHECKOUT-9): where Manage billing goes. */
    createBillingPortal: () => call(api, ops.createBillingPortal, {}),
    getTheme: () => call(api, ops.getTheme, {}),
    saveTheme: (theme: v.InferInput<typeof ops.saveTheme.body>['theme']) =>
      call(api, ops.saveTheme, { body: { theme }, reply: Anything }),
    getCredits: () => call(api, ops.getCredits, {}),
    /** One page of the credit history, newest first; `cursor` is the previous page's nextCursor. */
    getCreditHistory: (cursor: string | null, options?: CallOptions) =>
      call(api, ops.getCreditHistory, { query: { cursor }, ...callOptions(options) }),
    /** The whole credit history as CSV text, oldest first (CREDITS-7). */
    getCreditHistoryCsv: (options?: CallOptions) => call(api, ops.getCreditHistoryCsv, callOptions(options)),
    /** What the runs of a month ('YYYY-MM', UTC) cost, by tool (CREDITS-8). */
    getSpending: (month: string, options?: CallOptions) =>
      call(api, ops.getSpending, { query: { month }, ...callOptions(options) }),
    /** A checkout the browser came back from: what it buys and whether its credits have landed. */
    getCheckoutStatus: (sessionId: string, options?: CallOptions) =>
      call(api, ops.getCheckoutSession, { params: { id: sessionId }, ...callOptions(options) }),
    /** POST /api/generate/image: runs to the end; answers the output and the new balance. */
    generateImage: (body: GenerateBody, options?: CallOptions) =>
      call(api, ops.generateImage, { body, ...callOptions(options) }),
    /** POST /api/generate or a tool's start operation: answers the prediction id (and the balance). */
    startGeneration: (start: StartOperationId, body: GenerateBody, options?: CallOptions) =>
      call(api, starts[start], { body, reply: GenerateAnswer, ...callOptions(options) }),
    getPrediction: (id: string, options?: CallOptions) =>
      call(api, ops.getPrediction, { params: { id }, reply: PredictionReply, ...callOptions(options) }),
    listCreations: (
      query: {
        cursor?: string | null;
        category?: string | null;
        limit?: number | null;
        q?: string | null;
        tool?: string | null;
        status?: string | null;
        from?: string | null;
        to?: string | null;
        starred?: string | null;
        collection?: string | null;
      },
      options?: CallOptions,
    ) =>
      call(api, ops.listCreations, {
        query: {
          cursor: query.cursor ?? null,
          category: query.category ?? null,
          limit: query.limit == null ? null : String(query.limit),
          q: query.q ?? null,
          tool: query.tool ?? null,
          status: query.status ?? null,
          from: query.from ?? null,
          to: query.to ?? null,
          // COLLECT-7: only the starred ones ('1'), only one collection's.
          starred: query.starred === '1' ? '1' : null,
          collection: query.collection ?? null,
        },
        ...callOptions(options),
      }),
    getCreation: (id: string, options?: CallOptions) =>
      call(api, ops.getCreation, { params: { id }, ...callOptions(options) }),
    deleteCreation: (id: string) => call(api, ops.deleteCreation, { params: { id } }),
    // A creation's public link (SHARE-4 to SHARE-6): make it, revoke it.
    shareCreation: (id: string) => call(api, ops.shareCreation, { params: { id } }),
    unshareCreation: (id: string) => call(api, ops.unshareCreation, { params: { id } }),
    // The account's prompts (PROMPT-3 to PROMPT-5) and Enhance prompt (ENHANCE-1).
    listPromptHistory: (query: { toolKey: string; q?: string; limit?: string }, options?: CallOptions) =>
      call(api, ops.listPromptHistory, { query, ...callOptions(options) }),
    clearPromptHistory: () => call(api, ops.clearPromptHistory, {}),
    listPromptStyles: () => call(api, ops.listPromptStyles, {}),
    createPromptStyle: (body: v.InferInput<typeof ops.createPromptStyle.body>) =>
      call(api, ops.createPromptStyle, { body }),
    enhancePrompt: (body: v.InferInput<typeof ops.enhancePrompt.body>) => call(api, ops.enhancePrompt, { body }),
    // Upscale 2× and Vary of an image creation (REFINE-1 to REFINE-3): a new run, answered as a start ({id, credits}).
    upscaleCreation: (id: string, options?: CallOptions) =>
      call(api, ops.upscaleCreation, { params: { id }, reply: GenerateAnswer, ...callOptions(options) }),
    varyCreation: (id: string, strength: 'subtle' | 'strong', options?: CallOptions) =>
      call(api, ops.varyCreation, {
        params: { id },
        body: { strength },
        reply: GenerateAnswer,
        ...callOptions(options),
      }),
    /** POST /api/creations/delete: several finished runs, all or none (CREATIONS-7). */
    deleteCreations: (ids: readonly string[]) => call(api, ops.deleteCreations, { body: { ids: [...ids] } }),
    /**
     * POST /api/creations/zip: the outputs of several runs as one ZIP, read as a Blob (CREATIONS-11); a 401
     * ends the session like any call.
     */
    downloadCreations: (ids: readonly string[], options?: CallOptions) =>
      call(api, ops.downloadCreations, {
        body: { ids: [...ids] },
        reply: FileBlob,
        responseType: 'blob',
        ...callOptions(options),
      }),
    /**
     * A stored file the API answered (a run's output: a signed file address, operations/addresses.ts), as a
     * Blob. Sent without the session's token: the address's signature is what lets it be read.
     */
    getFile: (url: string, options?: CallOptions) =>
      api.request('GET', url, FileBlob, {
        responseType: 'blob',
        auth: false,
        headers: { Accept: '*/*' },
        ...callOptions(options),
      }),
    /** POST /api/generate/batch: one run per prompt, every run reserved or none; answers each run's status and the balance. */
    startBatch: (body: v.InferInput<typeof ops.startBatch.body>, options?: CallOptions) =>
      call(api, ops.startBatch, { body, ...callOptions(options) }),
    /** The caller's runs queued, in progress and finished in the last ten minutes, newest first. */
    listRuns: (options?: CallOptions) => call(api, ops.listRuns, callOptions(options)),
    cancelRun: (id: string) => call(api, ops.cancelRun, { params: { id } }),
    // Stars and collections (COLLECT-1 to COLLECT-6): the caller's own, all or none.
    listCollections: (options?: CallOptions) => call(api, ops.listCollections, callOptions(options)),
    createCollection: (name: string) => call(api, ops.createCollection, { body: { name } }),
    renameCollection: (id: string, name: string) => call(api, ops.renameCollection, { params: { id }, body: { name } }),
    deleteCollection: (id: string) => call(api, ops.deleteCollection, { params: { id } }),
    addToCollection: (id: string, ids: readonly string[]) =>
      call(api, ops.addToCollection, { params: { id }, body: { ids: [...ids] } }),
    starCreations: (ids: readonly string[]) => call(api, ops.starCreations, { body: { ids: [...ids] } }),
    unstarCreations: (ids: readonly string[]) => call(api, ops.unstarCreations, { body: { ids: [...ids] } }),
    upload: (image: string, options?: CallOptions) =>
      call(api, ops.upload, { body: { image }, ...callOptions(options) }),
  };
}

export type Endpoints = ReturnType<typeof createEndpoints>;
