/**
 * The tool parameters a page exposes as controls (TOOL-35): the video,
 * audio and 3D tools. Each starts at the catalogue's default; numbers are kept in their range
 * and step grid, by the form and by the server alike.
 */

export interface NumberParam {
  readonly kind: 'number';
  readonly name: string;
  readonly label: string;
  readonly min: number;
  readonly max: number;
  readonly step: number;
  /** Shown after the value: 's', 'fps', 'frames'. */
  readonly unit: string;
  readonly fallback: number;
  /** Shown only while another parameter has this value (video editing: trim's start and end). */
  readonly when?: { readonly name: string; readonly value: string };
}

export interface ChoiceParam {
  readonly kind: 'choice';
  readonly name: string;
  readonly label: string;
  readonly options: readonly { readonly value: string; readonly label: string }[];
  readonly fallback: string;
  readonly when?: { readonly name: string; readonly value: string };
  /** Each option can be heard before choosing it: the voice presets' samples (TOOL-51). */
  readonly preview?: 'voice';
}

export type ParamSpec = NumberParam | ChoiceParam;
export type ParamValues = Readonly<Record<string, string | number>>;

/** The starting values: the catalogue's defaults where it has them, else each control's fallback. */
export function defaultParamValues(
  specs: readonly ParamSpec[],
  catalogue: Readonly<Record<string, unknown>>,
): ParamValues {
  return Object.fromEntries(
    specs.map((spec) => {
      const given = catalogue[spec.name];
      const value =
        typeof given === (spec.kind === 'number' ? 'number' : 'string') ? (given as string | number) : spec.fallback;
      return [spec.name, value];
    }),
  );
}

/** The value kept for a control: a number clamped to its range and step grid, or a known option; else null. */
export function acceptParam(
  specs: readonly ParamSpec[],
  name: string,
  value: string | number | boolean | null | undefined,
): string | number | null {
  const spec = specs.find((p) => p.name === name);
  if (!spec || value === null || value === undefined || typeof value === 'boolean') return null;
  if (spec.kind === 'choice') return spec.options.some((o) => o.value === value) ? value : null;
  const n = typeof value === 'number' ? value : value.trim() === '' ? NaN : Number(value);
  if (!Number.isFinite(n)) return null;
  const stepped = Math.round((n - spec.min) / spec.step) * spec.step + spec.min;
  return Math.min(spec.max, Math.max(spec.min, Math.round(stepped * 1000) / 1000));
}
