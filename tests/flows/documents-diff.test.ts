/**
 * Diffs of the flows' graphs: two versions of a machine that differ by one state report exactly
 * that state and its transitions; a refactor that leaves the graph alone reports nothing; and
 * `npm run flows:diff` says so against a git ref (a scratch worktree with one state added).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine } from 'xstate';
import { machines } from '../../src/flows';
import { diffGraphs, diffText, graphOf } from '../../tools/flows/documents';

const base = setup({
  guards: { valid: () => true },
  actions: { save: () => {}, notify: () => {} },
  delays: { pause: 500 },
});

const version = (extra: boolean, refactored = false): AnyStateMachine => {
  const states = {
    editing: {
      on: {
        submit: { guard: 'valid', target: 'saving', actions: 'save' },
        ...(extra ? { preview: 'previewing' } : {}),
      },
    },
    ...(extra
      ? { previewing: { on: { back: 'editing' }, after: { pause: { target: 'saving', actions: 'notify' } } } }
      : {}),
    saving: { always: { target: 'done' }, entry: refactored ? ['save'] : 'save' },
    done: { type: 'final' as const },
  };
  // The refactor declares the states in another order and gives the named action another body.
  const ordered = refactored ? Object.fromEntries(Object.entries(states).reverse()) : states;
  const machine = base.createMachine({
    id: 'sample',
    initial: 'editing',
    states: ordered as typeof states,
  } as never) as unknown as AnyStateMachine;
  return refactored ? machine.provide({ actions: { save: () => void 0 } }) : machine;
};

describe('flows diffs', () => {
  it('reports exactly the state added and its transitions', () => {
    const [diff, ...more] = diffGraphs([graphOf(version(false))], [graphOf(version(true))]);
    expect(more).toEqual([]);
    expect(diff!.status).toBe('changed');
    expect(diff!.states.added.map((s) => s.id)).toEqual(['sample.previewing']);
    expect(diff!.transitions.added.map((t) => `${t.source} ${t.label} -> ${t.targets.join()}`)).toEqual([
      'sample.editing preview -> sample.previewing',
      'sample.previewing back -> sample.editing',
      'sample.previewing after pause (500 ms) -> sample.saving',
    ]);
    expect(diff!.transitions.added[2]!.actions).toEqual(['notify']);
    expect([diff!.states.removed, diff!.states.changed, diff!.transitions.removed, diff!.transitions.changed]).toEqual([
      [],
      [],
      [],
      [],
    ]);
    expect(diffText([diff!])).toContain('+ state sample.previewing');
    // And the other way round, removed.
    const [back] = diffGraphs([graphOf(version(true))], [graphOf(version(false))]);
    expect(back!.states.removed.map((s) => s.id)).toEqual(['sample.previewing']);
    expect(back!.transitions.removed).toHaveLength(3);
  });

  it('reports nothing for a refactor that leaves the graph alone', () => {
    expect(diffGraphs([graphOf(version(true))], [graphOf(version(true, true))])).toEqual([]);
    expect(diffText([])).toBe('No machine changed.\n');
    const all = Object.values(machines).map(graphOf);
    expect(diffGraphs(all, Object.values(machines).map(graphOf))).toEqual([]);
  });

  it('reports a changed guard target or action as a change of that transition', () => {
    const before = graphOf(version(false));
    const after = structuredClone(before);
    after.transitions[0]!.actions = ['save', 'notify'];
    const [diff] = diffGraphs([before], [after]);
    expect(diff!.transitions.changed.map((c) => [c.after.id, c.fields])).toEqual([
      ['sample.editing submit [valid]', ['actions']],
    ]);
    expect(diffGraphs([before], [])[0]!.status).toBe('removed');
  });

  it('flows:diff against a git ref reports a state added in the working tree, and fails with --fail-on-change', () => {
    const repo = resolve(import.meta.dirname, '../..');
    const dir = mkdtempSync(join(tmpdir(), 'flows-diff-test-'));
    const git = (...args: string[]) => execFileSync('git', args, { cwd: repo, stdio: 'pipe' });
    try {
      git('worktree', 'add', '--detach', dir, 'HEAD');
      symlinkSync(join(repo, 'node_modules'), join(dir, 'node_modules'), 'dir');
      const file = join(dir, 'src/flows/auth/forgot-password.machine.ts');
      const source = readFileSync(file, 'utf8');
      // One more final state, reached from the form.
      const edited = source
        .replace(/states: \{\n/, "states: {\n    abandoned: { type: 'final' },\n")
        .replace("on: { 'forgot.submit'", "on: { 'forgot.abandon': 'abandoned', 'forgot.submit'");
      expect(edited).not.toBe(source);
      writeFileSync(file, edited);
      const run = (...args: string[]) =>
        spawnSync(
          process.execPath,
          [join(repo, 'node_modules/tsx/dist/cli.mjs'), join(repo, 'scripts/flows-diff.ts'), ...args],
          {
            cwd: dir,
            encoding: 'utf8',
          },
        );
      const result = run('HEAD', '--fail-on-change');
      expect(result.stderr).toBe('');
      expect(result.status).toBe(1);
      const lines = result.stdout.trim().split('\n');
      expect(lines[0]).toBe('forgotPassword (changed)');
      expect(lines.slice(1).map((l) => l.trim().replace(/ → .*/, ''))).toEqual([
        '+ state forgotPassword.abandoned',
        expect.stringMatching(/^\+ transition forgotPassword\.\w+: forgot\.abandon$/),
      ]);
      expect(run('HEAD', '--machine', 'resetPassword', '--fail-on-change').status).toBe(0);
    } finally {
      rmSync(join(dir, 'node_modules'), { force: true });
      git('worktree', 'remove', '--force', dir);
    }
  }, 60_000);
});
