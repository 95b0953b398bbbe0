/**
 * A new embedded database is a copy of the migrated empty template (server/db/client.ts), marked with the
 * migrations it holds; without a template it is made by initdb and the migrations, as before.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migratedMarker, migrationsHash, openDatabase } from '../../server/db/client';

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-template-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

const tables = async (dir: string, templateRoot: string) => {
  const database = await openDatabase({ pgliteDir: dir, templateRoot });
  try {
    const result = await database.db.execute(sql`SELECT count(*)::int AS n FROM users`);
    return (result as unknown as { rows: Array<{ n: number }> }).rows[0]?.n;
  } finally {
    await database.close();
  }
};

describe('database template', () => {
  it('makes a database without a template, then copies a template into a new DATA_DIR, both migrated', async () => {
    const hash = migrationsHash();
    const first = path.join(root, 'first', 'pglite');
    expect(await tables(first, path.join(root, 'no-templates'))).toBe(0);
    expect(fs.readFileSync(migratedMarker(first), 'utf8')).toBe(hash);

    const templates = path.join(root, 'templates');
    fs.cpSync(first, path.join(templates, hash), { recursive: true });
    const second = path.join(root, 'second', 'pglite');
    expect(await tables(second, templates)).toBe(0);
    expect(fs.readFileSync(migratedMarker(second), 'utf8')).toBe(hash);
    // A stale marker makes the next open run the migrations again (they are recorded, so nothing changes).
    fs.writeFileSync(migratedMarker(second), 'stale');
    expect(await tables(second, templates)).toBe(0);
    expect(fs.readFileSync(migratedMarker(second), 'utf8')).toBe(hash);
  }, 300_000);
});
