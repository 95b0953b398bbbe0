/**
 * The body of a tool's generation call, from its catalogue entry and the form (TOOL-33):
 * the tool's defaults, then the caller's parameters.
 */
import { aspectPreset } from './aspect';
import type { GenerationBody, ToolRunContext } from './tool-run.types';

type Form = Pick<
  ToolRunContext,
  'tool' | 'shape' | 'prompt' | 'image' | 'poseImage' | 'aspect' | 'width' | 'height' | 'uploaded' | 'params'
> & { collectionId?: string | null };

export function generationInput(form: Form): GenerationBody['input'] {
  const { shape } = form;
  const input: GenerationBody['input'] = { ...form.tool.defaultParams, ...form.params };
  const prompt = form.prompt.trim() || shape.defaultPrompt;
  if (prompt) input['prompt'] = prompt;
  // Uploaded tools send the public URLs; the others send the data URL itself.
  const image = shape.uploadsFirst ? form.uploaded.image : form.image;
  if (image) input[shape.upload] = image;
  const pose = shape.uploadsFirst ? form.uploaded.poseImage : form.poseImage;
  if (pose) input['pose_image'] = pose;
  if (shape.aspect !== null || shape.freeSize) {
    input['width'] = form.width;
    input['height'] = form.height;
  }
  if (shape.aspect === 'general' && form.aspect !== null) {
    const preset = aspectPreset(shape.aspect, form.aspect);
    if (preset) input['aspect_ratio'] = preset.ratio;
  }
  return input;
}

/**
 * /api/generate/image reads {provider, modelId, cost, input}; the start endpoints read
 * {modelId, modelCost, input}.
 */
export function generationBody(form: Form): GenerationBody {
  const input = generationInput(form);
  const { tool } = form;
  // COLLECT-6: 'Save to' names the collection the run joins as it starts.
  const saveTo = form.collectionId ? { collectionId: form.collectionId } : {};
  return form.shape.call === 'single'
    ? { provider: tool.provider, modelId: tool.id, cost: tool.cost, input, ...saveTo }
    : { provider: tool.provider, modelId: tool.id, modelCost: tool.modelCost, input, ...saveTo };
}
