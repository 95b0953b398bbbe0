/** The parts most tool definitions share: the usual requirements and the run's defaults. */
import {
  ENTER_PROMPT,
  REQUEST_TIMEOUT_MS,
  SPEC_POLL,
  TEXT_POLL,
  UPLOAD_IMAGE,
  type Requirement,
  type ToolShape,
} from '../tool-rules';
import type { NumberParam } from '../tool-params';

export const needsPrompt: Requirement = { field: 'prompt', message: ENTER_PROMPT };
export const needsImage: Requirement = { field: 'image', message: UPLOAD_IMAGE };

const base = {
  button: [],
  aspect: null,
  freeSize: false,
  uploadsFirst: false,
  defaultPrompt: null,
  retryOn504: false,
  timeoutMs: REQUEST_TIMEOUT_MS,
  upload: 'image',
  wording: 'generic',
  seed: false,
} as const;

/** One call answers with the output. */
export const singleRun = (run: Partial<ToolShape> & Pick<ToolShape, 'requires'>): ToolShape => ({
  ...base,
  call: 'single',
  poll: null,
  ...run,
});

/** A started prediction checked every 2 s, at most 60 times (TOOL-6). */
export const pollRun = (run: Partial<ToolShape> & Pick<ToolShape, 'requires'>): ToolShape => ({
  ...base,
  call: 'poll',
  poll: SPEC_POLL,
  ...run,
});

/** A started prediction checked every second, at most 180 times (text, code, image-to-text). */
export const waitRun = (run: Partial<ToolShape> & Pick<ToolShape, 'requires'>): ToolShape => ({
  ...base,
  call: 'wait',
  poll: TEXT_POLL,
  ...run,
});

export const fpsParam = (fallback: number, max: number): NumberParam => ({
  kind: 'number',
  name: 'fps',
  label: 'Frames per second',
  min: 1,
  max,
  step: 1,
  unit: 'fps',
  fallback,
});

/** A length in whole seconds from 1 s: a sound's duration, a clip's length. */
export const secondsParam = (name: string, label: string, fallback: number, max: number): NumberParam => ({
  kind: 'number',
  name,
  label,
  min: 1,
  max,
  step: 1,
  unit: 's',
  fallback,
});

export const durationParam = (fallback: number, max: number): NumberParam =>
  secondsParam('duration', 'Duration', fallback, max);
