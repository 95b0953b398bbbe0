/** The 3D and audio tools: their pages show their parameters (TOOL-35); they poll like the other predictions. */
import { audioDownload, basePage, modelDownload, promptView } from '../tool-page';
import type { ToolDefinition } from '../tool-types';
import { replicateModels } from './replicate-models';
import { durationParam, needsImage, needsPrompt, pollRun } from './base';

/** Bark's English presets v2/en_speaker_0 … 9 (the offline provider maps each to an eSpeak voice). */
export const voicePresets = Array.from({ length: 10 }, (_, n) => ({
  value: `v2/en_speaker_${n}`,
  label: `English speaker ${n}`,
}));

/** What each voice says in its preview (TOOL-51). */
export const VOICE_PREVIEW_TEXT = 'Hello! This is how I sound.';

const audio = (placeholder: string, rows = 3) =>
  ({ ...basePage, result: 'audio', prompt: promptView(placeholder, rows) }) as const;

export const mediaTools = [
  {
    key: '3d-gen',
    replicate: replicateModels['3d-gen'],
    id: 'firtoz/trellis',
    title: '3D Generation',
    description: 'Turn an image into a textured 3D model you can download as a .glb file.',
    path: '/3d-models/3d-gen',
    modelCost: 0.007,
    provider: 'replicate',
    category: '3D',
    defaultParams: { quality: 'high', format: 'glb' },
    startOperation: 'generate3d',
    output: 'model3d',
    run: pollRun({ requires: [needsImage], button: ['image'] }),
    params: [
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
    page: {
      ...basePage,
      upload: { accepts: 'anyImage', label: 'Image of the object', compress: false },
      submit: 'Generate 3D Model',
      result: 'model3d',
      resultAlt: 'Generated 3D model',
      download: modelDownload,
    },
  },
  {
    key: 'musicgen',
    replicate: replicateModels['musicgen'],
    id: 'meta/musicgen',
    title: 'Music Generation',
    description: 'Compose original music from a description of the mood, genre and instruments.',
    path: '/audio-models/musicgen',
    modelCost: 0.005,
    provider: 'replicate',
    category: 'Audio',
    defaultParams: { duration: 30 },
    startOperation: 'generateMusic',
    output: 'audio',
    run: pollRun({ requires: [needsPrompt], button: ['prompt'] }),
    params: [durationParam(30, 60)],
    page: {
      ...audio('Describe the music: mood, genre, instruments, tempo...'),
      submit: 'Generate Music',
      resultAlt: 'Generated music',
      download: audioDownload,
    },
  },
  {
    key: 'audioldm',
    replicate: replicateModels['audioldm'],
    id: 'haoheliu/audio-ldm',
    title: 'Sound Generation',
    description: 'Create sound effects and ambiences from a short text description.',
    path: '/audio-models/audioldm',
    modelCost: 0.003,
    provider: 'replicate',
    category: 'Audio',
    defaultParams: { duration: 10, guidance_scale: 3.5 },
    startOperation: 'generateSound',
    output: 'audio',
    run: pollRun({ requires: [needsPrompt], button: ['prompt'] }),
    params: [
      durationParam(10, 30),
      {
        kind: 'number',
        name: 'guidance_scale',
        label: 'Guidance',
        min: 1,
        max: 10,
        step: 0.5,
        unit: '',
        fallback: 3.5,
      },
    ],
    page: {
      ...audio('Describe the sound, e.g. "rain on a tin roof"...'),
      submit: 'Generate Sound',
      resultAlt: 'Generated sound',
      download: audioDownload,
    },
  },
  {
    key: 'bark',
    replicate: replicateModels['bark'],
    id: 'suno-ai/bark',
    title: 'Voice Generation',
    description: 'Turn text into natural, expressive speech.',
    path: '/audio-models/bark',
    modelCost: 0.004,
    provider: 'replicate',
    category: 'Audio',
    defaultParams: { history_prompt: 'v2/en_speaker_6' },
    startOperation: 'generateVoice',
    output: 'audio',
    run: pollRun({ requires: [needsPrompt], button: ['prompt'] }),
    params: [
      {
        kind: 'choice',
        name: 'history_prompt',
        label: 'Voice preset',
        options: voicePresets,
        fallback: 'v2/en_speaker_6',
        preview: 'voice',
      },
    ],
    page: {
      ...basePage,
      result: 'audio',
      prompt: promptView('Type what the voice should say...', 4, 'Text to speak'),
      submit: 'Generate Voice',
      resultAlt: 'Generated voice',
      download: audioDownload,
    },
  },
] as const satisfies readonly ToolDefinition<string>[];
