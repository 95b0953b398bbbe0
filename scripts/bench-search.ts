/**
 * `npm run bench:search`: how fast My creations' search answers (CREATIONS-4) in one account holding
 * 20,000 and then 200,000 runs, on the embedded database (PGlite, in memory) and on Postgres when one is
 * named by BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL (a scratch database is created on that
 * server and dropped after; the named database itself is never written).
 * The runs are written by one INSERT … SELECT over generate_series per size (every 1,000th prompt says
 * 'zebra crossing n', the others 'a red fox in the snow n'), then ANALYZE. Each query is the list call
 * itself (services/creations.ts listCreations, a page of 12) for a common word ('fox'), a rare word
 * ('zebra') and a word no prompt has ('quokka'), BENCH_QUERIES times each (default 50), after 3 warm-ups;
 * the script prints p50 and p95 in ms and whether every p95 is under 100 ms (CREATIONS-19: at 200,000 runs too,
 * on both databases); it exits with 1 when one is not.
 */
import crypto from 'node:crypto';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { toolByKey } from '../src/catalog';
import { openDatabase, type Db } from '../server/db/client';
import { users } from '../server/db/schema';
import { listCreations } from '../server/services/creations';
import { scratchPostgres, type ScratchDatabase } from './scratch-postgres';

const sizes = [20_000, 200_000];
const queries = Number(process.env['BENCH_QUERIES'] ?? 50);
const searches = [
  ['common word', 'fox'],
  ['rare word', 'zebra'],
  ['no match', 'quokka'],
] as const;
const TARGET_MS = 100;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;

/** Grows the account's runs to `total` (from `have`), in one statement. */
async function seed(db: Db, userId: string, have: number, total: number): Promise<void> {
  const tool = toolByKey('text-to-text');
  await db.execute(sql`
    INSERT INTO predictions (id, user_id, tool_key, model_id, status, cost, output, input, deadline_at, created_at, completed_at)
    SELECT ${userId} || '-' || n, ${userId}, ${tool.key}, ${tool.id}, 'succeeded', ${tool.cost},
      to_jsonb('text ' || n),
      jsonb_build_object('prompt', CASE WHEN n % 1000 = 0 THEN 'zebra crossing ' || n ELSE 'a red fox in the snow ' || n END),
      now(), now() - make_interval(secs => n), now() - make_interval(secs => n) + interval '2 seconds'
    FROM generate_series(${have + 1}::int, ${total}::int) AS n`);
  await db.execute(sql`ANALYZE predictions`);
}

async function measure(label: string, db: Db): Promise<boolean> {
  const userId = crypto.randomUUID();
  await db.insert(users).values({ id: userId, email: `bench-${userId}@example.com`, passwordHash: 'x' });
  let have = 0;
  let met = true;
  for (const size of sizes) {
    const started = performance.now();
    await seed(db, userId, have, size);
    have = size;
    console.log(
      `${label}, ${size.toLocaleString('en-US')} runs (seeded in ${((performance.now() - started) / 1000).toFixed(1)} s):`,
    );
    for (const [name, q] of searches) {
      for (let i = 0; i < 3; i++) await listCreations(db, userId, { q });
      const times: number[] = [];
      let found = 0;
      for (let i = 0; i < queries; i++) {
        const t0 = performance.now();
        found = (await listCreations(db, userId, { q })).items.length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      const p95 = percentile(times, 95);
      if (p95 >= TARGET_MS) met = false;
      console.log(
        `  ${name.padEnd(12)} '${q}': p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${found} on the first page)`,
      );
    }
  }
  return met;
}

/** A scratch database on the Postgres server of the first URL given, or undefined. */
async function benchPostgres(): Promise<ScratchDatabase | undefined> {
  const base = process.env['BENCH_DATABASE_URL'] || process.env['TEST_DATABASE_URL'] || process.env['DATABASE_URL'];
  if (!base) {
    console.log('Postgres skipped: set BENCH_DATABASE_URL, TEST_DATABASE_URL or DATABASE_URL to measure it too.');
    return undefined;
  }
  return scratchPostgres(base, 'atelier_bench_search');
}

const cpus = os.cpus();
console.log(`bench:search — ${cpus.length} cores (${cpus[0]?.model ?? 'unknown CPU'}), ${queries} queries per search`);
let met = true;
const pglite = await openDatabase({});
try {
  met = (await measure('PGlite', pglite.db)) && met;
} finally {
  await pglite.close();
}
const postgres = await benchPostgres();
if (postgres) {
  const database = await openDatabase({ databaseUrl: postgres.url });
  try {
    met = (await measure('Postgres', database.db)) && met;
  } finally {
    await database.close();
    await postgres.drop();
  }
}
console.log(`every p95 under ${TARGET_MS} ms, up to 200,000 runs: ${met ? 'yes' : 'NO'}`);
if (!met) process.exitCode = 1;
