/**
 * What a tool page shows (TOOL-1, TOOL-17 to TOOL-22): the inputs' labels and placeholders, the button and
 * progress words and the result view, part of each tool's definition.
 */
import type { Accepts } from './uploads';

export interface PromptView {
  readonly label: string;
  readonly placeholder: string;
  readonly rows: number;
}

export interface UploadView {
  readonly accepts: Accepts;
  readonly label: string;
  /** Person to Person: resize to 800 px, on white, JPEG 0.7 before it goes in the form. */
  readonly compress: boolean;
}

export interface PageText {
  readonly prompt: PromptView | null;
  readonly upload: UploadView | null;
  /** Person to Person's optional pose image. */
  readonly pose: boolean;
  readonly submit: string;
  /** 'Generating' → 'Generating... N%'. */
  readonly working: string;
  readonly another: string;
  /** How the output shows: a picture, text, code, a video or audio player, or the 3D viewer. */
  readonly result: 'image' | 'text' | 'code' | 'video' | 'audio' | 'model3d';
  readonly resultAlt: string;
  /**
   * Restore: 'Download'; advertisement: 'Download' on desktop, save and share on mobile. The video,
   * audio and 3D results download the stored file itself (its own type: .mp4, .wav, .glb).
   */
  readonly download: { readonly prefix: string; readonly share: boolean } | null;
}

export const basePage = {
  prompt: null,
  upload: null,
  pose: false,
  submit: 'Generate',
  working: 'Generating',
  another: 'Generate Another',
  result: 'image',
  resultAlt: 'Generated image',
  download: null,
} as const satisfies PageText;

export const promptView = (placeholder: string, rows: number, label = 'Prompt'): PromptView => ({
  label,
  placeholder,
  rows,
});
