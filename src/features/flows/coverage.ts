/**
 * The latest transition coverage (coverage/flows.json: the transitions the path tests walked through the
 * real app, written by tests/paths/report-writer.ts).
 * The SPA cannot read the repository at run time, so the build bundles the file when it exists
 * (as its own lazy chunk); a person can also load one from a file or from the report's address
 * (CoverageLoader.tsx, coverage-load.ts). Without any the overlay says there was no path run yet.
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

/**
 * A test may give the page a report of its own under this localStorage key, so the overlay is checked
 * against a known report even when no report was bundled (no build flag: without the key the page shows
 * the bundled report).
 */
export const TEST_COVERAGE_KEY = 'atelier:test-coverage';

function givenByTest(): CoverageFile | null {
  try {
    const given = window.localStorage.getItem(TEST_COVERAGE_KEY);
    return given === null ? null : (JSON.parse(given) as CoverageFile);
  } catch {
    return null;
  }
}

export async function loadCoverage(): Promise<CoverageFile | null> {
  const given = givenByTest();
  if (given) return given;
  const load = files['/coverage/flows.json'];
  if (!load) return null;
  try {
    return (await load()).default;
  } catch {
    return null;
  }
}
