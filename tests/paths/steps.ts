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
  return text.length > BODY_LIMIT
    ? `${text.slice(0, BODY_LIMIT)}\n… (${text.length - BODY_LIMIT} more characters)`
    : text;
}

/** More of the same step in a row than this fold into one. */
export const MAX_UNFOLDED = 3;

const sameStep = (a: Step, b: Step) =>
  a.kind === b.kind &&
  a.text === b.text &&
  JSON.stringify(a.answer ?? null) === JSON.stringify(b.answer ?? null) &&
  !a.screenshot &&
  !b.screenshot;

/** Numbers in a text, which may differ between steps that fold (a progress bar's percentage). */
const NUMBER = /\d+(?:\.\d+)?/g;

/** Steps alike but for the numbers in their text (the answers exactly alike): they fold into one. */
const similarStep = (a: Step, b: Step) =>
  sameStep({ ...a, text: a.text.replace(NUMBER, '#') }, { ...b, text: b.text.replace(NUMBER, '#') });

/** The text of similar steps as one: each number that changes from the first to the last reads "first…last". */
function rangeText(texts: readonly string[]): string {
  const first = texts[0]!;
  const last = [...texts[texts.length - 1]!.matchAll(NUMBER)].map((m) => m[0]);
  let n = 0;
  return first.replace(NUMBER, (value) => {
    const end = last[n++];
    return end === undefined || end === value ? value : `${value}…${end}`;
  });
}

/** The longest block of steps that folds as one (a poll's answer, its check and its wait, say). */
const MAX_BLOCK = 4;

/**
 * Folds each run of like steps (kind and answer alike, the text alike but for its numbers, no
 * screenshot) into its first, with `times` and " × N" in its text and the run's durations added up;
 * likewise a block of up to MAX_BLOCK steps repeated in a row (a poll that answers "processing", the
 * bar it moves, the wait before the next) is shown once, each of its steps with the count. A number
 * that changes on the way shows from its first to its last value ("Generating... 5…95% × 58"). Runs of
 * two or three fold too: the count reads better than a repeated line.
 */
export function foldSteps(steps: readonly Step[]): Step[] {
  const out: Step[] = [];
  let i = 0;
  while (i < steps.length) {
    let best = { size: 1, times: 1 };
    for (let size = 1; size <= MAX_BLOCK && i + 2 * size <= steps.length; size++) {
      let times = 1;
      while (
        i + (times + 1) * size <= steps.length &&
        Array.from({ length: size }, (_, k) => k).every((k) => similarStep(steps[i + k]!, steps[i + times * size + k]!))
      )
        times++;
      // The block that hides the most lines wins; a shorter one on a tie.
      if (times > 1 && size * (times - 1) > best.size * (best.times - 1)) best = { size, times };
    }
    for (let k = 0; k < best.size; k++) {
      const step: Step = { ...steps[i + k]! };
      if (best.times > 1) {
        step.times = best.times;
        const texts = Array.from({ length: best.times }, (_, t) => steps[i + t * best.size + k]!.text);
        step.text = `${rangeText(texts)} × ${best.times}`;
        const durations = Array.from({ length: best.times }, (_, t) => steps[i + t * best.size + k]!.durationMs);
        if (durations.some((d) => d !== undefined))
          step.durationMs = durations.reduce<number>((n, d) => n + (d ?? 0), 0);
      }
      out.push(step);
    }
    i += best.size * best.times;
  }
  return out;
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
