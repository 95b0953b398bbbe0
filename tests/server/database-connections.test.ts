/**
 * A Postgres that drops the app's idle connections (a restart, a failover, an administrator) costs the
 * pool those connections, not the process: the next query opens a new one.
 */
import { expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { openDatabase, type Database } from '../../server/db/client';
import { backends } from './helpers';

// Only with a Postgres server (TEST_DATABASE_URL, set by CI): the embedded database has no connections to lose.
const url = process.env['TEST_DATABASE_URL'];

it.runIf(backends.includes('postgres'))(
  'an idle connection ended by the server is told to the log and replaced on the next query',
  async () => {
    const told: string[] = [];
    const database: Database = await openDatabase({ databaseUrl: url, onConnectionError: (m) => told.push(m) });
    try {
      const pidOf = async () =>
        ((await database.db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] })
          .rows[0]!.pid;
      const first = await pidOf();
      const { default: pg } = await import('pg');
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query('SELECT pg_terminate_backend($1)', [first]);
      await admin.end();
      await expect.poll(() => told.length).toBe(1);
      expect(told[0]).toMatch(/^database: an idle connection ended: terminating connection/);
      expect(told[0]).not.toContain('postgres://');
      expect(await pidOf()).not.toBe(first);
    } finally {
      await database.close();
    }
  },
);
