/**
 * Opens the database: PGlite on disk by default, node-postgres when a URL is given; migrates either way.
 * PGlite starts fast (initdb costs seconds): a new data directory is a copy of the migrated
 * empty template made at build time (scripts/db-template.ts), and migrations run only when the
 * migrations folder differs from the one the directory was last migrated with.
 */
import crypto from 'node:crypto';
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

/**
 * `make` once per database, remembered by the caller (an app instance keeps one of these for each prepared
 * statement or batcher it needs): the deps' database may be swapped (tests wrap it), so it is the key.
 */
export function perDatabase<T>(make: (db: Db) => T): (db: Db) => T {
  const made = new WeakMap<Db, T>();
  return (db) => {
    let value = made.get(db);
    if (value === undefined) made.set(db, (value = make(db)));
    return value;
  };
}

export interface Database {
  readonly db: Db;
  readonly kind: 'pglite' | 'postgres';
  /** What the job engine (services/jobs.ts) opens on: the embedded client itself, or the Postgres URL. */
  readonly engine: { readonly pglite: import('@electric-sql/pglite').PGlite } | { readonly url: string };
  close(): Promise<void>;
}

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/** Where scripts/db-template.ts keeps the migrated empty PGlite directory, one per migrations hash. */
export const templateRoot = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
  '.cache',
  'pglite-template',
);

/** A hash of every migration file: a directory migrated with this hash needs no migration run. */
export function migrationsHash(): string {
  const hash = crypto.createHash('sha256');
  for (const entry of fs
    .readdirSync(migrationsFolder, { recursive: true, withFileTypes: true })
    .sort((a, b) => path.join(a.parentPath, a.name).localeCompare(path.join(b.parentPath, b.name)))) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    hash.update(path.relative(migrationsFolder, file)).update('\0').update(fs.readFileSync(file));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The marker beside a PGlite directory that names the migrations it was last migrated with. */
export const migratedMarker = (pgliteDir: string) => `${pgliteDir}.migrations`;

export interface OpenOptions {
  /** Postgres URL; when absent the embedded PGlite under `pgliteDir` is used. */
  readonly databaseUrl?: string | undefined;
  /** Directory of the embedded database; undefined = in memory. */
  readonly pgliteDir?: string | undefined;
  /** Where the migrated empty templates are (default: .cache/pglite-template of the checkout). */
  readonly templateRoot?: string | undefined;
  /**
   * In memory only (no `pgliteDir`): start from this data-directory archive (PGlite's dumpDataDir, see
   * templateArchive) instead of running initdb, which costs seconds; the server tests open one per file.
   */
  readonly archive?: string | undefined;
  /**
   * Told when the server drops one of the pool's idle connections (a restart, a failover, an administrator):
   * node-postgres emits that on the pool, and an 'error' event nobody listens to would end the process.
   * The pool opens a new connection on the next query. Default: a line on stderr.
   */
  readonly onConnectionError?: ((message: string) => void) | undefined;
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { default: pg } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // The message only: never the connection string.
    pool.on('error', (error) =>
      (options.onConnectionError ?? ((m) => console.error(m)))(`database: an idle connection ended: ${error.message}`),
    );
    const db = drizzle(pool, { schema }) as unknown as Db;
    await migrate(db as never, { migrationsFolder });
    return { db, kind: 'postgres', engine: { url: options.databaseUrl }, close: () => pool.end() };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  const dir = options.pgliteDir;
  const hash = migrationsHash();
  if (dir) {
    fs.mkdirSync(path.dirname(dir), { recursive: true });
    const template = path.join(options.templateRoot ?? templateRoot, hash);
    // A new database: copy the migrated empty template instead of running initdb and the migrations.
    if (!fs.existsSync(path.join(dir, 'PG_VERSION')) && fs.existsSync(path.join(template, 'PG_VERSION'))) {
      fs.rmSync(dir, { recursive: true, force: true });
      fs.cpSync(template, dir, { recursive: true });
      fs.writeFileSync(migratedMarker(dir), hash);
    }
  }
  const client = dir
    ? new PGlite(dir)
    : options.archive
      ? new PGlite({ loadDataDir: new Blob([fs.readFileSync(options.archive)]) })
      : new PGlite();
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  const marker = dir ? migratedMarker(dir) : undefined;
  if (!marker || readMarker(marker) !== hash) {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder });
    if (marker) fs.writeFileSync(marker, hash);
  }
  return { db, kind: 'pglite', engine: { pglite: client }, close: () => client.close() };
}

function readMarker(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').trim();
  } catch {
    return undefined;
  }
}

const resetOrder = [
  'prompt_history',
  'prompt_styles',
  'shares',
  'files',
  'predictions',
  'credit_ledger',
  'tokens',
  'checkout_sessions',
  'processed_events',
  'rate_limits',
  'users',
] as const;

/**
 * Empties every table and restarts the ledger's ids, in one statement (a DO block): the eleven statements
 * sent one by one cost about six times the CPU on PGlite. pg-boss's own queues (`__pgboss__…`) stay; its
 * schema is missing on a new Postgres database until a first engine starts there. The LIKE pattern is raw
 * SQL: in a template literal `\_` would be read as `_` and match every name, so no job was ever emptied.
 */
const resetStatement = sql.raw(
  [
    'DO $$ BEGIN',
    String.raw`IF to_regclass('pgboss.job') IS NOT NULL THEN DELETE FROM pgboss.job WHERE name NOT LIKE '\_\_%'; END IF;`,
    ...resetOrder.map((table) => `DELETE FROM ${table};`),
    "PERFORM setval('credit_ledger_id_seq', 1, false);",
    'END $$',
  ].join('\n'),
);

export async function resetDatabase(db: Db): Promise<void> {
  // DELETE, not TRUNCATE: on Postgres a TRUNCATE of nine tables took 130-200 ms (new files for each), the
  // DELETEs of a test's few rows about 10 (children first; every reference cascades anyway). setval, not
  // ALTER SEQUENCE … RESTART (DDL): the next id is 1 either way.
  await db.execute(resetStatement);
}
