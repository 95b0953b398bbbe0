/**
 * The product rules and the test titles that cite them, read from the repository's files (docs/requirements.md
 * and tests/) by the one parser (parse.ts). No machine is loaded here, so the build's plugin
 * (scripts/bundled-requirements.ts) reads them as the requirements report does.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { citationsIn, parseRequirements, type Citation, type Requirement } from './parse.ts';

export const root = join(import.meta.dirname, '..', '..', '..');
export const requirementsFile = 'docs/requirements.md';

export const readRequirements = (): Requirement[] =>
  parseRequirements(readFileSync(join(root, requirementsFile), 'utf8'));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

/** The titles of the tests under tests/ that cite rules (citationsIn, parse.ts, for each file). */
export function testCitations(areas: ReadonlySet<string>, dir = join(root, 'tests')): Citation[] {
  return sourceFiles(dir).flatMap((path) => citationsIn(readFileSync(path, 'utf8'), relative(root, path), areas));
}

/** The areas of the rules: the part of their IDs before the dash. */
export const areasOf = (requirements: readonly Requirement[]) => new Set(requirements.map((r) => r.id.split('-')[0]!));
