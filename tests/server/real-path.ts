/**
 * The real path's shared test parts: the providers' settings pointing at their contract fakes, one tool run as
 * the SPA makes it, and the outbound guard that records (and refuses) every request to a host the test did
 * not allow.
 */
import http from 'node:http';
import https from 'node:https';
import { expect } from 'vitest';
import { tools, type Tool } from '../../src/catalog';
import { operations } from '../../src/api/operations';
import type { FakeOpenAI } from './fakes/openai';
import type { FakeReplicate } from './fakes/replicate';
import { json, pngDataUrl, type TestContext } from './helpers';

/** The AI providers' settings with both origins at their fakes, Replicate's predictions read every 20 ms. */
export const providerEnv = (replicate: FakeReplicate, openai: FakeOpenAI): Record<string, string> => ({
  REPLICATE_API_TOKEN: 'r8_fake_token',
  OPENAI_API_KEY: 'sk-fake-key',
  REPLICATE_BASE_URL: replicate.baseUrl,
  OPENAI_BASE_URL: openai.baseUrl,
  REPLICATE_POLL_INTERVAL_MS: '20',
});

export interface OutboundGuard {
  /** Every host (host:port) the process asked for while the guard stood, allowed or not. */
  readonly hosts: Set<string>;
  restore(): void;
}

type RequestArgs = [string | URL | http.RequestOptions, ...unknown[]];
const hostOf = (target: string | URL | http.RequestOptions, defaultPort: number): string => {
  if (typeof target === 'string' || target instanceof URL) return new URL(target).host;
  const name = target.hostname ?? target.host ?? 'localhost';
  const port = target.port ?? defaultPort;
  return Number(port) === defaultPort ? name : `${name}:${port}`;
};

/**
 * Guards both ways a request leaves this process: `fetch` (the OpenAI and Replicate SDKs) and node's
 * `http.request`/`https.request` (stripe-node's default NodeHttpClient, the one production uses; it reads
 * them from the module objects at each call so that they can be wrapped). A request to a host outside
 * `allowed()` is recorded and refused before any byte leaves.
 */
export function guardOutbound(allowed: () => readonly string[]): OutboundGuard {
  const hosts = new Set<string>();
  const check = (host: string) => {
    hosts.add(host);
    if (!allowed().includes(host)) throw new Error(`The test's outbound guard refused a request to ${host}`);
  };
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    try {
      check(new URL(input instanceof Request ? input.url : String(input)).host);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return realFetch(input, init);
  };
  const realHttp = http.request;
  const realHttps = https.request;
  http.request = ((...args: RequestArgs) => {
    check(hostOf(args[0], 80));
    return (realHttp as (...a: RequestArgs) => http.ClientRequest)(...args);
  }) as typeof http.request;
  https.request = ((...args: RequestArgs) => {
    check(hostOf(args[0], 443));
    return (realHttps as (...a: RequestArgs) => http.ClientRequest)(...args);
  }) as typeof https.request;
  return {
    hosts,
    restore() {
      globalThis.fetch = realFetch;
      http.request = realHttp;
      https.request = realHttps;
    },
  };
}

/** One run as the SPA starts it; its end as the SPA reads it (the single call's answer, or the polled prediction). */
export async function runTool(t: TestContext, tool: Tool, token: string, uploaded: string) {
  const input: Record<string, string | number | boolean> = { ...tool.defaultParams, prompt: 'a fox in the snow' };
  if (tool.startOperation === 'generateImageToText') input['image'] = pngDataUrl;
  else if (tool.run.upload === 'image' && tool.page.upload) input['image'] = uploaded;
  if (tool.page.pose) input['pose_image'] = uploaded;
  const body =
    tool.run.call === 'single'
      ? { provider: tool.provider, modelId: tool.id, cost: tool.cost, input }
      : { modelId: tool.id, modelCost: tool.modelCost, input };
  const started = await json<{ id?: string; output?: unknown; message?: string }>(
    await t.request(operations[tool.startOperation].path, { token, body }),
  );
  if (!started.id) return started;
  for (;;) {
    const state = await json<{ status: string; output?: unknown; error?: string }>(
      await t.request(`/api/prediction/${started.id}`, { token }),
    );
    if (!['starting', 'processing', 'queued'].includes(state.status)) return state;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * Runs every tool of the catalogue (or those given) as the SPA does, with one uploaded picture where a tool takes one, and
 * asserts what the person sees: an output, no error, and a file output stored and served by the product.
 */
export async function runEveryTool(t: TestContext, token: string, which: readonly Tool[] = tools): Promise<void> {
  const { url } = await json<{ url: string }>(await t.request('/api/upload', { token, body: { image: pngDataUrl } }));
  for (const tool of which) {
    const end = await runTool(t, tool, token, url);
    expect(end, tool.key).toMatchObject({ output: expect.anything() });
    expect('error' in end ? end.error : undefined, tool.key).toBeFalsy();
    if (tool.output !== 'text' && tool.output !== 'code') {
      const output = (end as { output: string | string[] }).output;
      const address = Array.isArray(output) ? output[0]! : output;
      expect(address, tool.key).toMatch(/^\/files\/outputs\//);
      expect((await t.request(address, { token })).status, tool.key).toBe(200);
    }
  }
}
