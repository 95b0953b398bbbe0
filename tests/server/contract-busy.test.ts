/**
 * The documented 503 of POST /api/upload (contract.test.ts checks every other status): with the worker
 * pool full (here: a pool that refuses every task, as a full one does), an upload answers 503 with a message.
 */
import { describe, it } from 'vitest';
import { operations } from '../../src/api/operations';
import { PoolBusyError, type WorkerPool } from '../../server/workers/pool';
import { documented, expectError, send } from './contract-fixtures';
import { embedded, setupApp } from './helpers';

/** A pool that refuses every task, as a full one does. */
const fullPool = (): WorkerPool =>
  ({
    maxThreads: 1,
    queueSize: 64,
    run: () => Promise.reject(new PoolBusyError()),
    close: () => Promise.resolve(),
  }) as unknown as WorkerPool;

for (const backend of embedded) {
  describe(`a full worker pool (${backend})`, () => {
    const t = setupApp(backend, { pool: fullPool });

    it('upload: answers 503 with a message', async () => {
      const u = await t.user();
      await expectError(await send(t, operations.upload, { ...documented(operations.upload), token: u.token }), 503);
    });
  });
}
