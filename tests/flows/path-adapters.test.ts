/**
 * Every registered machine is driven through the real app: each machine of src/flows/index.ts has
 * exactly one path adapter (tests/paths/adapters/index.ts), each adapter names a registered machine
 * and plans its paths on that machine, and each group of adapters has the test file that runs it.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine } from 'xstate';
import { machines } from '../../src/flows';
import { pathGroups } from '../paths/adapters';
import type { PathAdapter } from '../paths/harness';

/** What is wrong between the registry and the adapters, one line each (none when they match). */
export function adapterProblems(
  registry: Record<string, AnyStateMachine>,
  groups: Record<string, readonly PathAdapter[]>,
): string[] {
  const adapters = Object.entries(groups).flatMap(([group, list]) => list.map((adapter) => ({ group, adapter })));
  const byName = new Map<string, string[]>();
  for (const { group, adapter } of adapters) byName.set(adapter.name, [...(byName.get(adapter.name) ?? []), group]);
  return [
    ...Object.keys(registry)
      .filter((name) => !byName.has(name))
      .map((name) => `${name}: registered, but no path adapter`),
    ...[...byName]
      .filter(([name]) => !(name in registry))
      .map(([name, groups]) => `${name}: a path adapter (${groups.join(', ')}) for a machine that is not registered`),
    ...[...byName]
      .filter(([, groups]) => groups.length > 1)
      .map(([name, groups]) => `${name}: more than one path adapter (${groups.join(', ')})`),
    ...adapters
      .filter(({ adapter }) => adapter.name in registry)
      .flatMap(({ adapter }) => [
        ...(adapter.models.length === 0 ? [`${adapter.name}: the path adapter has no model`] : []),
        ...[...adapter.models, ...(adapter.routes ?? []).map((r) => r.model)]
          .filter((model) => model.machine !== registry[adapter.name])
          .slice(0, 1)
          .map(() => `${adapter.name}: the path adapter plans its paths on another machine than the registered one`),
      ]),
  ];
}

const throwaway = setup({}).createMachine({ id: 'throwaway', initial: 'a', states: { a: { on: { go: 'b' } }, b: {} } });

describe('path adapters: one per registered machine', () => {
  it('every registered machine has one path adapter, and every adapter a registered machine', () => {
    expect(adapterProblems(machines, pathGroups)).toEqual([]);
    expect(Object.values(pathGroups).flat().length).toBe(Object.keys(machines).length);
  });

  it('each group of adapters has the test file that runs it, and every path test file runs a group', () => {
    const files = readdirSync('tests/paths').filter((f) => f.endsWith('.paths.test.ts'));
    expect(files.sort()).toEqual(
      Object.keys(pathGroups)
        .map((g) => `${g}.paths.test.ts`)
        .sort(),
    );
    for (const group of Object.keys(pathGroups)) {
      const file = `tests/paths/${group}.paths.test.ts`;
      expect(existsSync(file)).toBe(true);
      expect(readFileSync(file, 'utf8')).toContain(`pathSuite('${group}')`);
    }
  });

  it('fails for a registered machine without an adapter', () => {
    expect(adapterProblems({ ...machines, throwaway }, pathGroups)).toEqual([
      'throwaway: registered, but no path adapter',
    ]);
  });

  it('fails for an adapter of a machine that is not registered, or of another machine', () => {
    const stray: PathAdapter = {
      name: 'throwaway',
      models: [{ machine: throwaway, events: { go: [{ type: 'go' }] } }],
      start: async () => 'open nothing',
      events: {},
      states: {},
    };
    const impostor: PathAdapter = { ...stray, name: 'sidebar' };
    const { sidebar: _sidebar, ...rest } = machines;
    expect(adapterProblems(rest, { ...pathGroups, extra: [stray] })).toEqual([
      'sidebar: a path adapter (shell-auth) for a machine that is not registered',
      'throwaway: a path adapter (extra) for a machine that is not registered',
    ]);
    expect(adapterProblems(machines, { ...pathGroups, extra: [impostor] })).toEqual([
      'sidebar: more than one path adapter (shell-auth, extra)',
      'sidebar: the path adapter plans its paths on another machine than the registered one',
    ]);
  });
});
