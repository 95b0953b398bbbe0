/**
 * A fake of OpenAI's chat completions on 127.0.0.1 (a random port) that holds every request to the published
 * document (tests/fixtures/contracts/openai.chat-completions.openapi.json: `POST /v1/chat/completions`, bearer
 * key, the CreateChatCompletionRequest body) and answers with the document's CreateChatCompletionResponse, or
 * with its error shape for a rate limit (429), an exhausted quota (429 insufficient_quota) or a revoked key (401).
 */
import fs from 'node:fs';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Ajv } from 'ajv';
import addFormats from 'ajv-formats';

const document = JSON.parse(
  fs.readFileSync(
    path.join(import.meta.dirname, '../../fixtures/contracts/openai.chat-completions.openapi.json'),
    'utf8',
  ),
) as object;
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ ...document, $id: 'openai' });
const requestCheck = ajv.getSchema('openai#/components/schemas/CreateChatCompletionRequest')!;
const responseCheck = ajv.getSchema('openai#/components/schemas/CreateChatCompletionResponse')!;

export type OpenAIOutcome = 'succeeded' | 'busy' | 'quota' | 'revoked';

export interface SeenChat {
  readonly path: string;
  readonly body: unknown;
  readonly problem?: string;
}

export interface FakeOpenAI {
  readonly origin: string;
  readonly baseUrl: string;
  readonly requests: SeenChat[];
  problems(): string[];
  outcome: OpenAIOutcome;
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString('utf8')));
    req.on('end', () => resolve(text));
    req.on('error', reject);
  });
}

const errorBody = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});

export async function startFakeOpenAI(): Promise<FakeOpenAI> {
  const requests: SeenChat[] = [];
  const fake = { outcome: 'succeeded' as OpenAIOutcome } as FakeOpenAI;
  const server: Server = createServer((req, res) => {
    void readBody(req).then((raw) => {
      const url = new URL(req.url ?? '/', 'http://fake');
      let body: unknown = null;
      const answer = (status: number, value: unknown, problem?: string) => {
        requests.push({ path: url.pathname, body, ...(problem ? { problem } : {}) });
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(value));
      };
      if (req.method !== 'POST' || url.pathname !== '/v1/chat/completions') {
        return answer(
          404,
          errorBody(`${req.method} ${url.pathname} is not in the document`, 'invalid_request_error', null),
          'path',
        );
      }
      try {
        body = JSON.parse(raw);
      } catch {
        return answer(400, errorBody('The body is not JSON', 'invalid_request_error', null), 'json');
      }
      if (req.headers.authorization !== 'Bearer sk-fake-key' || fake.outcome === 'revoked') {
        return answer(401, errorBody('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'));
      }
      if (!requestCheck(body)) {
        const problem = ajv.errorsText(requestCheck.errors);
        return answer(400, errorBody(problem, 'invalid_request_error', null), problem);
      }
      if (fake.outcome === 'busy')
        return answer(429, errorBody('Rate limit reached', 'requests', 'rate_limit_exceeded'));
      if (fake.outcome === 'quota') {
        return answer(429, errorBody('You exceeded your current quota', 'insufficient_quota', 'insufficient_quota'));
      }
      const request = body as { model: string };
      const completion = {
        id: `chatcmpl-${requests.length + 1}`,
        object: 'chat.completion',
        created: 1_767_225_600,
        model: request.model,
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content: 'Here is the answer.', refusal: null, annotations: [] },
            logprobs: null,
            finish_reason: 'stop',
          },
        ],
        usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
      };
      if (!responseCheck(completion))
        throw new Error(`fake answer off the document: ${ajv.errorsText(responseCheck.errors)}`);
      return answer(200, completion);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return Object.assign(fake, {
    origin,
    baseUrl: `${origin}/v1`,
    requests,
    problems: () => requests.flatMap((r) => (r.problem ? [`${r.path}: ${r.problem}`] : [])),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
