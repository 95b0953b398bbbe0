import { creditCost } from './cost';

export type Category = 'Image' | 'Video' | 'Text' | '3D' | 'Audio';
export const categories: readonly Category[] = ['Image', 'Video', 'Text', '3D', 'Audio'];

/** The two provider kinds of spec §3: a hosted-model service and a language-model vendor. */
export type Provider = 'replicate' | 'openai';

export type Endpoint =
  | '/api/generate/image'
  | '/api/generate/person'
  | '/api/generate/restore'
  | '/api/generate/video'
  | '/api/generate/text'
  | '/api/generate/code'
  | '/api/generate/image-to-text'
  | '/api/generate/3d'
  | '/api/generate/music'
  | '/api/generate/sound'
  | '/api/generate/voice';

/** What kind of file a run produces; the offline provider and the result views read it. */
export type OutputKind = 'image' | 'video' | 'text' | 'code' | 'model3d' | 'audio';

export type ToolKey =
  | 'text-to-image'
  | 'image-to-image'
  | 'text-to-advertisement'
  | 'person-to-person'
  | 'restore-image'
  | 'text-to-video'
  | 'image-to-video'
  | 'video-editing'
  | 'text-to-text'
  | 'code-generation'
  | 'image-to-text'
  | '3d-gen'
  | 'musicgen'
  | 'audioldm'
  | 'bark';

export type ToolParams = Readonly<Record<string, string | number | boolean>>;

interface ToolSource {
  key: ToolKey;
  /** The model identifier at the provider. */
  id: string;
  title: string;
  description: string;
  path: string;
  modelCost: number;
  provider: Provider;
  category: Category;
  defaultParams: ToolParams;
  endpoint: Endpoint;
  output: OutputKind;
}

export interface Tool extends Readonly<ToolSource> {
  /** Illustration shipped in public/tools. */
  readonly image: string;
  /** Credits for one run, always derived from modelCost. */
  readonly cost: number;
}

