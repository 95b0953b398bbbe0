/**
 * The names of the tasks that run an offline model (server/providers/media/tasks.ts, modelTasks): the
 * pool runs them in its model threads. A plain list, so the main thread loads no task code to route.
 */
import type { modelTasks } from '../providers/media/tasks';

const names = [
  'image.restore',
  'image.upscale',
  'image.describe',
  'image.moderate',
] as const satisfies readonly (keyof typeof modelTasks)[];

// Every model task is listed (a compile error otherwise).
type Missing = Exclude<keyof typeof modelTasks, (typeof names)[number]>;
const complete: Missing extends never ? true : never = true;

export const MODEL_TASKS: ReadonlySet<string> = new Set(complete ? names : []);
