/**
 * What the model walks (describeFlows in the *.flows.test.ts files) run, per registered machine, written
 * to coverage/models.json: every transition must be in some model's walk, so a model without samples for
 * an outcome, or a machine without a model, fails here. It is not coverage of the app: a walk checks a
 * machine against its own transition function (a smoke check). The transition coverage through the real
 * app (coverage/flows.json, which the flows viewer overlays) is the path tests' (tests/paths).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { setup, type AnyStateMachine } from 'xstate';
import { machines } from '../../src/flows';
import { coverageOf, type FlowModel, type MachineCoverage } from './harness';
import { flowModels } from './models';

export function coverageReport(
  registry: Record<string, AnyStateMachine>,
  models: Record<string, FlowModel[]>,
): Record<string, MachineCoverage> {
  return Object.fromEntries(
    Object.entries(registry).map(([name, machine]) => {
      const own = (models[name] ?? []).filter((m) => m.machine === machine);
      if (own.length === 0) return [name, coverageOf(undefined, machine, name)];
      // Several models of one machine (different inputs) add up.
      const reports = own.map((m) => coverageOf(m, machine, name));
      const missing = reports.map((r) => new Set(r.missing)).reduce((a, b) => new Set([...a].filter((k) => b.has(k))));
      const first = reports[0]!;
      const walked = first.transitions - missing.size;
      return [
        name,
        {
          ...first,
          walked,
          missing: [...missing],
          percent: first.transitions === 0 ? 100 : Math.round((walked / first.transitions) * 1000) / 10,
        },
      ];
    }),
  );
}

export function problems(report: Record<string, MachineCoverage>): string[] {
  return Object.entries(report).flatMap(([name, r]) => [
    ...(r.model ? [] : [`${name}: no flow model`]),
    ...r.missing.map((edge) => `${name}: transition not walked: ${edge}`),
  ]);
}

describe('model walks: every transition of every machine runs in one', () => {
  // It computes every model's paths again (the walks ran in other files): a minute or more on two busy cores.
  it(
    'the models walk every transition of every registered machine (coverage/models.json)',
    { timeout: 240_000 },
    () => {
      const report = coverageReport(machines, flowModels);
      mkdirSync('coverage', { recursive: true });
      writeFileSync(
        'coverage/models.json',
        JSON.stringify(
          Object.fromEntries(Object.entries(report).map(([k, { model: _model, ...rest }]) => [k, rest])),
          null,
          2,
        ),
      );
      expect(Object.keys(report).sort()).toEqual(Object.keys(machines).sort());
      expect(problems(report)).toEqual([]);
    },
  );

  it('fails for a registered machine without a flow model', () => {
    const throwaway = setup({}).createMachine({
      id: 'throwaway',
      initial: 'a',
      states: { a: { on: { go: 'b' } }, b: {} },
    });
    // Registered beside a machine that has its models: only the one without is reported.
    const report = coverageReport({ throwaway, theme: machines.theme! }, flowModels);
    expect(problems(report)).toEqual([
      'throwaway: no flow model',
      'throwaway: transition not walked: throwaway.a --go--> throwaway.b',
    ]);
  });

  it('reports a transition the model never walks', () => {
    const partial = setup({ guards: { never: () => false } }).createMachine({
      id: 'partial',
      initial: 'a',
      states: { a: { on: { go: [{ guard: 'never', target: 'c' }, { target: 'b' }] } }, b: {}, c: {} },
    });
    const model: FlowModel = { machine: partial, events: { go: [{ type: 'go' }] } };
    const report = coverageReport({ partial }, { partial: [model] });
    expect(problems(report)).toEqual(['partial: transition not walked: partial.a --go--> partial.c']);
    expect(report['partial']?.percent).toBe(50);
  });

  it('refuses a model that lacks samples for an event', () => {
    const throwaway = setup({}).createMachine({
      id: 'partial',
      initial: 'a',
      states: { a: { on: { go: 'b', skip: 'c' } }, b: {}, c: {} },
    });
    // The model only knows 'go' samples: traversal refuses to guess the other event.
    const model: FlowModel = { machine: throwaway, events: { go: [{ type: 'go' }] } };
    expect(() => coverageReport({ partial: throwaway }, { partial: [model] })).toThrow(/no sample for event 'skip'/);
  });
});