const sources: readonly ToolSource[] = [
  {
    key: 'text-to-image',
    id: 'bytedance/sdxl-lightning-4step',
    title: 'Text to Image',
    description: 'Turn a written prompt into a detailed image in seconds, in any aspect ratio.',
    path: '/image-models/text-to-image',
    modelCost: 0.003,
    provider: 'replicate',
    category: 'Image',
    defaultParams: {
      num_inference_steps: 4,
      guidance_scale: 7.5,
      negative_prompt: 'worst quality, low quality',
      scheduler: 'K_EULER',
    },
    endpoint: '/api/generate/image',
    output: 'image',
  },
  {
    key: 'image-to-image',
    id: 'black-forest-labs/flux-dev',
    title: 'Image to Image',
    description: 'Start from your own picture and reshape it with a prompt: new style, new scene, same idea.',
    path: '/image-models/image-to-image',
    modelCost: 0.04,
    provider: 'replicate',
    category: 'Image',
    defaultParams: { prompt_strength: 0.8 },
    endpoint: '/api/generate/image',
    output: 'image',
  },
  {
    key: 'text-to-advertisement',
    id: 'stability-ai/sdxl',
    title: 'Text to Advertisement',
    description: 'Describe a product and get a polished, professional advertising visual ready to share.',
    path: '/image-models/text-to-advertisement',
    modelCost: 0.08,
    provider: 'replicate',
    category: 'Image',
    defaultParams: {
      num_inference_steps: 4,
      guidance_scale: 7.5,
      negative_prompt: 'worst quality, low quality, blurry, distorted',
      style_preset: 'advertising',
    },
    endpoint: '/api/generate/image',
    output: 'image',
  },
  {
    key: 'person-to-person',
    id: 'zsxkib/instant-id',
    title: 'Person to Person',
    description: 'Place a person from one photo into a new pose or scene while keeping their likeness.',
    path: '/image-models/person-to-person',
    modelCost: 0.006,
    provider: 'replicate',
    category: 'Image',
    defaultParams: {},
    endpoint: '/api/generate/person',
    output: 'image',
  },
  {
    key: 'restore-image',
    id: 'tencentarc/gfpgan',
    title: 'Restore Image',
    description: 'Repair old, blurry or damaged photos and bring faces back into focus.',
    path: '/image-models/restore-image',
    modelCost: 0.004,
    provider: 'replicate',
    category: 'Image',
    defaultParams: {},
    endpoint: '/api/generate/restore',
    output: 'image',
  },
  {
    key: 'text-to-video',
    id: 'cjwbw/damo-text-to-video',
    title: 'Text to Video',
    description: 'Write a scene and watch it play: short video clips generated from a prompt.',
    path: '/video-models/text-to-video',
    modelCost: 0.008,
    provider: 'replicate',
    category: 'Video',
    defaultParams: { num_frames: 14, fps: 6 },
    endpoint: '/api/generate/video',
    output: 'video',
  },
  {
    key: 'image-to-video',
    id: 'ali-vilab/i2vgen-xl',
    title: 'Image to Video',
    description: 'Bring a still image to life as a short animated clip.',
    path: '/video-models/image-to-video',
    modelCost: 0.01,
    provider: 'replicate',
    category: 'Video',
    defaultParams: { length: 4, fps: 24 },
    endpoint: '/api/generate/video',
    output: 'video',
  },
  {
    key: 'video-editing',
    id: 'fofr/video-morpher',
    title: 'Video Editing',
    description: 'Restyle and transform an existing clip with a prompt.',
    path: '/video-models/video-editing',
    modelCost: 0.012,
    provider: 'replicate',
    category: 'Video',
    defaultParams: {},
    endpoint: '/api/generate/video',
    output: 'video',
  },
  {
    key: 'text-to-text',
    id: 'gpt-4o-mini',
    title: 'Text Generation',
    description: 'Draft articles, captions, stories and replies from a simple prompt.',
    path: '/text-models/text-to-text',
    modelCost: 0.002,
    provider: 'openai',
    category: 'Text',
    defaultParams: { max_tokens: 1000, temperature: 0.7 },
    endpoint: '/api/generate/text',
    output: 'text',
  },
  {
    key: 'code-generation',
    id: 'gpt-4.1-mini',
    title: 'Code Generation',
    description: 'Describe what you need and get working, commented code in the language you choose.',
    path: '/text-models/code-generation',
    modelCost: 0.003,
    provider: 'openai',
    category: 'Text',
    defaultParams: { max_tokens: 2000, temperature: 0.3 },
    endpoint: '/api/generate/code',
    output: 'code',
  },
  {
    key: 'image-to-text',
    id: 'gpt-4o',
    title: 'Image to Text',
    description: 'Extract the text from photos, scans and screenshots.',
    path: '/text-models/image-to-text',
    modelCost: 0.002,
    provider: 'openai',
    category: 'Text',
    defaultParams: { max_tokens: 1000, temperature: 0 },
    endpoint: '/api/generate/image-to-text',
    output: 'text',
  },
  {
    key: '3d-gen',
    id: 'firtoz/trellis',
    title: '3D Generation',
    description: 'Turn an image into a textured 3D model you can download as a .glb file.',
    path: '/3d-models/3d-gen',
    modelCost: 0.007,
    provider: 'replicate',
    category: '3D',
    defaultParams: { quality: 'high', format: 'glb' },
    endpoint: '/api/generate/3d',
    output: 'model3d',
  },
  {
    key: 'musicgen',
    id: 'meta/musicgen',
    title: 'Music Generation',
    description: 'Compose original music from a description of the mood, genre and instruments.',
    path: '/audio-models/musicgen',
    modelCost: 0.005,
    provider: 'replicate',
    category: 'Audio',
    defaultParams: { duration: 30 },
    endpoint: '/api/generate/music',
    output: 'audio',
  },
  {
    key: 'audioldm',
    id: 'haoheliu/audio-ldm',
    title: 'Sound Generation',
    description: 'Create sound effects and ambiences from a short text description.',
    path: '/audio-models/audioldm',
    modelCost: 0.003,
    provider: 'replicate',
    category: 'Audio',
    defaultParams: { duration: 10, guidance_scale: 3.5 },
    endpoint: '/api/generate/sound',
    output: 'audio',
  },
  {
    key: 'bark',
    id: 'suno-ai/bark',
    title: 'Voice Generation',
    description: 'Turn text into natural, expressive speech.',
    path: '/audio-models/bark',
    modelCost: 0.004,
    provider: 'replicate',
    category: 'Audio',
    defaultParams: { history_prompt: 'v2/en_speaker_6' },
    endpoint: '/api/generate/voice',
    output: 'audio',
  },
];

export const tools: readonly Tool[] = sources.map((s) => ({
  ...s,
  image: `/tools/${s.key}.svg`,
  cost: creditCost(s.modelCost),
}));

/**
 * The per-tool endpoints that start a prediction polled at /api/prediction/{id}: every endpoint of the
 * catalogue except /api/generate/image, which answers synchronously.
 */
export const predictionEndpoints: readonly Endpoint[] = [...new Set(tools.map((t) => t.endpoint))].filter(
  (e) => e !== '/api/generate/image',
);

export function toolByKey(key: ToolKey): Tool {
  const tool = tools.find((t) => t.key === key);
  if (!tool) throw new Error(`Unknown tool ${key}`);
  return tool;
}

export function toolByModelId(id: string): Tool | undefined {
  return tools.find((t) => t.id === id);
}

export function toolsInCategory(category: Category): Tool[] {
  return tools.filter((t) => t.category === category);
}

/** Case-insensitive filter on title and description (spec §2 All-tools search). */
export function searchTools(list: readonly Tool[], query: string): Tool[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...list];
  return list.filter((t) => t.title.toLowerCase().includes(q) || t.description.toLowerCase().includes(q));
}
