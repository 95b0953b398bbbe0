/**
 * 'Use these settings' (CREATIONS-13): the form a past run's settings give a tool page. Only what the
 * tool's form holds is taken: its prompt, its size (the preset of that size where the page has presets,
 * else the free fields by the size rule), the tool's own parameter controls (by their rules) and the
 * uploaded pictures' addresses. A seed is not a control: the server draws a new one (TOOL-43).
 */
import type { CreationDetail } from '../../api/schemas';
import { acceptParam } from '../../catalog/tool-params';
import { aspectPresets, roundSize } from './aspect';
import type { AppliedSettings, ToolRunContext } from './tool-run.types';

type Form = Pick<ToolRunContext, 'prompt' | 'image' | 'poseImage' | 'aspect' | 'width' | 'height' | 'params'>;

export function appliedForm(context: ToolRunContext, settings: AppliedSettings): Form {
  const { shape, tool } = context;
  const params = { ...context.params };
  for (const spec of tool.params) {
    const value = acceptParam(tool.params, spec.name, settings.params[spec.name]);
    if (value !== null) params[spec.name] = value;
  }
  let size = { aspect: context.aspect, width: context.width, height: context.height };
  if (settings.width !== null && settings.height !== null) {
    if (shape.aspect !== null) {
      const ratio = settings.params['aspect_ratio'];
      const preset =
        aspectPresets(shape.aspect).find((p) => p.width === settings.width && p.height === settings.height) ??
        aspectPresets(shape.aspect).find((p) => p.ratio === ratio);
      if (preset) size = { aspect: preset.name, width: preset.width, height: preset.height };
    } else if (shape.freeSize) {
      size = { aspect: context.aspect, ...roundSize(settings.width, settings.height) };
    }
  }
  return {
    prompt: settings.prompt ?? context.prompt,
    image: settings.image ?? null,
    poseImage: settings.poseImage ?? null,
    ...size,
    params,
  };
}

/** A creation's settings as a tool page's form takes them: its parameters and its uploaded pictures. */
export function settingsOf(
  creation: Pick<CreationDetail, 'input' | 'prompt' | 'parameters' | 'uploads'>,
): AppliedSettings {
  const params = creation.parameters ?? creation.input;
  const upload = (field: string) => {
    const listed = creation.uploads?.find((u) => u.field === field)?.url;
    const given = creation.input[field];
    return listed ?? (typeof given === 'string' && given !== '' ? given : null);
  };
  const number = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  return {
    prompt: creation.prompt,
    width: number(params['width']),
    height: number(params['height']),
    params,
    image: upload('image'),
    poseImage: upload('pose_image'),
  };
}
