/**
 * A path run aimed at one machine (`npm run test:paths -- --machine theme --name …`, scripts/paths.mjs)
 * runs only that machine's paths, writes its report (paths.html, paths.json, junit.xml) under
 * coverage/runs/<name>/ and leaves coverage/flows.json, which the flows viewer bundles, to the full
 * default run. The run is a run of its own, started as a person starts it (the theme: a small machine).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { root } from '../e2e/server-process';
import { plannedPaths } from './harness';
import { themePaths } from './adapters/theme.paths';

const name = `e2e-filter-check-${process.pid}`;
const dir = join(root, 'coverage', 'runs', name);

/** Runs `npm run test:paths -- <args>` outside this run (none of its own variables passed on); its exit status and output. */
function testPaths(args: string[]): Promise<{ status: number; output: string }> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('PATHS_') && !k.startsWith('VITEST') && k !== 'TEST'),
  );
  return new Promise((resolve) => {
    const child = spawn('node', ['scripts/paths.mjs', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (status) => resolve({ status: status ?? 1, output }));
  });
}

it('a run filtered to the theme walks its paths only, reports under coverage/runs/<name>/ and leaves coverage/flows.json alone', async () => {
  const flows = join(root, 'coverage', 'flows.json');
  const before = existsSync(flows) ? readFileSync(flows, 'utf8') : null;
  try {
    const run = await testPaths(['--machine', 'theme', '--name', name]);
    expect(run.status, run.output).toBe(0);
    const report = JSON.parse(readFileSync(join(dir, 'paths.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(report)).toEqual(['theme']);
    const junit = readFileSync(join(dir, 'junit.xml'), 'utf8');
    expect(junit.match(/<testcase /g)?.length).toBe(plannedPaths(themePaths).length);
    expect(junit).not.toContain('classname="session"');
    expect(existsSync(join(dir, 'paths.html'))).toBe(true);
    expect(existsSync(join(dir, 'flows.json'))).toBe(false);
    // This run's own path files may write coverage/flows.json meanwhile (the full default run): never the filtered run's.
    const after = existsSync(flows) ? readFileSync(flows, 'utf8') : null;
    if (after !== before) expect(after).not.toBe(readFileSync(join(dir, 'paths.json'), 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 240_000);
