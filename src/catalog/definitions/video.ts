/** The video tools: their pages show their parameters (TOOL-35); they poll like the other predictions. */
import type { NumberParam } from '../tool-params';
import { basePage, promptView, videoDownload, type PageText } from '../tool-page';
import type { ToolDefinition } from '../tool-types';
import { replicateModels } from './replicate-models';
import { fpsParam, needsImage, needsPrompt, pollRun, secondsParam } from './base';

/** What every video tool is: a replicate model of the Video category, answering a video. */
const videoTool = {
  provider: 'replicate',
  category: 'Video',
  startOperation: 'generateVideo',
  output: 'video',
} as const;

/** What every video tool's page is: the clip plays in a video player and downloads as MP4 (TOOL-41). */
const videoPage = <const P extends Partial<PageText>>(page: P) =>
  ({ ...basePage, result: 'video', download: videoDownload, ...page }) as const;

/**
 * A clip made to a length: its two controls (TOOL-35), the length — in frames, which make seconds at the frame
 * rate, or in seconds — and the frame rate, each starting at its fallback; its page shows that length (TOOL-42).
 */
const clipTool = (length: NumberParam, fps: NumberParam, page: Partial<Omit<PageText, 'clip'>>) => ({
  defaultParams: { [length.name]: length.fallback, [fps.name]: fps.fallback },
  params: [length, fps],
  page: videoPage({
    ...page,
    clip: length.unit === 'frames' ? { frames: length.name, fps: fps.name } : { seconds: length.name },
  }),
});

/** A control of video editing shown only while its `edit` is this one (TOOL-35). */
const onEdit = (edit: 'filter' | 'trim' | 'speed') => ({ name: 'edit', value: edit }) as const;

/** One end of a trim, in seconds by halves, within the longest clip an upload may be (120 s). */
const trimPoint = (name: string, label: string, min: number, fallback: number): NumberParam => ({
  kind: 'number',
  name,
  label,
  min,
  max: 120,
  step: 0.5,
  unit: 's',
  fallback,
  when: onEdit('trim'),
});

export const videoTools = [
  {
    key: 'text-to-video',
    replicate: replicateModels['text-to-video'],
    id: 'cjwbw/damo-text-to-video',
    title: 'Text to Video',
    description: 'Write a scene and watch it play: short video clips generated from a prompt.',
    path: '/video-models/text-to-video',
    modelCost: 0.008,
    ...videoTool,
    run: pollRun({ requires: [needsPrompt], button: ['prompt'] }),
    ...clipTool(
      { kind: 'number', name: 'num_frames', label: 'Frames', min: 8, max: 48, step: 1, unit: 'frames', fallback: 14 },
      fpsParam(6, 24),
      { prompt: promptView('Describe the scene you want to see move...', 3), resultAlt: 'Generated video' },
    ),
  },
  {
    key: 'image-to-video',
    replicate: replicateModels['image-to-video'],
    id: 'ali-vilab/i2vgen-xl',
    title: 'Image to Video',
    description: 'Bring a still image to life as a short animated clip.',
    path: '/video-models/image-to-video',
    modelCost: 0.01,
    ...videoTool,
    run: pollRun({ requires: [needsImage], button: ['image'] }),
    ...clipTool(secondsParam('length', 'Length', 4, 10), fpsParam(24, 30), {
      upload: { accepts: 'anyImage', label: 'Image to animate', compress: false },
      resultAlt: 'Animated image',
    }),
  },
  {
    key: 'video-editing',
    replicate: replicateModels['video-editing'],
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
        when: onEdit('filter'),
      },
      trimPoint('start', 'Start', 0, 0),
      trimPoint('end', 'End', 0.5, 1),
      {
        kind: 'number',
        name: 'factor',
        label: 'Speed factor',
        min: 0.25,
        max: 4,
        step: 0.25,
        unit: '×',
        fallback: 2,
        when: onEdit('speed'),
      },
    ],
    page: videoPage({
      upload: { accepts: 'video', label: 'Video to edit (optional)', compress: false },
      prompt: promptView('Describe the edit, e.g. "an old film look" or "slow it down"...', 3),
      submit: 'Edit Video',
      working: 'Editing',
      another: 'Edit Another',
      resultAlt: 'Edited video',
    }),
  },
] as const satisfies readonly ToolDefinition<string>[];
