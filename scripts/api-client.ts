/**
 * `npm run api:client`: writes the typed TypeScript client of the API (clients/typescript/) from the
 * document the app publishes at /api/openapi.json, with @hey-api/openapi-ts (pinned): the types of
 * every operation, one SDK function per operationId and its fetch client. Committed; the tests check
 * that it is current (tests/server/api-client.test.ts).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from '@hey-api/openapi-ts';
import { publishedDocument } from './api-document';

export const clientDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'clients', 'typescript');

/**
 * The generator's runtime files (client/, core/: the same for every API) are written for TypeScript
 * without exactOptionalPropertyTypes, which this repository's tsconfig sets: they are marked so the
 * type check skips their bodies. Their types, and the generated SDK and types, are still checked.
 */
const runtimeNote =
  '// @ts-nocheck: runtime file of @hey-api/openapi-ts, written for TypeScript without exactOptionalPropertyTypes\n';

function markRuntimeFiles(output: string): void {
  for (const folder of ['client', 'core']) {
    const dir = path.join(output, folder);
    for (const name of fs.readdirSync(dir).sort()) {
      const file = path.join(dir, name);
      fs.writeFileSync(file, runtimeNote + fs.readFileSync(file, 'utf8'));
    }
  }
}

/** Generates the client of `document` into `output` (a folder it empties first). */
export async function generateClient(document: unknown, output: string): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'atelier-api-client-'));
  try {
    const input = path.join(work, 'openapi.json');
    fs.writeFileSync(input, JSON.stringify(document, null, 2));
    await createClient({
      input,
      output: { path: output, clean: true },
      plugins: ['@hey-api/client-fetch', '@hey-api/typescript', '@hey-api/sdk'],
      logs: { level: 'silent' },
    });
    markRuntimeFiles(output);
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await generateClient(await publishedDocument(), clientDir);
  console.log(`wrote ${path.relative(process.cwd(), clientDir)}`);
}
