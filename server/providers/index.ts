/**
 * Chooses the provider for each tool: the tool's own provider when its key is configured,
 * otherwise the offline local provider. Providers are built once and shared.
 */
import type { Tool } from '../../src/catalog';
import { createLocalProvider, type LocalProviderOptions } from './local';
import { createOpenAIProvider } from './openai';
import { createReplicateProvider } from './replicate';
import type { GenerationProvider } from './types';

export interface ProviderEnv {
  readonly REPLICATE_API_TOKEN?: string;
  readonly OPENAI_API_KEY?: string;
  /** Test hooks: other API origins (fake servers). */
  readonly REPLICATE_BASE_URL?: string;
  readonly OPENAI_BASE_URL?: string;
}

export function selectProviders(
  env: ProviderEnv,
  localOptions: LocalProviderOptions = {},
): (tool: Tool) => GenerationProvider {
  const local = createLocalProvider(localOptions);
  const replicateToken = env.REPLICATE_API_TOKEN?.trim();
  const openaiKey = env.OPENAI_API_KEY?.trim();
  const replicate = replicateToken
    ? createReplicateProvider({
        token: replicateToken,
        ...(env.REPLICATE_BASE_URL ? { baseUrl: env.REPLICATE_BASE_URL } : {}),
      })
    : null;
  const openai = openaiKey
    ? createOpenAIProvider({
        apiKey: openaiKey,
        ...(env.OPENAI_BASE_URL ? { baseURL: env.OPENAI_BASE_URL } : {}),
      })
    : null;
  return (tool) => (tool.provider === 'replicate' ? replicate : openai) ?? local;
}

export { createLocalProvider, createOpenAIProvider, createReplicateProvider };
export { ProviderError } from './types';
export type { GenerationJob, GenerationProvider, ProviderResult } from './types';
