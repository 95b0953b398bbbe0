/**
 * The migrated empty PGlite directory that a new DATA_DIR is copied from (server/db/client.ts), so a first
 * start costs a directory copy instead of initdb and the migrations. One template per migrations hash,
 * under .cache/pglite-template/; older ones are removed. Made by `npm run build` (`tsx
 * scripts/db-template.ts`), or by `npm start` when it is missing and the database is new.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationsHash, openDatabase, templateRoot } from '../server/db/client';
import { openJobs } from '../server/services/jobs';

/** Makes the template of the current migrations unless it exists; true when it made one. */
export async function makeDatabaseTemplate(): Promise<boolean> {
  const hash = migrationsHash();
  const target = path.join(templateRoot, hash);
  if (fs.existsSync(path.join(target, 'PG_VERSION'))) return false;
  const building = path.join(templateRoot, `.building-${process.pid}`);
  fs.rmSync(building, { recursive: true, force: true });
  // No template to copy from: this one is made by initdb and the migrations.
  const database = await openDatabase({ pgliteDir: building, templateRoot: path.join(templateRoot, '.none') });
  // The job engine's schema (pgboss) too, so a first start or a test file does not install it (a second or two).
  const jobs = await openJobs(database, { generationTimeoutMs: 120_000, cron: false, log: () => undefined });
  await jobs.stop(1000);
  await database.close();
  fs.rmSync(`${building}.migrations`, { force: true });
  for (const old of fs.readdirSync(templateRoot)) {
    const dir = path.join(templateRoot, old);
    if (dir !== building) fs.rmSync(dir, { recursive: true, force: true });
  }
  fs.renameSync(building, target);
  return true;
}

/**
 * The template as one data-directory archive (PGlite's dumpDataDir), made once per migrations hash beside
 * the template: an in-memory database loads it in about a second instead of running initdb (the server
 * tests open one per file, tests/server/global-setup.ts). Returns its path.
 */
export async function makeTemplateArchive(): Promise<string> {
  await makeDatabaseTemplate();
  const archive = path.join(templateRoot, `${migrationsHash()}.tar`);
  if (fs.existsSync(archive)) return archive;
  // Opened from a copy: starting PGlite on the template itself would write to it.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-template-'));
  try {
    fs.cpSync(path.join(templateRoot, migrationsHash()), copy, { recursive: true });
    const { PGlite } = await import('@electric-sql/pglite');
    const client = new PGlite(copy);
    await client.waitReady;
    const dump = await client.dumpDataDir('none');
    await client.close();
    const partial = `${archive}.${process.pid}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, archive);
    return archive;
  } finally {
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const made = await makeDatabaseTemplate();
  console.log(made ? 'Made the database template.' : 'The database template is up to date.');
}
