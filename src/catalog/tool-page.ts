/**
 * What a tool page shows (TOOL-1, TOOL-17 to TOOL-22): the inputs' labels and placeholders, the button and
 * progress words and the result view, part of each tool's definition.
 */
import type { Accepts } from './uploads';
import type { ParamSpec } from './tool-params';

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
   * Download (TOOL-24, TOOL-41): the saved file is `{prefix}-{timestamp}.{extension}`. Pictures are fetched and
   * saved as PNG (the advertisement adds Share on mobile); the video, audio and 3D results download the stored
   * file itself. Text and code results have none: they offer Copy.
   */
  readonly download: DownloadView | null;
  /** The clip's length the page shows beside its parameters (TOOL-42); null when the page has none. */
  readonly clip: ClipLength | null;
}

export interface DownloadView {
  readonly prefix: string;
  readonly extension: string;
  readonly share: boolean;
}

/** A clip's length: frames over frames per second (text to video), or a length in seconds (image to video). */
export type ClipLength = { readonly frames: string; readonly fps: string } | { readonly seconds: string };

/** TOOL-41: the names results are saved under. */
export const imageDownload: DownloadView = { prefix: 'generated-image', extension: 'png', share: false };
export const videoDownload: DownloadView = { prefix: 'generated-video', extension: 'mp4', share: false };
export const audioDownload: DownloadView = { prefix: 'generated-audio', extension: 'wav', share: false };
export const modelDownload: DownloadView = { prefix: 'generated-model', extension: 'glb', share: false };

/** A saved result's name: `{prefix}-{timestamp}.{extension}` (TOOL-24, TOOL-41). */
export const downloadName = (download: Pick<DownloadView, 'prefix' | 'extension'>, now: number): string =>
  `${download.prefix}-${now}.${download.extension}`;

/** What the page says of a clip's length (TOOL-42): '14 ÷ 6 ≈ 2.3 s', '24 ÷ 12 = 2 s' or '4 s'; null without values. */
export function clipLengthText(clip: ClipLength, params: Readonly<Record<string, string | number>>): string | null {
  const number = (name: string) => {
    const value = Number(params[name]);
    return Number.isFinite(value) && value > 0 ? value : null;
  };
  if ('seconds' in clip) {
    const seconds = number(clip.seconds);
    return seconds === null ? null : `${seconds} s`;
  }
  const frames = number(clip.frames);
  const fps = number(clip.fps);
  if (frames === null || fps === null) return null;
  const length = frames / fps;
  const rounded = Math.round(length * 10) / 10;
  return `${frames} ÷ ${fps} ${rounded === length ? '=' : '≈'} ${rounded} s`;
}

/** One length the Length control offers (TOOL-50): whole seconds, and the frames they make at the frame rate. */
export interface LengthOption {
  readonly seconds: number;
  readonly frames: number;
}

/**
 * The lengths in whole seconds a clip counted in frames can be at the frame rate as it stands (TOOL-50): each
 * second count whose frames (seconds × fps) the frames control takes as they are (in its range, on its step grid),
 * and the one the settings make now (null when frames ÷ fps is not one of them). Null for a clip in seconds.
 */
export function clipLengthOptions(
  clip: ClipLength,
  specs: readonly ParamSpec[],
  params: Readonly<Record<string, string | number>>,
): { readonly options: readonly LengthOption[]; readonly chosen: number | null } | null {
  if ('seconds' in clip) return null;
  const frames = specs.find((p) => p.name === clip.frames);
  const fps = Number(params[clip.fps]);
  if (frames?.kind !== 'number' || !Number.isInteger(fps) || fps <= 0) return null;
  const options: LengthOption[] = [];
  for (let seconds = 1; seconds * fps <= frames.max; seconds += 1) {
    const count = seconds * fps;
    if (count >= frames.min && Number.isInteger((count - frames.min) / frames.step))
      options.push({ seconds, frames: count });
  }
  const now = Number(params[clip.frames]);
  const chosen = options.find((o) => o.frames === now)?.seconds ?? null;
  return { options, chosen };
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
  download: imageDownload,
  clip: null,
} as const satisfies PageText;

export const promptView = (placeholder: string, rows: number, label = 'Prompt'): PromptView => ({
  label,
  placeholder,
  rows,
});
