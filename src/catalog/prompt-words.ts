/**
 * The offline Enhance prompt (ENHANCE-2): a word table keyed by the tool's output kind, from which the prompt's
 * own words choose one subject, style, lighting and composition phrase each (the same prompt always gets the same
 * suggestion). Words the prompt already says are never added twice. Prompt styles' `{prompt}` slot (PROMPT-5)
 * lives here too, so the page's preview and the server's checks apply one rule.
 */
import { MAX_PROMPT } from './tool-rules';
import type { OutputKind } from './tool-types';

export interface PromptWords {
  readonly subject: readonly string[];
  readonly style: readonly string[];
  readonly lighting: readonly string[];
  readonly composition: readonly string[];
}

const visual: PromptWords = {
  subject: ['highly detailed', 'sharp focus on the main subject', 'intricate textures', 'expressive details'],
  style: ['cinematic photograph', 'digital painting', 'film still', 'fine art illustration', 'editorial photo'],
  lighting: ['soft golden hour light', 'dramatic rim lighting', 'diffused natural light', 'moody low-key light'],
  composition: ['rule of thirds', 'shallow depth of field', 'wide establishing shot', 'centered symmetrical framing'],
};

/** Per output kind; 'text' and 'code' fill the same four slots with their own kind of words. */
export const promptWords: Readonly<Record<OutputKind, PromptWords>> = {
  image: visual,
  video: {
    subject: ['fluid natural motion', 'a clear main subject', 'lifelike movement'],
    style: ['cinematic footage', 'documentary style', 'film look with gentle grain'],
    lighting: ['soft golden hour light', 'volumetric light', 'warm practical lights'],
    composition: ['slow dolly-in camera move', 'steady tracking shot', 'smooth aerial pan'],
  },
  model3d: {
    subject: ['clean topology', 'clear silhouette', 'detailed surfaces'],
    style: ['stylized game asset', 'realistic PBR materials', 'hand-painted textures'],
    lighting: ['even studio lighting', 'neutral soft lighting'],
    composition: ['centered on a plain background', 'full object in view'],
  },
  audio: {
    subject: ['a clear main voice or melody', 'rich layered sound'],
    style: ['warm analog character', 'crisp modern production', 'intimate acoustic feel'],
    lighting: ['bright tone', 'mellow tone'],
    composition: ['gentle build-up', 'steady tempo', 'clean ending'],
  },
  text: {
    subject: ['with concrete examples', 'with specific details'],
    style: ['in a clear, friendly tone', 'in a concise, professional tone', 'in vivid, engaging language'],
    lighting: ['for a general audience', 'for a curious reader'],
    composition: ['in short paragraphs', 'with a strong opening and a clear conclusion', 'with headings'],
  },
  code: {
    subject: ['with input validation', 'with clear names'],
    style: ['idiomatic and well commented', 'small focused functions'],
    lighting: ['with error handling', 'with edge cases covered'],
    composition: ['with a short usage example', 'with brief tests'],
  },
};

/** A small stable number from the prompt's own words (FNV-1a over the lower-cased words). */
function seedOf(words: readonly string[]): number {
  let hash = 2166136261;
  for (const char of words.join(' ')) {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 16777619) >>> 0;
  }
  return hash;
}

const wordsOf = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * ENHANCE-2: the prompt, kept as typed, followed by one phrase of each slot of its kind's table, each chosen by
 * the prompt's own words; a phrase whose words the prompt already has all of is left out.
 */
export function enhanceOffline(kind: OutputKind, prompt: string): string {
  const base = prompt.trim().replace(/[\s,.;]+$/u, '');
  const own = wordsOf(base);
  const have = new Set(own);
  const seed = seedOf(own);
  const table = promptWords[kind];
  const slots = [table.subject, table.style, table.lighting, table.composition];
  const added = slots
    .map((phrases, i) => phrases[(seed + i * 7) % phrases.length]!)
    .filter((phrase) => !wordsOf(phrase).every((word) => have.has(word)));
  return `${base}, ${added.join(', ')}`.slice(0, MAX_PROMPT);
}

/** PROMPT-5: the slot a style's template holds exactly once. */
export const PROMPT_SLOT = '{prompt}';
export const MAX_STYLE_NAME = 40;
export const MAX_STYLE_TEMPLATE = 1000;
export const MAX_STYLES = 50;
export const STYLE_NAME_RULE = `A style's name takes 1 to ${MAX_STYLE_NAME} characters.`;
export const STYLE_TEMPLATE_RULE = `A style holds {prompt} exactly once, in at most ${MAX_STYLE_TEMPLATE} characters.`;

/** The number of `{prompt}` slots of a template. */
export const slotCount = (template: string) => template.split(PROMPT_SLOT).length - 1;

/** PROMPT-5: the final prompt of a style applied to what is typed. */
export const applyStyle = (template: string, prompt: string) => template.replace(PROMPT_SLOT, () => prompt.trim());
