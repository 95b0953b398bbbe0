/** The shared worker pool: tasks run in threads (TypeScript loaded through tsx), capped, cancellable. */
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { toolByKey, type ToolKey } from '../../../src/catalog';
import { createLocalProvider } from '../../../server/providers/local';
import type { GenerationJob } from '../../../server/providers/types';
import { createWorkerPool, defaultThreadCount, lazyWorkerPool, PoolBusyError } from '../../../server/workers/pool';

const pools: { close(): Promise<void> }[] = [];
const makePool = (...args: Parameters<typeof createWorkerPool>) => {
  const pool = createWorkerPool(...args);
  pools.push(pool);
  return pool;
};
afterAll(() => Promise.all(pools.map((p) => p.close())));

describe('worker pool', () => {
  it('runs a named TypeScript task in another thread', async () => {
    const pool = makePool({ maxThreads: 1 });
    const out = await pool.run('pool.echo', { value: { hello: 'world' } });
    expect(out.value).toEqual({ hello: 'world' });
    expect(out.threadId).not.toBe(threadId);
  });

  it('an instance’s own pool (lazy) starts its threads with its first task and refuses tasks once closed', async () => {
    const pool = lazyWorkerPool({ maxThreads: 1 });
    pools.push(pool);
    expect([pool.maxThreads, pool.queueSize]).toEqual([1, 0]);
    const out = await pool.run('pool.echo', { value: 7 });
    expect(out.value).toBe(7);
    expect(out.threadId).not.toBe(threadId);
    await pool.close();
    await expect(pool.run('pool.echo', { value: 8 })).rejects.toThrow(/closed/);
  });

  it('rejects an unknown task name', async () => {
    const pool = makePool({ maxThreads: 1 });
    // @ts-expect-error: not a task
    await expect(pool.run('no.such.task', {})).rejects.toThrow(/Unknown worker task/);
  });

  it('runs at most maxThreads tasks at once', async () => {
    const pool = makePool({ maxThreads: 1 });
    const started = Date.now();
    const out = await Promise.all([1, 2, 3].map((value) => pool.run('pool.echo', { value, delayMs: 120 })));
    expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    expect(new Set(out.map((o) => o.threadId)).size).toBe(1);
  });

  it('answers PoolBusyError when the queue is full', async () => {
    const pool = makePool({ maxThreads: 1, maxQueue: 1 });
    const results = await Promise.allSettled(
      [1, 2, 3, 4].map((value) => pool.run('pool.echo', { value, delayMs: 50 })),
    );
    const busy = results.filter((r) => r.status === 'rejected');
    expect(busy.length).toBeGreaterThan(0);
    for (const r of busy) expect((r as PromiseRejectedResult).reason).toBeInstanceOf(PoolBusyError);
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThan(0);
  });

  it('rejects at once on abort; the task stops and the thread takes the next task', async () => {
    const pool = makePool({ maxThreads: 1 });
    const controller = new AbortController();
    // Longer than the test's time-out (30 s): waiting for the task instead of stopping it fails the test.
    const run = pool.run('pool.echo', { value: 1, delayMs: 120_000 }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('caller gave up')), 50);
    await expect(run).rejects.toThrow('caller gave up');
    // One thread: the next task runs only once the aborted one has stopped.
    const next = await pool.run('pool.echo', { value: 2 });
    expect(next.value).toBe(2);
  });

  it('terminates a task that ignores cancellation after the grace period', async () => {
    const pool = makePool({ maxThreads: 1, cancelGraceMs: 100 });
    const first = await pool.run('pool.echo', { value: 0 });
    const controller = new AbortController();
    // The task spins past the test's time-out (30 s): only terminating its thread lets the next task run.
    const run = pool.run('pool.echo', { value: 1, spinMs: 120_000, ignoreCancel: true }, { signal: controller.signal });
    setTimeout(() => controller.abort(new Error('stop')), 50);
    await expect(run).rejects.toThrow('stop');
    const next = await pool.run('pool.echo', { value: 2 });
    expect(next.threadId).not.toBe(first.threadId); // a fresh thread replaced the terminated one
  });

  it('sizes itself from WORKER_THREADS, else cpus − 1 (at least 1)', () => {
    expect(defaultThreadCount({ WORKER_THREADS: '3' })).toBe(3);
    expect(defaultThreadCount({ WORKER_THREADS: 'x' })).toBeGreaterThanOrEqual(1);
    expect(defaultThreadCount({})).toBeGreaterThanOrEqual(1);
  });
});

// How responsive the server stays while media jobs run is a wall-clock figure: `npm run bench:api`
// prints the p99 of GET /api/users/credits with 4 runs of each media kind in flight. Here: the work
// itself goes to the pool, never onto the event loop.
describe('media work goes to the pool', () => {
  it('draws images and encodes video in pool threads, not on the event loop', async () => {
    const pool = makePool();
    const tasks: string[] = [];
    const counted = {
      ...pool,
      run: ((name: string, input: unknown, options?: unknown) => {
        tasks.push(name);
        return (pool.run as (n: string, i: unknown, o?: unknown) => Promise<unknown>)(name, input, options);
      }) as typeof pool.run,
    };
    const provider = createLocalProvider({ pool: counted });
    const job = (key: ToolKey, input: GenerationJob['input']): GenerationJob => {
      const tool = toolByKey(key);
      return { tool, input: { ...tool.defaultParams, ...input } };
    };
    const results = await Promise.all([
      provider.run(job('text-to-image', { prompt: 'one', width: 512, height: 512 }), new AbortController().signal),
      provider.run(job('text-to-video', { prompt: 'two', num_frames: 8 }), new AbortController().signal),
    ]);
    expect(results.every((r) => r.output.kind === 'files')).toBe(true);
    expect(tasks.length).toBeGreaterThanOrEqual(2);
    expect(tasks.some((t) => /image/i.test(t))).toBe(true);
    expect(tasks.some((t) => /video/i.test(t))).toBe(true);
  });
});
