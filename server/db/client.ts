/** Opens the database: PGlite on disk by default, node-postgres when a URL is given; migrates either way. */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import * as schema from './schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction on Db. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a service runs its queries on: the database, or a transaction another service opened. */
export type Executor = Db | Tx;

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

export interface OpenOptions {
  /** Postgres URL; when absent the embedded PGlite under `pgliteDir` is used. */
  readonly databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined = in memory. */
  readonly pgliteDir?: string | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    return { db, kind: 'postgres', close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const { migrate } = await import('drizzle-orm/pglite/migrator');
  if (options.pgliteDir) fs.mkdirSync(path.dirname(options.pgliteDir), { recursive: true });
  const client = options.pgliteDir ? new PGlite(options.pgliteDir) : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  await migrate(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close() };
}

/** Empties every table (tests share one database per worker). */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(
    sql`TRUNCATE TABLE rate_limits, mail_queue, files, predictions, processed_events, checkout_sessions, credit_ledger, tokens, users RESTART IDENTITY CASCADE`,
  );
}
