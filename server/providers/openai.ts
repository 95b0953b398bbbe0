/**
 * OpenAI through the `openai` SDK: text and code via chat completions, image-to-text via a
 * vision message, images (if ever routed here) via the images API as b64_json.
 */
import type OpenAI from 'openai';

// The SDK costs ~0.5 s to import: loaded on the first run, so a server without OpenAI never pays for it
// (the module loader keeps it after that: nothing cached here).
const loadSdk = () => import('openai');
import {
  BUSY_MESSAGE,
  GENERIC_FAILURE,
  ProviderError,
  type OperatorLog,
  type GenerationJob,
  type GenerationProvider,
  type InputValue,
  type ProviderResult,
} from './types';

export interface OpenAIOptions {
  readonly apiKey: string;
  /** Another API base, e.g. http://127.0.0.1:1234/v1 for a fake server in tests. */
  readonly baseURL?: string;
  /** Operator errors (quota, key, missing model): provider and status, never the key. */
  readonly log?: OperatorLog;
}

/** The text model of Enhance prompt (ENHANCE-1). */
export const ENHANCE_MODEL = 'gpt-4o-mini';

export const SYSTEM_PROMPTS = {
  text: 'You are a helpful writing assistant. Answer the request clearly and well structured, in the language of the request.',
  code: (language: string) =>
    `You are an expert ${language} programmer. Answer with working, commented ${language} code for the request, in a single code block, followed by a short explanation.`,
  imageToText:
    'You extract text from images. Reply with the text visible in the image, preserving line breaks. If there is no text, describe the image in one sentence.',
} as const;

const str = (v: InputValue | undefined): string => (typeof v === 'string' ? v.trim() : '');
const num = (v: InputValue | undefined): number | undefined =>
  typeof v === 'number' && Number.isFinite(v) ? v : undefined;

function sampling(job: GenerationJob): { max_tokens?: number; temperature?: number } {
  const maxTokens = num(job.input['max_tokens']);
  const temperature = num(job.input['temperature']);
  return {
    ...(maxTokens !== undefined ? { max_tokens: Math.max(1, Math.floor(maxTokens)) } : {}),
    ...(temperature !== undefined ? { temperature: Math.min(2, Math.max(0, temperature)) } : {}),
  };
}

function imageDataUrl(job: GenerationJob): string {
  const image = job.images?.['image'];
  if (image) return `data:${image.contentType};base64,${Buffer.from(image.bytes).toString('base64')}`;
  const inline = str(job.input['image']);
  if (inline.startsWith('data:image/')) return inline;
  throw new ProviderError('Please upload an image');
}

function messages(job: GenerationJob): OpenAI.Chat.ChatCompletionMessageParam[] {
  const prompt = str(job.input['prompt']);
  switch (job.tool.output) {
    case 'code': {
      const language = str(job.input['language']) || 'TypeScript';
      return [
        { role: 'system', content: SYSTEM_PROMPTS.code(language) },
        { role: 'user', content: prompt },
      ];
    }
    case 'text':
      if (job.tool.startOperation === 'generateImageToText') {
        return [
          { role: 'system', content: SYSTEM_PROMPTS.imageToText },
          {
            role: 'user',
            content: [
              { type: 'text', text: prompt || 'Extract the text from this image.' },
              { type: 'image_url', image_url: { url: imageDataUrl(job) } },
            ],
          },
        ];
      }
      return [
        { role: 'system', content: SYSTEM_PROMPTS.text },
        { role: 'user', content: prompt },
      ];
    default:
      throw new ProviderError(`The ${job.tool.title} tool does not run on OpenAI`);
  }
}

/**
 * OpenAI's error answers, mapped in one place (after the SDK's own retry): a rejected request (400, 422: content
 * policy, bad input) is for the person to read; a rate limit or an overloaded service (429, 503) is the busy
 * message; an exhausted quota (429 insufficient_quota), a revoked key (401), a key without access (403) or a
 * missing model (404) is logged once for the operator (provider and status, never the key) and the person reads
 * the generic failure.
 */
