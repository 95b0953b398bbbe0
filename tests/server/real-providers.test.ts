/**
 * The real path's failures against the providers' contract fakes (tests/server/fakes): with REPLICATE_BASE_URL
 * and OPENAI_BASE_URL pointing at them, a busy, revoked or exhausted provider ends the run as CALL-2 says, and
 * nothing goes to any other host (the test's outbound guard, tests/server/real-path.ts). Every tool's success
 * runs in real-journey.test.ts (through the API) and tests/e2e/real-tools.test.ts (from its page).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { createProviders } from '../../server/bootstrap';
import { BUSY_MESSAGE } from '../../server/providers';
import { tools } from '../../src/catalog';
import { startFakeOpenAI, type FakeOpenAI } from './fakes/openai';
import { startFakeReplicate, type FakeReplicate } from './fakes/replicate';
import { balance, setupApp, sharedTestPool } from './helpers';
import { guardOutbound, providerEnv, runTool, type OutboundGuard } from './real-path';

let replicate: FakeReplicate;
let openai: FakeOpenAI;
let guard: OutboundGuard;
const operatorLogs: string[] = [];

beforeAll(async () => {
  replicate = await startFakeReplicate();
  openai = await startFakeOpenAI();
  guard = guardOutbound(() => [new URL(openai.origin).host, new URL(replicate.origin).host]);
});
afterAll(async () => {
  guard.restore();
  await replicate.close();
  await openai.close();
});

describe('every tool against the providers’ contract fakes', () => {
  const t = setupApp('pglite', {
    env: { RATE_LIMIT_GENERATE: '1000' },
    providers: () =>
      createProviders(
        loadConfig({ ...providerEnv(replicate, openai), DATA_DIR: '/tmp/atelier-unused' }),
        sharedTestPool(),
        {
          log: (line) => operatorLogs.push(line),
        },
      ),
  });
  beforeEach(() => {
    // Each prediction answers `processing` once, then its end (read every 20 ms: REPLICATE_POLL_INTERVAL_MS).
    replicate.processingReads = 1;
    replicate.outcome = 'succeeded';
    openai.outcome = 'succeeded';
    operatorLogs.length = 0;
  });

  it.each([
    ['replicate', 'musicgen'],
    ['openai', 'text-to-text'],
  ] as const)(
    'CALL-2: %s answering 429 ends the run with the busy message and the credits returned; the log names provider and status, never the key',
    async (which, key) => {
      const tool = tools.find((x) => x.key === key)!;
      if (which === 'replicate') replicate.outcome = 'busy';
      else openai.outcome = 'busy';
      const u = await t.user({ credits: 100 });
      const end = await runTool(t, tool, u.token, '');
      expect(JSON.stringify(end)).toContain(BUSY_MESSAGE);
      expect(await balance(t, u.id)).toBe(100);
      expect(operatorLogs).toHaveLength(1);
      expect(operatorLogs[0]).toMatch(new RegExp(`^Provider busy: ${which} answered HTTP 429`));
      expect(operatorLogs[0]).not.toMatch(/r8_fake_token|sk-fake-key/);
    },
  );

  it.each([
    ['replicate', 'musicgen', 'revoked', /replicate answered HTTP 401/],
    ['openai', 'text-to-text', 'quota', /openai answered HTTP 429 \(insufficient_quota\)/],
  ] as const)(
    'CALL-2: %s %s: the operator log names provider and status, never the key; credits returned',
    async (which, key, outcome, line) => {
      const tool = tools.find((x) => x.key === key)!;
      if (which === 'replicate') replicate.outcome = outcome as 'revoked';
      else openai.outcome = outcome as 'quota';
      const u = await t.user({ credits: 100 });
      const end = await runTool(t, tool, u.token, '');
      expect(JSON.stringify(end)).toContain('Generation failed');
      expect(await balance(t, u.id)).toBe(100);
      expect(operatorLogs).toHaveLength(1);
      expect(operatorLogs[0]).toMatch(line);
      expect(operatorLogs[0]).not.toMatch(/r8_fake_token|sk-fake-key/);
    },
  );

  it('sent nothing to any host but the two fakes', () => {
    expect([...guard.hosts].sort()).toEqual([new URL(openai.origin).host, new URL(replicate.origin).host].sort());
  });
});
