/**
 * The tool parameters a page exposes as controls (spec §9 Default tool parameters): the video,
 * audio and 3D tools. Each starts at the catalogue's default; numbers are kept in their range
 * by the run, so whatever a control sends, the body stays sensible.
 */
import type { ToolKey } from '../../src/catalog/tools';

export interface NumberParam {
  kind: 'number';
  name: string;
  label: string;
  min: number;
  max: number;
  step: number;
  /** Shown after the value: 's', 'fps', 'frames'. */
  unit: string;
  fallback: number;
  /** Shown only while another parameter has this value (video editing: trim's start and end). */
  when?: { name: string; value: string };
}

export interface ChoiceParam {
  kind: 'choice';
  name: string;
  label: string;
  options: readonly { value: string; label: string }[];
  fallback: string;
  when?: { name: string; value: string };
}

export type ParamSpec = NumberParam | ChoiceParam;
export type ParamValues = Readonly<Record<string, string | number>>;

const fps = (fallback: number, max: number): NumberParam => ({
  kind: 'number',
  name: 'fps',
  label: 'Frames per second',
  min: 1,
  max,
  step: 1,
  unit: 'fps',
  fallback,
});

const duration = (fallback: number, max: number): NumberParam => ({
  kind: 'number',
  name: 'duration',
  label: 'Duration',
  min: 1,
  max,
  step: 1,
  unit: 's',
  fallback,
});

/** Bark's English presets v2/en_speaker_0 … 9 (the offline provider maps each to an eSpeak voice). */
const speakers = Array.from({ length: 10 }, (_, n) => ({ value: `v2/en_speaker_${n}`, label: `English speaker ${n}` }));

export const toolParams: Readonly<Partial<Record<ToolKey, readonly ParamSpec[]>>> = {
  'text-to-video': [
    { kind: 'number', name: 'num_frames', label: 'Frames', min: 8, max: 48, step: 1, unit: 'frames', fallback: 14 },
    fps(6, 24),
  ],
  'image-to-video': [
    { kind: 'number', name: 'length', label: 'Length', min: 1, max: 10, step: 1, unit: 's', fallback: 4 },
    fps(24, 30),
  ],
  'video-editing': [
    {
      kind: 'choice',
      name: 'edit',
      label: 'Edit',
      options: [
        { value: 'filter', label: 'Filter' },
        { value: 'trim', label: 'Trim' },
        { value: 'speed', label: 'Speed' },
      ],
      fallback: 'filter',
    },
    {
      kind: 'choice',
      name: 'filter',
      label: 'Filter',
      options: ['sepia', 'grayscale', 'blur', 'invert', 'vivid'].map((f) => ({
        value: f,
        label: f[0]!.toUpperCase() + f.slice(1),
      })),
      fallback: 'sepia',
      when: { name: 'edit', value: 'filter' },
    },
    {
      kind: 'number',
      name: 'start',
      label: 'Start',
      min: 0,
      max: 120,
      step: 0.5,
      unit: 's',
      fallback: 0,
      when: { name: 'edit', value: 'trim' },
    },
    {
      kind: 'number',
      name: 'end',
      label: 'End',
      min: 0.5,
      max: 120,
      step: 0.5,
      unit: 's',
      fallback: 1,
      when: { name: 'edit', value: 'trim' },
    },
    {
      kind: 'number',
      name: 'factor',
      label: 'Speed factor',
      min: 0.25,
      max: 4,
      step: 0.25,
      unit: '×',
      fallback: 2,
      when: { name: 'edit', value: 'speed' },
    },
  ],
  '3d-gen': [
    {
      kind: 'choice',
      name: 'quality',
      label: 'Quality',
      options: [
        { value: 'low', label: 'Low (fast, coarse mesh)' },
        { value: 'medium', label: 'Medium' },
        { value: 'high', label: 'High (finest mesh)' },
      ],
      fallback: 'high',
    },
  ],
  musicgen: [duration(30, 60)],
  audioldm: [
    duration(10, 30),
    { kind: 'number', name: 'guidance_scale', label: 'Guidance', min: 1, max: 10, step: 0.5, unit: '', fallback: 3.5 },
  ],
  bark: [
    { kind: 'choice', name: 'history_prompt', label: 'Voice preset', options: speakers, fallback: 'v2/en_speaker_6' },
  ],
};

export function paramsOf(key: ToolKey): readonly ParamSpec[] {
  return toolParams[key] ?? [];
}

/** The starting values: the catalogue's defaults where it has them, else each control's fallback. */
export function defaultParams(key: ToolKey, catalogue: Readonly<Record<string, unknown>>): ParamValues {
  return Object.fromEntries(
    paramsOf(key).map((spec) => {
      const given = catalogue[spec.name];
      const value =
        typeof given === (spec.kind === 'number' ? 'number' : 'string') ? (given as string | number) : spec.fallback;
      return [spec.name, value];
    }),
  );
}

/** The value kept for a control: a number clamped to its range and step grid, or a known option; else null. */
export function acceptParam(key: ToolKey, name: string, value: string | number): string | number | null {
  const spec = paramsOf(key).find((p) => p.name === name);
  if (!spec) return null;
  if (spec.kind === 'choice') return spec.options.some((o) => o.value === value) ? value : null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n)) return null;
  const stepped = Math.round((n - spec.min) / spec.step) * spec.step + spec.min;
  return Math.min(spec.max, Math.max(spec.min, Math.round(stepped * 1000) / 1000));
}
