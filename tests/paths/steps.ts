/**
 * The steps of a path as the report shows them: what the person does (`action`), what the test server
 * answers (`answer`, with its status, body and how to cause it on a real server), what the person sees
 * (`check`) and a delay the path waits out (`wait`). Runs of the same step fold into one with its count
 * ("server answers GET /api/predictions/pred-1 with 200 × 58"), so no step shows more than
 * MAX_UNFOLDED times in a row.
 */

/** A server answer as the page got it. */
export interface AnswerShown {
  method: string;
  /** The request's path (or the pattern the step answered). */
  path: string;
  status: number;
  /** The body as sent: pretty JSON, cut at BODY_LIMIT characters; '' for an empty body. */
  body: string;
  /** How to cause this answer on a real server, or why it cannot be caused there (tests/paths/causes.ts). */
  cause: string;
}

export type StepKind = 'action' | 'answer' | 'check' | 'wait';

export interface Step {
  kind: StepKind;
  text: string;
  answer?: AnswerShown;
  /** How long the step took in the browser. */
  durationMs?: number;
  /** The screenshot taken after the step (at a failed step, or at every step on request), relative to the report. */
  screenshot?: string;
  /** How many times the step ran in a row (folded: see foldSteps); absent for one. */
  times?: number;
}

/** Characters of a body the report shows before it cuts it. */
export const BODY_LIMIT = 1200;

/** A body as the report shows it: pretty JSON, with long strings (data URLs, say) and the whole cut to size. */
export function bodyText(body: unknown): string {
  if (body === undefined) return '';
  const text = JSON.stringify(
    body,
    (_k, v: unknown) => (typeof v === 'string' && v.length > 200 ? `${v.slice(0, 120)}… (${v.length} characters)` : v),
    2,
  );
  return text.length > BODY_LIMIT ? `${text.slice(0, BODY_LIMIT)}\n… (${text.length - BODY_LIMIT} more characters)` : text;
}

/** More of the same step in a row than this fold into one. */
export const MAX_UNFOLDED = 3;

const sameStep = (a: Step, b: Step) =>
  a.kind === b.kind &&
  a.text === b.text &&
  JSON.stringify(a.answer ?? null) === JSON.stringify(b.answer ?? null) &&
  !a.screenshot &&
  !b.screenshot;

/**
 * Folds each run of equal steps (kind, text and answer alike, no screenshot) into its first, with
 * `times` and " × N" in its text, and the run's durations added up. Runs of two or three fold too:
 * the count reads better than a repeated line.
 */
export function foldSteps(steps: readonly Step[]): Step[] {
  const out: Step[] = [];
  for (const step of steps) {
    const last = out[out.length - 1];
    if (last && sameStep(last, step)) {
      last.times = (last.times ?? 1) + 1;
      if (step.durationMs !== undefined) last.durationMs = (last.durationMs ?? 0) + step.durationMs;
      continue;
    }
    out.push({ ...step });
  }
  return out.map((s) => (s.times ? { ...s, text: `${s.text} × ${s.times}` } : s));
}

/** The longest run of equal steps in a row (the report's check that folding worked). */
export function longestRun(steps: readonly Step[]): number {
  let best = steps.length ? 1 : 0;
  let run = 1;
  for (let i = 1; i < steps.length; i++) {
    run = sameStep(steps[i - 1]!, steps[i]!) ? run + 1 : 1;
    best = Math.max(best, run);
  }
  return best;
}
