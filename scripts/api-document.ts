/**
 * The published /api/openapi.json of an app made on an in-memory database with the embedded defaults,
 * read through app.request as a client would: for `npm run api:lint`, `npm run api:client` and their tests.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../server/app';
import { createRuntime } from '../server/bootstrap';
import { loadConfig } from '../server/config';
import { openDatabase } from '../server/db/client';

/** The address the document names as its server (the default APP_URL of `npm start`). */
export const documentAppUrl = 'http://localhost:3000';

export async function publishedDocument(): Promise<Record<string, unknown>> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-api-doc-'));
  const config = loadConfig({ DATA_DIR: dataDir, APP_URL: documentAppUrl, LOG_REQUESTS: '0' });
  const database = await openDatabase({});
  const runtime = await createRuntime(config, { database, log: () => {} });
  try {
    const res = await createApp(runtime.deps).request('/api/openapi.json');
    return (await res.json()) as Record<string, unknown>;
  } finally {
    await runtime.close(); // closes the database too
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
