/**
 * `npm run bench:jobs`: the throughput of ONE worker process on the offline provider. On the local Postgres, one
 * ROLE=web and one ROLE=worker process (WORKER_CONCURRENCY, default 16); BENCH_JOBS_ACCOUNTS accounts (default 25)
 * each start a batch of 4 Text to Image runs (the offline picture, drawn by sharp in the worker pool), and the script times the runs
 * from the first start to the last end. Prints runs per minute.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { toolByKey, type ToolKey } from '../src/catalog';
import { openCluster, post } from './jobs-cluster';

const tool = toolByKey((process.env['BENCH_JOBS_TOOL'] ?? 'text-to-image') as ToolKey);
const accountsCount = Number(process.env['BENCH_JOBS_ACCOUNTS'] ?? 25);
const cluster = await openCluster({ WORKER_CONCURRENCY: process.env['WORKER_CONCURRENCY'] ?? '16' });
try {
  const web = await cluster.start('web', 3401);
  await cluster.start('worker', 3411);
  const accounts = await Promise.all(Array.from({ length: accountsCount }, () => cluster.user(10_000)));
  const ids: string[] = [];
  const t0 = Date.now();
  await Promise.all(
    accounts.map(async (u, i) => {
      const prompts = Array.from({ length: 4 }, (_, n) => `bench ${i}.${n}`);
      const res = await post(web.origin, '/api/generate/batch', u.token, { modelId: tool.id, prompts });
      if (!res.ok) throw new Error(`batch answered ${res.status}: ${await res.text()}`);
      for (const r of ((await res.json()) as { runs: { id: string }[] }).runs) ids.push(r.id);
    }),
  );
  let rows: { status: string; n: number }[] = [];
  for (;;) {
    rows = await cluster.query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM predictions WHERE id = ANY($1) GROUP BY status`,
      [ids],
    );
    if (rows.every((r) => !['queued', 'starting', 'processing'].includes(r.status))) break;
    await sleep(100);
  }
  const seconds = (Date.now() - t0) / 1000;
  const done = rows.find((r) => r.status === 'succeeded')?.n ?? 0;
  console.log(`${tool.title} (offline): ${done}/${ids.length} runs succeeded in ${seconds.toFixed(1)} s`);
  console.log(`one worker: ${((done / seconds) * 60).toFixed(0)} runs per minute`);
} finally {
  await cluster.close();
}
process.exit(0);
