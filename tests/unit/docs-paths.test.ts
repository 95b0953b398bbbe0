import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const documents = [
  'README.md',
  'ARCHITECTURE.md',
  'SECURITY.md',
  ...readdirSync(path.join(root, 'docs')).map((f) => `docs/${f}`),
].filter((f) => f.endsWith('.md'));

/** A file of the repository a document names: a top folder, then a path ending in a file name with its extension. */
const named = /(?<![\w./])((?:src|server|tests|scripts|tools|clients|eslint|public|docs)\/[\w./-]*\.[a-z]{2,4})\b/g;

/** Files a document names as an example of what a change would add (ARCHITECTURE.md's "A new tool"). */
const examples = new Set(['src/routes/image-models/line-art.tsx']);

describe('the documents name files that exist', () => {
  for (const document of documents) {
    it(`${document}: every file it names is in the repository`, () => {
      const text = readFileSync(path.join(root, document), 'utf8');
      const paths = [...new Set([...text.matchAll(named)].map((m) => m[1]!))];
      const missing = paths.filter((p) => !examples.has(p) && !existsSync(path.join(root, p)));
      expect(missing, `${document} names files that are not there`).toEqual([]);
    });
  }
});
