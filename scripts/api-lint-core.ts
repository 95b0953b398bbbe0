/** Redocly's recommended ruleset over an OpenAPI document (in process: no download, no telemetry). */
import { createConfig, lintFromString, type NormalizedProblem } from '@redocly/openapi-core';

export interface LintReport {
  readonly errors: readonly NormalizedProblem[];
  readonly warnings: readonly NormalizedProblem[];
}

export async function lintOpenApi(document: unknown): Promise<LintReport> {
  const config = await createConfig({ extends: ['recommended'] });
  const problems = await lintFromString({
    source: JSON.stringify(document, null, 2),
    absoluteRef: 'openapi.json',
    config,
  });
  return {
    errors: problems.filter((p) => p.severity === 'error'),
    warnings: problems.filter((p) => p.severity === 'warn'),
  };
}

export const describeProblem = (p: NormalizedProblem): string =>
  `${p.severity} ${p.ruleId}: ${p.message} at ${p.location.map((l) => l.pointer ?? '').join(', ')}`;
