/**
 * The product rules (docs/requirements.md) as the flows viewer reads them: their texts and the tests citing
 * them come from the build (scripts/bundled-requirements.ts, a lazy chunk of its own), what serves them and
 * whether a path run walked it from the same code as the requirements report (tools/flows/requirements).
 */
import { useEffect, useMemo, useState } from 'react';
import { machines } from '../../flows';
import type { Citation, Requirement } from '../../../tools/flows/requirements/parse';
import { requirementsReport, serve, type RequirementReport } from '../../../tools/flows/requirements/serve';
import type { CoverageFile } from './coverage';

export interface Rules {
  requirements: Requirement[];
  citations: Citation[];
}

/** The bundled rules (the module system loads them once); null when they cannot load (the chips then show bare IDs). */
export function loadRules(): Promise<Rules | null> {
  return import('virtual:atelier-requirements').then(
    (m) => ({ requirements: m.requirements, citations: m.citations }),
    () => null,
  );
}

/** The rules once loaded (undefined while loading, null when they could not load). */
export function useRules(): Rules | null | undefined {
  const [rules, setRules] = useState<Rules | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadRules().then((r) => live && setRules(r));
    return () => {
      live = false;
    };
  }, []);
  return rules;
}

/** Each rule's text by its ID. */
export function useRuleTexts(): ReadonlyMap<string, string> {
  const rules = useRules();
  return useMemo(() => new Map((rules?.requirements ?? []).map((r) => [r.id, r.text])), [rules]);
}

/** Every rule with its states, transitions, tests and whether the path run `coverage` walked them. */
export function rulesReport(rules: Rules, coverage: CoverageFile | null): RequirementReport[] {
  const { served } = serve(rules.requirements, rules.citations, machines);
  return requirementsReport(machines, coverage ?? {}, served);
}

/** The rule texts hold Markdown code spans and quotes; shown as plain text without the backticks. */
export const plainRuleText = (text: string) => text.replace(/`([^`]*)`/g, '$1');
