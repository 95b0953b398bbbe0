// The file each pool thread loads. Worker threads start without the TypeScript loader that the
// server runs under (tsx, or vitest's transform), so this plain-JS entry registers tsx's ESM hooks
// in the thread and then imports the TypeScript task runner.
import { register } from 'tsx/esm/api';

// Always: a thread does not get the hooks the main thread registered, even under `tsx server/main.ts`.
register();

const { default: runTask } = await import('./run-task.ts');

export default runTask;
