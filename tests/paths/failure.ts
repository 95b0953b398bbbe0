/**
 * What a failed path says at its top, like Playwright's report: the check that failed, what it expected
 * and what the page showed instead. A sight's check (sights.ts checkState) names itself (CheckFailed);
 * an assertion's error gives its expected and received values (vitest's, expect.poll's last attempt
 * included); a Playwright call that timed out waiting for an element says which element was missing.
 */

/** The failure of a path as the report shows it at the path's top. */
export interface Failure {
  /** What the path was doing ("checking what the page shows", "driving tool.submit"). */
  doing: string;
  /** The check that failed, as the machine says it ("idle: button 'Sign In'"), when one did. */
  check?: string;
  expected?: string;
  received?: string;
}

/** A sight's check that failed: the check's words, over the error it threw. */
export class CheckFailed extends Error {
  constructor(
    readonly check: string,
    readonly error: unknown,
  ) {
    super(error instanceof Error ? error.message : String(error));
    this.name = 'CheckFailed';
  }
}

/** What a value looks like in the report: strings quoted, the rest as JSON. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (value === undefined) return 'undefined';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The matcher's words before the expected value ("greater than 0"), from an assertion's message. */
const MATCHERS: Array<[RegExp, string]> = [
  [/to be greater than or equal to/, 'at least '],
  [/to be greater than/, 'more than '],
  [/to be less than or equal to/, 'at most '],
  [/to be less than/, 'less than '],
  [/to (?:contain|include)/, 'containing '],
  [/to match/, 'matching '],
  [/not to (?:be|equal)/, 'not '],
];

/** Expected and received of an error: an assertion's values, or the element a timed-out call waited for. */
function valuesOf(error: unknown): Pick<Failure, 'expected' | 'received'> {
  if (error instanceof CheckFailed) return valuesOf(error.error);
  const e = (error ?? {}) as { actual?: unknown; expected?: unknown; message?: unknown };
  const message = typeof e.message === 'string' ? e.message : String(error);
  if ('actual' in e && 'expected' in e && (e.actual !== undefined || e.expected !== undefined)) {
    const words = MATCHERS.find(([re]) => re.test(message.split('\n')[0]!))?.[1] ?? '';
    return { expected: `${words}${shown(e.expected)}`, received: shown(e.actual) };
  }
  // Playwright: "locator.inputValue: Timeout 30000ms exceeded. Call log: - waiting for getByLabel('Width')".
  const waited = /Timeout \d+ms exceeded[\s\S]*?waiting for (.+)/.exec(message);
  if (waited) return { expected: `an element: ${waited[1]!.trim()}`, received: 'no such element on the page' };
  return {};
}

/** The failure of a path from the error it threw while `doing` something. */
export function failureOf(doing: string, error: unknown): Failure {
  return {
    doing,
    ...(error instanceof CheckFailed ? { check: error.check } : {}),
    ...valuesOf(error),
  };
}
