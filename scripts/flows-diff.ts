/**
 * What changed in the flows since a git ref, by their graphs (not their files):
 *   npm run flows:diff -- <ref> [--fail-on-change] [--json] [--machine name]
 * The ref's machines are loaded from a temporary detached worktree (`git worktree add --detach`,
 * sharing this checkout's node_modules, removed afterwards); the current ones from the working
 * tree of the directory it runs in. Prints, per machine, the states and transitions added, removed
 * and changed; with --fail-on-change it exits 1 when anything did (for CI).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { AnyStateMachine } from 'xstate';
import { diffGraphs, diffText, graphOf, type MachineGraph } from '../tools/flows/documents';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    'fail-on-change': { type: 'boolean', default: false },
    json: { type: 'boolean', default: false },
    machine: { type: 'string', multiple: true },
  },
});

const ref = positionals[0];
if (!ref || positionals.length > 1) {
  console.error('Usage: npm run flows:diff -- <git ref> [--fail-on-change] [--json] [--machine name]');
  process.exit(2);
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

const repo = git(process.cwd(), 'rev-parse', '--show-toplevel');

async function graphsAt(dir: string): Promise<MachineGraph[]> {
  // The registry moved from machines/ to src/flows/ (a ref before the move has the old place).
  const file =
    [join(dir, 'src', 'flows', 'index.ts'), join(dir, 'machines', 'index.ts')].find((f) => existsSync(f)) ?? '';
  if (!existsSync(file)) throw new Error(`${file} does not exist: no machine registry there`);
  const { machines } = (await import(pathToFileURL(file).href)) as { machines: Record<string, AnyStateMachine> };
  return Object.entries(machines)
    .filter(([name, m]) => !values.machine || values.machine.includes(name) || values.machine.includes(m.id))
    .map(([, m]) => graphOf(m));
}

async function graphsAtRef(): Promise<MachineGraph[]> {
  let commit: string;
  try {
    commit = git(repo, 'rev-parse', '--verify', `${ref}^{commit}`);
  } catch {
    throw new Error(`'${ref}' is not a commit of ${repo}`);
  }
  const dir = mkdtempSync(join(tmpdir(), 'flows-diff-'));
  try {
    git(repo, 'worktree', 'add', '--detach', dir, commit);
    // The ref's files resolve their packages (xstate) from this checkout's node_modules.
    symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
    return await graphsAt(dir);
  } finally {
    rmSync(join(dir, 'node_modules'), { force: true });
    try {
      git(repo, 'worktree', 'remove', '--force', dir);
    } catch {
      rmSync(dir, { recursive: true, force: true });
      git(repo, 'worktree', 'prune');
    }
  }
}

try {
  const before = await graphsAtRef();
  const after = await graphsAt(repo);
  const diffs = diffGraphs(before, after);
  process.stdout.write(values.json ? `${JSON.stringify(diffs, null, 2)}\n` : diffText(diffs));
  if (values['fail-on-change'] && diffs.length) process.exitCode = 1;
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 2;
}
