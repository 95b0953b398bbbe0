/**
 * What each tool page shows (spec §2 Tool pages): the inputs, the button and progress words and
 * the result view. The run itself is the one toolRun flow for all of them.
 */
import type { ToolKey } from '../../catalog';
import type { Accepts } from './image-prep';

export type PageToolKey =
  | 'text-to-image'
  | 'image-to-image'
  | 'text-to-advertisement'
  | 'person-to-person'
  | 'restore-image'
  | 'text-to-text'
  | 'code-generation'
  | 'image-to-text'
  | 'text-to-video'
  | 'image-to-video'
  | 'video-editing'
  | '3d-gen'
  | 'musicgen'
  | 'audioldm'
  | 'bark';

export interface PromptView {
  label: string;
  placeholder: string;
  rows: number;
  /** The button stays disabled while the trimmed prompt is empty (§5 prompt tools, person). */
  required: boolean;
}

export interface UploadView {
  accepts: Accepts;
  label: string;
  /** Person to Person: resize to 800 px, on white, JPEG 0.7 before it goes in the form. */
  compress: boolean;
}

export interface ToolView {
  key: PageToolKey;
  prompt: PromptView | null;
  upload: UploadView | null;
  /** Person to Person's optional pose image. */
  pose: boolean;
  submit: string;
  /** 'Generating' → 'Generating... N%'. */
  working: string;
  another: string;
  /** The button waits for an image (restore: 'disabled while working or with no image'). */
  needsImage: boolean;
  /** How the output shows: a picture, text, code, a video or audio player, or the 3D viewer. */
  result: 'image' | 'text' | 'code' | 'video' | 'audio' | 'model3d';
  resultAlt: string;
  /**
   * Restore: 'Download'; advertisement: 'Download' on desktop, save and share on mobile. The video,
   * audio and 3D results download the stored file itself (its own type: .mp4, .wav, .glb).
   */
  download: { prefix: string; share: boolean } | null;
}

const imagePrompt = (placeholder: string): PromptView => ({ label: 'Prompt', placeholder, rows: 4, required: true });

const base = {
  prompt: null,
  upload: null,
  pose: false,
  submit: 'Generate',
  working: 'Generating',
  another: 'Generate Another',
  needsImage: false,
  result: 'image',
  resultAlt: 'Generated image',
  download: null,
} as const;

const imageAndTextViews = {
  'text-to-image': { ...base, key: 'text-to-image', prompt: imagePrompt('Describe the image you want to generate...') },
  'image-to-image': {
    ...base,
    key: 'image-to-image',
    upload: { accepts: 'jpegPng', label: 'Image', compress: false },
    prompt: imagePrompt('Describe how the image should change...'),
  },
  'text-to-advertisement': {
    ...base,
    key: 'text-to-advertisement',
    prompt: imagePrompt('Describe the professional advertisement you want to generate...'),
    resultAlt: 'Generated advertisement',
    download: { prefix: 'generated-ad', share: true },
  },
  'person-to-person': {
    ...base,
    key: 'person-to-person',
    upload: { accepts: 'jpegPng', label: 'Main image', compress: true },
    pose: true,
    prompt: { label: 'Prompt (optional)', placeholder: 'A photo of a person', rows: 3, required: true },
    resultAlt: 'Generated person',
  },
  'restore-image': {
    ...base,
    key: 'restore-image',
    upload: { accepts: 'anyImage', label: 'Image to restore', compress: false },
    submit: 'Restore Image',
    working: 'Restoring',
    another: 'Restore Another',
    needsImage: true,
    resultAlt: 'Restored image',
    download: { prefix: 'restored-image', share: false },
  },
  'text-to-text': {
    ...base,
    key: 'text-to-text',
    prompt: { label: 'Prompt', placeholder: 'Enter your prompt...', rows: 6, required: true },
    submit: 'Generate Text',
    result: 'text',
    resultAlt: '',
  },
  'code-generation': {
    ...base,
    key: 'code-generation',
    prompt: { label: 'Prompt', placeholder: 'Describe the code you want to generate...', rows: 6, required: true },
    submit: 'Generate Code',
    result: 'code',
    resultAlt: '',
  },
  'image-to-text': {
    ...base,
    key: 'image-to-text',
    upload: { accepts: 'anyImage', label: 'Image', compress: false },
    submit: 'Extract Text',
    working: 'Processing',
    another: 'Process Another',
    result: 'text',
    resultAlt: '',
  },
} as const satisfies Record<string, ToolView>;

const mediaPrompt = (placeholder: string): PromptView => ({ label: 'Prompt', placeholder, rows: 3, required: true });

export const mediaViews: Readonly<Record<Exclude<PageToolKey, keyof typeof imageAndTextViews>, ToolView>> = {
  'text-to-video': {
    ...base,
    key: 'text-to-video',
    prompt: mediaPrompt('Describe the scene you want to see move...'),
    result: 'video',
    resultAlt: 'Generated video',
    download: { prefix: 'generated-video', share: false },
  },
  'image-to-video': {
    ...base,
    key: 'image-to-video',
    upload: { accepts: 'anyImage', label: 'Image to animate', compress: false },
    needsImage: true,
    result: 'video',
    resultAlt: 'Animated image',
    download: { prefix: 'animated-image', share: false },
  },
  'video-editing': {
    ...base,
    key: 'video-editing',
    upload: { accepts: 'video', label: 'Video to edit (optional)', compress: false },
    prompt: mediaPrompt('Describe the edit, e.g. "an old film look" or "slow it down"...'),
    submit: 'Edit Video',
    working: 'Editing',
    another: 'Edit Another',
    result: 'video',
    resultAlt: 'Edited video',
    download: { prefix: 'edited-video', share: false },
  },
  '3d-gen': {
    ...base,
    key: '3d-gen',
    upload: { accepts: 'anyImage', label: 'Image of the object', compress: false },
    needsImage: true,
    submit: 'Generate 3D Model',
    result: 'model3d',
    resultAlt: 'Generated 3D model',
    download: { prefix: 'model', share: false },
  },
  musicgen: {
    ...base,
    key: 'musicgen',
    prompt: mediaPrompt('Describe the music: mood, genre, instruments, tempo...'),
    submit: 'Generate Music',
    result: 'audio',
    resultAlt: 'Generated music',
    download: { prefix: 'music', share: false },
  },
  audioldm: {
    ...base,
    key: 'audioldm',
    prompt: mediaPrompt('Describe the sound, e.g. "rain on a tin roof"...'),
    submit: 'Generate Sound',
    result: 'audio',
    resultAlt: 'Generated sound',
    download: { prefix: 'sound', share: false },
  },
  bark: {
    ...base,
    key: 'bark',
    prompt: { label: 'Text to speak', placeholder: 'Type what the voice should say...', rows: 4, required: true },
    submit: 'Generate Voice',
    result: 'audio',
    resultAlt: 'Generated voice',
    download: { prefix: 'voice', share: false },
  },
};

export const toolViews: Readonly<Record<PageToolKey, ToolView>> = { ...imageAndTextViews, ...mediaViews };

export const isPageTool = (key: ToolKey): key is PageToolKey => key in toolViews;
