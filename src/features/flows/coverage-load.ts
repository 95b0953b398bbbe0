/**
 * The coverage the flows viewer shows: the bundled report (coverage.ts) unless a person loaded another from a
 * file or the path report's address ("Load coverage…", CoverageLoader.tsx); a loaded one stays for every
 * chart and rule page of the tab. Loaded reports are checked against the shape the path run
 * writes (coverage/flows.json), and what is wrong is said plainly.
 */
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';
import * as v from 'valibot';
import { loadCoverage, type CoverageFile } from './coverage';

const count = v.pipe(v.number(), v.integer(), v.minValue(0));
const machineCoverageSchema = v.object({
  states: count,
  transitions: count,
  walked: count,
  missing: v.array(v.string()),
  percent: v.pipe(v.number(), v.minValue(0), v.maxValue(100)),
  unreachable: v.optional(v.record(v.string(), v.string())),
});
/** coverage/flows.json: each machine's transition coverage by the last path run. */
export const coverageFileSchema = v.pipe(
  v.record(v.string(), machineCoverageSchema),
  v.check((file) => Object.keys(file).length > 0, 'it names no machine'),
);

export type Loaded = { ok: true; value: CoverageFile } | { ok: false; message: string };

/** Reads a coverage report from JSON text: the report, or what is wrong with it in plain words. */
export function parseCoverage(text: string): Loaded {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This is not JSON. A coverage report is the flows.json a path run writes.' };
  }
  const result = v.safeParse(coverageFileSchema, json);
  if (result.success) return { ok: true, value: result.output as CoverageFile };
  const issue = result.issues[0]!;
  const where = v.getDotPath(issue);
  return {
    ok: false,
    message: `This is not a coverage report (the flows.json a path run writes): ${where ? `at ${where}, ` : ''}${issue.message}.`,
  };
}

/** Fetches a coverage report from an address (the path report's flows.json). */
export async function fetchCoverage(url: string, fetchImpl: typeof fetch = fetch): Promise<Loaded> {
  let address: URL;
  try {
    address = new URL(url.trim(), window.location.href);
  } catch {
    return { ok: false, message: 'This is not a web address.' };
  }
  if (address.protocol !== 'http:' && address.protocol !== 'https:')
    return { ok: false, message: 'The address must start with http:// or https://.' };
  let response: Response;
  try {
    response = await fetchImpl(address.href);
  } catch {
    return {
      ok: false,
      message:
        'The address could not be read: offline, or another site this page may not read (it reads its own site’s addresses). Save the report and load the file instead.',
    };
  }
  if (!response.ok) return { ok: false, message: `The address answered ${response.status}: no report there.` };
  return parseCoverage(await response.text());
}

/** Where the coverage shown comes from. */
export type CoverageSource = { kind: 'bundled' } | { kind: 'file'; name: string } | { kind: 'address'; url: string };

/**
 * A loaded report is kept in the tab's sessionStorage under this key (so it stays through reloads and
 * rule pages), and the window hears this event when it changes.
 */
export const LOADED_COVERAGE_KEY = 'atelier:flows-coverage';

function storedText(): string | null {
  try {
    return window.sessionStorage.getItem(LOADED_COVERAGE_KEY);
  } catch {
    return null;
  }
}
const subscribe = (listener: () => void) => {
  window.addEventListener(LOADED_COVERAGE_KEY, listener);
  window.addEventListener('storage', listener);
  return () => {
    window.removeEventListener(LOADED_COVERAGE_KEY, listener);
    window.removeEventListener('storage', listener);
  };
};

/** Shows a report a person loaded on every chart and rule page; false when the tab cannot keep it. */
export function showLoadedCoverage(coverage: CoverageFile, source: CoverageSource): boolean {
  try {
    window.sessionStorage.setItem(LOADED_COVERAGE_KEY, JSON.stringify({ coverage, source }));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(LOADED_COVERAGE_KEY));
  return true;
}

/** The coverage shown (undefined while the bundled one loads, null when there is none) and where it is from. */
export function useCoverage(): { coverage: CoverageFile | null | undefined; source: CoverageSource | null } {
  const [bundled, setBundled] = useState<CoverageFile | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void loadCoverage().then((c) => live && setBundled(c));
    return () => {
      live = false;
    };
  }, []);
  const text = useSyncExternalStore(subscribe, storedText, () => null);
  const chosen = useMemo(() => {
    if (text === null) return null;
    try {
      return JSON.parse(text) as { coverage: CoverageFile; source: CoverageSource };
    } catch {
      return null;
    }
  }, [text]);
  if (chosen) return chosen;
  return { coverage: bundled, source: bundled ? { kind: 'bundled' } : null };
}
