/**
 * Each tool's call shape and form rules (spec §2 Tool pages, §4, §5, §7), as data: the one
 * tool-run lifecycle reads it, so no page has a machine of its own.
 */
import type { ToolKey } from '../../src/catalog/tools';
import type { Requirement, ToolShape } from './tool-run.types';

export const ENTER_PROMPT = 'Please enter a prompt';
export const UPLOAD_IMAGE = 'Please upload an image';
export const UPLOAD_MAIN_IMAGE = 'Please upload a main image';
export const UPLOAD_IMAGE_FIRST = 'Please upload an image first';
/** Person-to-person sends this when its optional prompt is empty (spec §5). */
export const PERSON_DEFAULT_PROMPT = 'A photo of a person';

const prompt: Requirement = { field: 'prompt', message: ENTER_PROMPT };
const image: Requirement = { field: 'image', message: UPLOAD_IMAGE };

const base = {
  aspect: null,
  freeSize: false,
  uploadsFirst: false,
  defaultPrompt: null,
  retryOn504: false,
  upload: 'image',
} as const;

export const toolShapes: Readonly<Record<ToolKey, ToolShape>> = {
  'text-to-image': { ...base, call: 'sync', requires: [prompt], aspect: 'general', wording: 'image' },
  'image-to-image': { ...base, call: 'sync', requires: [image, prompt], freeSize: true, wording: 'image' },
  'text-to-advertisement': {
    ...base,
    call: 'sync',
    requires: [prompt],
    aspect: 'advertisement',
    retryOn504: true,
    wording: 'advertisement',
  },
  'person-to-person': {
    ...base,
    call: 'poll',
    requires: [{ field: 'image', message: UPLOAD_MAIN_IMAGE }],
    uploadsFirst: true,
    defaultPrompt: PERSON_DEFAULT_PROMPT,
    wording: 'image',
  },
  'restore-image': {
    ...base,
    call: 'poll',
    requires: [{ field: 'image', message: UPLOAD_IMAGE_FIRST }],
    wording: 'restore',
  },
  'text-to-text': { ...base, call: 'startThenWait', requires: [prompt], wording: 'text' },
  'code-generation': { ...base, call: 'startThenWait', requires: [prompt], wording: 'code' },
  'image-to-text': {
    ...base,
    call: 'startThenWait',
    requires: [{ field: 'image', message: UPLOAD_IMAGE_FIRST }],
    wording: 'imageToText',
  },
  // Spec §2 leaves the video, audio and 3D pages open; they poll like the other predictions.
  'text-to-video': { ...base, call: 'poll', requires: [prompt], wording: 'generic' },
  'image-to-video': { ...base, call: 'poll', requires: [image], wording: 'generic' },
  // The clip is optional: without one the provider edits a clip drawn from the prompt.
  'video-editing': { ...base, call: 'poll', requires: [prompt], upload: 'video', wording: 'generic' },
  '3d-gen': { ...base, call: 'poll', requires: [image], wording: 'generic' },
  musicgen: { ...base, call: 'poll', requires: [prompt], wording: 'generic' },
  audioldm: { ...base, call: 'poll', requires: [prompt], wording: 'generic' },
  bark: { ...base, call: 'poll', requires: [prompt], wording: 'generic' },
};

export function shapeOf(key: ToolKey): ToolShape {
  return toolShapes[key];
}

/** The first §5 message the form fails, or null when the run may start. */
export function validationError(shape: ToolShape, form: { prompt: string; image: string | null }): string | null {
  for (const r of shape.requires) {
    if (r.field === 'prompt' && form.prompt.trim() === '') return r.message;
    if (r.field === 'image' && (form.image === null || form.image === '')) return r.message;
  }
  return null;
}
