/** The video tools: their pages show their parameters (TOOL-35); they poll like the other predictions. */
import { basePage, promptView, videoDownload } from '../tool-page';
import type { ToolDefinition } from '../tool-types';
import { fpsParam, needsImage, needsPrompt, pollRun } from './base';

/** What every video tool is: a replicate model of the Video category, answering a video. */
const videoTool = {
  provider: 'replicate',
  category: 'Video',
  endpoint: '/api/generate/video',
  output: 'video',
} as const;
const videoResult = { result: 'video' } as const;

export const videoTools = [
  {
    key: 'text-to-video',
    id: 'cjwbw/damo-text-to-video',
    title: 'Text to Video',
    description: 'Write a scene and watch it play: short video clips generated from a prompt.',
    path: '/video-models/text-to-video',
    modelCost: 0.008,
    ...videoTool,
    defaultParams: { num_frames: 14, fps: 6 },
    run: pollRun({ requires: [needsPrompt], button: ['prompt'] }),
    params: [
      { kind: 'number', name: 'num_frames', label: 'Frames', min: 8, max: 48, step: 1, unit: 'frames', fallback: 14 },
      fpsParam(6, 24),
    ],
    page: {
      ...basePage,
      ...videoResult,
      prompt: promptView('Describe the scene you want to see move...', 3),
      resultAlt: 'Generated video',
      download: videoDownload,
      clip: { frames: 'num_frames', fps: 'fps' },
    },
  },
  {
    key: 'image-to-video',
    id: 'ali-vilab/i2vgen-xl',
    title: 'Image to Video',
    description: 'Bring a still image to life as a short animated clip.',
    path: '/video-models/image-to-video',
    modelCost: 0.01,
    ...videoTool,
    defaultParams: { length: 4, fps: 24 },
    run: pollRun({ requires: [needsImage], button: ['image'] }),
    params: [
      { kind: 'number', name: 'length', label: 'Length', min: 1, max: 10, step: 1, unit: 's', fallback: 4 },
      fpsParam(24, 30),
    ],
    page: {
      ...basePage,
      ...videoResult,
      upload: { accepts: 'anyImage', label: 'Image to animate', compress: false },
      resultAlt: 'Animated image',
      download: videoDownload,
      clip: { seconds: 'length' },
    },
  },
  {
    key: 'video-editing',
    id: 'fofr/video-morpher',
    title: 'Video Editing',
    description: 'Restyle and transform an existing clip with a prompt.',
    path: '/video-models/video-editing',
    modelCost: 0.012,
    ...videoTool,
    defaultParams: {},
    // The clip is optional: without one the provider edits a clip drawn from the prompt.
    run: pollRun({ requires: [needsPrompt], button: ['prompt'], upload: 'video' }),
    params: [
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
    page: {
      ...basePage,
      ...videoResult,
      upload: { accepts: 'video', label: 'Video to edit (optional)', compress: false },
      prompt: promptView('Describe the edit, e.g. "an old film look" or "slow it down"...', 3),
      submit: 'Edit Video',
      working: 'Editing',
      another: 'Edit Another',
      resultAlt: 'Edited video',
      download: videoDownload,
    },
  },
] as const satisfies readonly ToolDefinition<string>[];
