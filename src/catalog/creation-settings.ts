/**
 * A creation's settings as its page shows them (CREATIONS-5): human names, the ones the person chose or saw
 * first, the model's own defaults (never on the form) under Advanced. Imported by the creation's page alone,
 * not through the catalogue's index, so the first load of `/` does not carry it.
 */
import type { ParamSpec } from './tool-params';
import { tools } from './tools';

export interface Setting {
  readonly name: string;
  readonly label: string;
  readonly value: string;
}

export interface CreationSettings {
  /** What the person chose or saw on the tool's form. */
  readonly shown: readonly Setting[];
  /** The model's defaults the form does not show, and the seed the server drew. */
  readonly advanced: readonly Setting[];
}

/** Names of the inputs no form control labels (the controls' own labels come from the tool's ParamSpec). */
const LABELS: Readonly<Record<string, string>> = {
  num_inference_steps: 'Steps',
  guidance_scale: 'Guidance',
  scheduler: 'Scheduler',
  negative_prompt: 'Negative prompt',
  prompt_strength: 'Prompt strength',
  style_preset: 'Style preset',
  max_tokens: 'Length limit (tokens)',
  temperature: 'Temperature',
  seed: 'Seed',
  aspect_ratio: 'Aspect ratio',
  language: 'Language',
  format: 'File format',
  num_frames: 'Frames',
  fps: 'Frames per second',
};

/** 'pose_image' → 'Pose image', 'numFrames' → 'Num frames': the last resort for a name no one labelled. */
export const labelOfInput = (name: string): string => {
  const known = LABELS[name];
  if (known) return known;
  const words = name
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const valueOf = (spec: ParamSpec | undefined, value: unknown): string => {
  if (spec?.kind === 'choice') return spec.options.find((o) => o.value === value)?.label ?? String(value);
  if (spec?.kind === 'number' && spec.unit) return `${String(value)} ${spec.unit}`;
  return String(value);
};

/**
 * The settings of a run of `toolKey` from its stored input (the prompt and uploads left out by the caller):
 * width and height as one Size; a form control's value under its label; the tool's hidden defaults and the seed
 * under Advanced; anything else the caller sent (language, aspect ratio) shown.
 */
export function creationSettings(toolKey: string, input: Readonly<Record<string, unknown>>): CreationSettings {
  const tool = tools.find((t) => t.key === toolKey);
  const shown: Setting[] = [];
  const advanced: Setting[] = [];
  const { width, height } = input;
  const sized = typeof width === 'number' && typeof height === 'number';
  if (sized) shown.push({ name: 'size', label: 'Size', value: `${width} × ${height} px` });
  for (const [name, value] of Object.entries(input)) {
    if (value === null || value === undefined || value === '' || name === 'prompt') continue;
    if (sized && (name === 'width' || name === 'height')) continue;
    const spec = tool?.params.find((p) => p.name === name);
    const setting = { name, label: spec?.label ?? labelOfInput(name), value: valueOf(spec, value) };
    const hidden = !spec && (name === 'seed' || (tool !== undefined && name in tool.defaultParams));
    (hidden ? advanced : shown).push(setting);
  }
  return { shown, advanced };
}
