/** Worker side of the pool: looks the task up by name and runs it with its cancellation context. */
import { createTaskContext } from './context';
import { tasks, type TaskName } from './tasks';

export interface TaskMessage {
  readonly name: string;
  readonly input: unknown;
  /** Int32Array over a SharedArrayBuffer: non-zero once the caller aborted. */
  readonly cancel?: Int32Array;
}

export default async function runTask(message: TaskMessage): Promise<unknown> {
  const handler = Object.hasOwn(tasks, message.name) ? tasks[message.name as TaskName] : undefined;
  if (!handler) throw new Error(`Unknown worker task: ${message.name}`);
  const context = createTaskContext(message.cancel);
  try {
    context.throwIfCancelled();
    return await (handler as (input: unknown, ctx: typeof context) => Promise<unknown>)(message.input, context);
  } finally {
    context.dispose();
  }
}
