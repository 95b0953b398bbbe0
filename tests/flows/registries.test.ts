/**
 * The registries (src/flows/index.ts, tests/flows/models/index.ts, tests/paths/adapters/index.ts, src/catalog/listing.gen.ts) are
 * written by `npm run registries` from the file tree: each written file must be what the script would
 * write now, so a machine, model or path adapter added without running it fails here.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HEADER, registries, repositoryRoot } from '../../scripts/registries';

describe('generated registries', () => {
  it('each registry file is what `npm run registries` writes now', async () => {
    const expected = await registries();
    expect(Object.keys(expected).sort()).toEqual([
      'src/catalog/listing.gen.ts',
      'src/flows/index.ts',
      'tests/flows/models/index.ts',
      'tests/paths/adapters/index.ts',
    ]);
    for (const [path, text] of Object.entries(expected)) {
      expect(text.startsWith(`${HEADER}\n`), path).toBe(true);
      expect(readFileSync(join(repositoryRoot, path), 'utf8'), `${path}: run npm run registries`).toBe(text);
    }
  });
});
