/**
 * The documented 429s (contract.test.ts checks every other status): with every limit at 1 per window,
 * the second request of an operation that has a limit answers 429 with a message and Retry-After.
 */
import { describe, expect, it } from 'vitest';
import { operationList } from '../../src/api/operations';
import { documented, expectError, send } from './contract-fixtures';
import { embedded, setupApp } from './helpers';

const limits = {
  LOGIN_MAX_FAILURES: '1',
  LOGIN_MAX_FAILURES_PER_ADDRESS: '1',
  RATE_LIMIT_REGISTER: '1',
  RATE_LIMIT_FORGOT_PASSWORD: '1',
  RATE_LIMIT_VERIFY: '1',
  RATE_LIMIT_RESET: '1',
  RATE_LIMIT_UPLOAD: '1',
  RATE_LIMIT_GENERATE: '1',
  RATE_LIMIT_ENHANCE: '1',
};

for (const backend of embedded) {
  describe(`documented rate limits (${backend})`, () => {
    const t = setupApp(backend, { env: limits });

    for (const op of operationList.filter((o) => (o.errors as readonly number[]).includes(429))) {
      it(`${op.operationId}: the request past the limit answers 429`, async () => {
        // Invalid requests still count: the limit is taken before anything is read or checked.
        const u = await t.user({ email: 'ada@example.com', password: 'correct horse' });
        const req = {
          ...documented(op),
          ...(op.security === 'bearer' ? { token: u.token } : {}),
          ...(op.body ? { body: op.operationId === 'login' ? { email: u.email, password: 'wrong' } : '{}' } : {}),
        };
        await send(t, op, req);
        const refused = await send(t, op, req);
        expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
        await expectError(refused, 429);
      });
    }
  });
}
