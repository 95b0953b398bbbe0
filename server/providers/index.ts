/**
 * Chooses the provider for each tool: the tool's own provider when its key is configured,
 * otherwise the offline local provider. Providers are built once per app instance (server/bootstrap.ts).
 */
import type { Tool } from '../../src/catalog';
import { createLocalProvider, type LocalProviderOptions } from './local';
import { createOpenAIProvider } from './openai';
import { createReplicateProvider } from './replicate';
import type { GenerationProvider, OperatorLog } from './types';
import { lazyWorkerPool } from '../workers/pool';

export interface ProviderEnv {
  readonly REPLICATE_API_TOKEN?: string | undefined;
  readonly OPENAI_API_KEY?: string | undefined;
  /** Other API bases (REPLICATE_BASE_URL, OPENAI_BASE_URL): a sandbox, a proxy, a test's fake. */
  readonly REPLICATE_BASE_URL?: string | undefined;
  readonly OPENAI_BASE_URL?: string | undefined;
}

/** What the real providers get from the server besides their settings. */
export interface RealProviderOptions {
  /** Operator errors (provider and status, never a key). */
  readonly log?: OperatorLog;
  /** A stored input's public HTTPS address (signed), when the server has one Replicate can fetch. */
  readonly publicFileUrl?: (path: string) => string | undefined;
  /** How often a Replicate prediction is read until it ends (REPLICATE_POLL_INTERVAL_MS). */
  readonly pollIntervalMs?: number;
  /**
   * Where Replicate posts a prediction's end (`${APP_URL}/api/webhooks/replicate`), when REPLICATE_WEBHOOK_SECRET is
   * set and APP_URL is public; undefined: predictions are polled only.
   */
  readonly replicateWebhookUrl?: string | undefined;
  /** With webhooks: how often a run still reads its prediction from Replicate (default 30 s). */
  readonly replicateWebhookFallbackMs?: number;
}

/** The providers a server runs with: always the local one, the real ones when their key is set. */
export interface Providers {
  readonly local: GenerationProvider;
  readonly replicate?: GenerationProvider | undefined;
  readonly openai?: GenerationProvider | undefined;
}

export function buildProviders(
  env: ProviderEnv,
  localOptions: LocalProviderOptions,
  real: RealProviderOptions = {},
): Providers {
  const replicateToken = env.REPLICATE_API_TOKEN?.trim();
  const openaiKey = env.OPENAI_API_KEY?.trim();
  const { replicateWebhookUrl, replicateWebhookFallbackMs, ...shared } = real;
  return {
    local: createLocalProvider(localOptions),
    replicate: replicateToken
      ? createReplicateProvider({
          token: replicateToken,
          ...(env.REPLICATE_BASE_URL ? { baseUrl: env.REPLICATE_BASE_URL } : {}),
          // A model without a frame-rate input: its clip re-timed by ffmpeg in the instance's pool.
          retime: (video, fps, signal) =>
            localOptions.pool.run('video.edit', { video, edit: { edit: 'fps', fps } }, { signal }),
          ...shared,
          ...(replicateWebhookUrl ? { webhookUrl: replicateWebhookUrl } : {}),
          ...(replicateWebhookFallbackMs ? { webhookFallbackMs: replicateWebhookFallbackMs } : {}),
        })
      : undefined,
    openai: openaiKey
      ? createOpenAIProvider({
          apiKey: openaiKey,
          ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
          ...(real.log ? { log: real.log } : {}),
        })
      : undefined,
  };
}

/** The tool's own provider when configured, else the local one; a tool the server runs itself (ffmpeg) runs locally. */
export function providerFor(providers: Providers, tool: Tool): GenerationProvider {
  if (tool.replicate === 'server') return providers.local;
  return (tool.provider === 'replicate' ? providers.replicate : providers.openai) ?? providers.local;
}

/** The provider of each tool; without options the local provider gets a pool of its own that starts no thread until used. */
export function selectProviders(
  env: ProviderEnv,
  localOptions: LocalProviderOptions = { pool: lazyWorkerPool() },
): (tool: Tool) => GenerationProvider {
  const providers = buildProviders(env, localOptions);
  return (tool) => providerFor(providers, tool);
}

export { createLocalProvider, createOpenAIProvider, createReplicateProvider };
export { BUSY_MESSAGE, GENERIC_FAILURE, ProviderBusyError, ProviderError } from './types';
export type { GenerationJob, GenerationProvider, ProviderResult } from './types';
