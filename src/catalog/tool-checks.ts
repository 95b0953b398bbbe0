/**
 * The checks a tool's rules make (tool-rules.ts): the form asks them before any call, the server
 * before it reserves anything, so both answer the same words; and the poll's progress curve.
 */
import { MAX_PROMPT, POLL_PROGRESS_CAP, PROMPT_TOO_LONG, type PollRule, type ToolShape } from './tool-rules';

/** The progress of a poll after `checks` checks, never above 95 %. */
export function pollProgress(checks: number, rule: Pick<PollRule, 'attempts' | 'curve'>): number {
  const raw = rule.curve === 'linear' ? (checks / rule.attempts) * 100 : 100 * (1 - Math.exp(-checks / 8));
  return Math.min(POLL_PROGRESS_CAP, Math.round(raw));
}

const filled = (value: string | null | undefined): boolean => typeof value === 'string' && value.trim() !== '';

/**
 * The first message that refuses a run's inputs, or null when it may start: the form asks it
 * before any call and the server before it reserves anything, so both answer the same words.
 */
export function inputProblem(
  shape: Pick<ToolShape, 'requires'>,
  form: { prompt: string | null | undefined; image: string | null | undefined },
): string | null {
  for (const r of shape.requires) {
    if (r.field === 'prompt' && !filled(form.prompt)) return r.message;
    if (r.field === 'image' && (typeof form.image !== 'string' || form.image === '')) return r.message;
  }
  if (typeof form.prompt === 'string' && form.prompt.trim().length > MAX_PROMPT) return PROMPT_TOO_LONG;
  return null;
}

/** Whether the Generate button may be pressed for these fields (TOOL-11, TOOL-13, TOOL-17). */
export function buttonReady(shape: Pick<ToolShape, 'button'>, form: { prompt: string; image: string | null }): boolean {
  return shape.button.every((field) => (field === 'prompt' ? filled(form.prompt) : filled(form.image)));
}

/** The most prompts one batch starts (POST /api/generate/batch; the form's "One prompt per line"). */
export const MAX_BATCH_PROMPTS = 10;

/** A batch of more prompts than MAX_BATCH_PROMPTS: the form refuses it before any call (RUNS-16). */
export const tooManyPrompts = (count: number): string =>
  `Too many prompts (at most ${MAX_BATCH_PROMPTS} per batch, you have ${count}).`;

/**
 * A batch the balance cannot pay (RUNS-2): the form says it before any call (RUNS-17), the server when it
 * refuses the batch with 402 (server/services/generation/batch.ts), in the same words.
 */
export const batchCostMessage = (cost: number, credits: number): string =>
  `This batch costs ${cost} credits and you have ${credits}. Add ${cost - credits} credits or remove prompts.`;

/**
 * The tools a batch of prompts may run: their run requires only a prompt (no upload) and their output is a
 * picture, a clip or a sound (text-to-image, the advertisement, text-to-video, video editing without a clip,
 * music, sound, voice).
 */
export function takesPromptBatch(tool: {
  readonly output: string;
  readonly run: Pick<ToolShape, 'requires'>;
}): boolean {
  const { requires } = tool.run;
  return (
    requires.length > 0 &&
    requires.every((r) => r.field === 'prompt') &&
    (tool.output === 'image' || tool.output === 'video' || tool.output === 'audio')
  );
}

/** The largest seed a run takes (a 32-bit unsigned integer, as the hosted models take). */
export const MAX_SEED = 4_294_967_295;