function mapError(error: unknown, signal: AbortSignal, APIError: typeof OpenAI.APIError, log: OperatorLog): unknown {
  if (signal.aborted) return signal.reason instanceof Error ? signal.reason : error;
  if (!(error instanceof APIError)) return error;
  const body = error.error as { message?: unknown; code?: unknown; type?: unknown } | undefined;
  const code = typeof body?.code === 'string' ? body.code : typeof body?.type === 'string' ? body.type : undefined;
  if (error.status === 400 || error.status === 422) {
    return new ProviderError(typeof body?.message === 'string' ? body.message : 'The request was rejected');
  }
  if ((error.status === 429 && code !== 'insufficient_quota') || error.status === 503) {
    log(`Provider busy: openai answered HTTP ${error.status} after the SDK's retries`);
    return new ProviderError(BUSY_MESSAGE);
  }
  log(`Operator error: openai answered HTTP ${error.status ?? 'without status'}${code ? ` (${code})` : ''}`);
  return new ProviderError(GENERIC_FAILURE);
}

export function createOpenAIProvider(options: OpenAIOptions): GenerationProvider {
  let made: Promise<OpenAI> | undefined;
  const openai = () =>
    (made ??= loadSdk().then(
      ({ default: OpenAISdk }) =>
        new OpenAISdk({
          apiKey: options.apiKey,
          ...(options.baseURL ? { baseURL: options.baseURL } : {}),
          maxRetries: 1,
          timeout: 120_000,
        }),
    ));

  async function images(client: OpenAI, job: GenerationJob, signal: AbortSignal): Promise<ProviderResult> {
    const width = num(job.input['width']);
    const height = num(job.input['height']);
    const size = width && height ? (`${width}x${height}` as '1024x1024') : undefined;
    const response = await client.images.generate(
      {
        model: job.tool.id,
        prompt: str(job.input['prompt']),
        n: 1,
        ...(size ? { size } : {}),
        // gpt-image models always answer b64_json and reject the parameter.
        ...(job.tool.id.startsWith('gpt-image') ? {} : { response_format: 'b64_json' as const }),
      },
      { signal },
    );
    const files = (response.data ?? [])
      .map((d) => d.b64_json)
      .filter((b): b is string => typeof b === 'string')
      .map((b) => ({ bytes: new Uint8Array(Buffer.from(b, 'base64')), contentType: 'image/png', ext: 'png' }));
    if (files.length === 0) throw new ProviderError('The model returned no image');
    return { output: { kind: 'files', files }, model: job.tool.id };
  }

  return {
    name: 'openai',
    async enhancePrompt(instruction, prompt) {
      const client = await openai();
      const signal = AbortSignal.timeout(20_000);
      try {
        const completion = await client.chat.completions.create(
          {
            model: ENHANCE_MODEL,
            messages: [
              { role: 'system', content: instruction },
              { role: 'user', content: prompt },
            ],
            max_tokens: 300,
            temperature: 0.7,
          },
          { signal },
        );
        const choice = completion.choices[0];
        if (choice?.message.refusal) throw new ProviderError(choice.message.refusal);
        return choice?.message.content ?? '';
      } catch (error) {
        throw mapError(error, signal, (await loadSdk()).default.APIError, options.log ?? (() => undefined));
      }
    },
    async run(job, signal) {
      signal.throwIfAborted();
      const client = await openai();
      try {
        if (job.tool.output === 'image') return await images(client, job, signal);
        const completion = await client.chat.completions.create(
          { model: job.tool.id, messages: messages(job), ...sampling(job) },
          { signal },
        );
        const choice = completion.choices[0];
        const text = choice?.message.content ?? '';
        if (choice?.message.refusal) throw new ProviderError(choice.message.refusal);
        if (!text.trim()) throw new ProviderError('The model returned no text');
        return { output: { kind: 'text', text }, model: completion.model || job.tool.id };
      } catch (error) {
        throw mapError(error, signal, (await loadSdk()).default.APIError, options.log ?? (() => undefined));
      }
    },
  };
}
