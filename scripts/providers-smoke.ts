/**
 * `npm run providers:smoke`: with real keys, one cheap call per configured provider, and what it got.
 * Replicate: Sound Generation's model (haoheliu/audio-ldm at its pinned version) for 2.5 s of sound;
 * OpenAI: Text Generation's model for a one-line answer. Reads the server's own settings (server/config.ts:
 * REPLICATE_API_TOKEN, OPENAI_API_KEY, REPLICATE_BASE_URL, OPENAI_BASE_URL). Never part of `npm test`: it
 * costs a few cents and needs the network.
 */
import { loadConfig } from '../server/config';
import { createOpenAIProvider, createReplicateProvider, type GenerationProvider } from '../server/providers';
import { toolByKey, type Tool } from '../src/catalog';

const config = loadConfig();
const log = (line: string) => console.log(`  log: ${line}`);

async function smoke(name: string, provider: GenerationProvider, tool: Tool, input: Record<string, string | number>) {
  const started = Date.now();
  try {
    const result = await provider.run(
      { tool, input, deadline: new Date(Date.now() + 180_000) },
      AbortSignal.timeout(180_000),
    );
    const got =
      result.output.kind === 'text'
        ? `text: ${JSON.stringify(result.output.text.slice(0, 200))}`
        : result.output.files.map((f) => `${f.contentType} ${f.bytes.length} bytes`).join(', ');
    console.log(`${name}: ok in ${((Date.now() - started) / 1000).toFixed(1)} s with ${result.model}: ${got}`);
    return true;
  } catch (error) {
    console.log(`${name}: FAILED after ${((Date.now() - started) / 1000).toFixed(1)} s: ${String(error)}`);
    return false;
  }
}

let ok = true;
let ran = 0;
if (config.replicateToken) {
  ran += 1;
  const provider = createReplicateProvider({
    token: config.replicateToken,
    ...(config.replicateBaseUrl ? { baseUrl: config.replicateBaseUrl } : {}),
    log,
  });
  ok = (await smoke('replicate', provider, toolByKey('audioldm'), { prompt: 'a short bell', duration: 2.5 })) && ok;
} else console.log('replicate: skipped (no REPLICATE_API_TOKEN)');
if (config.openaiKey) {
  ran += 1;
  const provider = createOpenAIProvider({
    apiKey: config.openaiKey,
    ...(config.openaiBaseUrl ? { baseURL: config.openaiBaseUrl } : {}),
    log,
  });
  const input = { prompt: 'Say hello in five words.', max_tokens: 20, temperature: 0 };
  ok = (await smoke('openai', provider, toolByKey('text-to-text'), input)) && ok;
} else console.log('openai: skipped (no OPENAI_API_KEY)');
if (ran === 0) console.log('Nothing to try: set REPLICATE_API_TOKEN and/or OPENAI_API_KEY.');
process.exitCode = ok ? 0 : 1;
