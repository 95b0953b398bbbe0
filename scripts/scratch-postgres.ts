/**
 * A scratch database for the benchmark scripts: created on the Postgres server at `base` under a
 * unique name, dropped by `drop()`. Undefined (with the reason printed) when that server does not answer.
 */
import crypto from 'node:crypto';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

export async function scratchPostgres(base: string, prefix: string): Promise<ScratchDatabase | undefined> {
  const { default: pg } = await import('pg');
  const name = `${prefix}_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
  } catch (error) {
    console.log(`Postgres skipped: ${error instanceof Error ? error.message : String(error)}`);
    await admin.end().catch(() => undefined);
    return undefined;
  }
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await client.end();
    },
  };
}
