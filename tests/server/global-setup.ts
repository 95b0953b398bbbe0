import crypto from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { makeTemplateArchive } from '../../scripts/db-template';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated empty database as a PGlite archive: each worker's in-memory database starts from it. */
    pgliteArchive: string;
    /** How this run's Postgres databases are named (one per worker, tests/server/helpers.ts): dropped at its end. */
    postgresPrefix: string;
  }
}

export default async function setup(project: TestProject) {
  const prefix = `atelier_test_${crypto.randomBytes(4).toString('hex')}_`;
  project.provide('pgliteArchive', await makeTemplateArchive());
  project.provide('postgresPrefix', prefix);
  return async () => {
    const url = process.env['TEST_DATABASE_URL'];
    if (!url) return;
    const { default: pg } = await import('pg');
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      const { rows } = await admin.query<{ datname: string }>(
        'SELECT datname FROM pg_database WHERE starts_with(datname, $1)',
        [prefix],
      );
      for (const { datname } of rows) await admin.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`);
    } finally {
      await admin.end();
    }
  };
}
