/**
 * The latest transition coverage (coverage/flows.json: the transitions the path tests walked through the
 * real app, written by tests/paths/report-writer.ts).
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

/**
 * In the end-to-end build only (`__TEST_COVERAGE__`, vite.config.ts), a test may give the page a report
 * of its own under this localStorage key, so the overlay is checked against a known report even when
 * no report was bundled; production and development builds compile the read away.
 */
declare const __TEST_COVERAGE__: boolean;
export const TEST_COVERAGE_KEY = 'atelier:test-coverage';

function givenByTest(): CoverageFile | null {
  if (typeof __TEST_COVERAGE__ === 'undefined' || !__TEST_COVERAGE__) return null;
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
