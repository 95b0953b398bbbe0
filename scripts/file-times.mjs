// `npm run test:times`: writes tests/file-times.json, the seconds each test file took in the last full
// `npm test` (coverage/test-results.json), which tests/sequencer.ts orders the files by.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(import.meta.dirname, '..');
const report = JSON.parse(readFileSync(join(root, 'coverage', 'test-results.json'), 'utf8'));
const times = Object.fromEntries(
  report.testResults
    .map((file) => [relative(root, file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
    .sort(([a], [b]) => (a < b ? -1 : 1)),
);
writeFileSync(join(root, 'tests', 'file-times.json'), `${JSON.stringify(times, null, 1)}\n`);
console.log(`tests/file-times.json: ${Object.keys(times).length} files`);
