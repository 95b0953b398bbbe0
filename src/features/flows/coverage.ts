/**
 * The latest transition coverage (coverage/flows.json: the transitions the path tests walked through the
 * real app, written by tests/paths/harness.ts).
 * The SPA cannot read the repository at run time, so the build bundles the file when it exists
 * (as its own lazy chunk); without it the overlay is off.
 */
export interface MachineCoverageFile {
  states: number;
  transitions: number;
  walked: number;
  missing: string[];
  percent: number;
  /** Transitions the page cannot cause, each with the reason (listed in `missing` too). */
  unreachable?: Record<string, string>;
}
export type CoverageFile = Record<string, MachineCoverageFile>;

const files = import.meta.glob<{ default: CoverageFile }>('/coverage/flows.json');

export async function loadCoverage(): Promise<CoverageFile | null> {
  const load = files['/coverage/flows.json'];
  if (!load) return null;
  try {
    return (await load()).default;
  } catch {
    return null;
  }
}
