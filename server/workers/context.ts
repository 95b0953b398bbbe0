/**
 * What a task sees inside a worker thread: its input and a cancellation flag the server sets when
 * the caller aborts (a SharedArrayBuffer, so the worker reads it without a message round trip).
 * Tasks check it between steps and kill their child processes when it flips; a task that ignores it
 * is terminated with its thread after the pool's grace period.
 */
export class TaskCancelledError extends Error {
  constructor() {
    super('The task was cancelled');
    this.name = 'TaskCancelledError';
  }
}

export interface TaskContext {
  readonly cancelled: boolean;
  /** Throws TaskCancelledError once the caller has aborted. */
  throwIfCancelled(): void;
  /** Calls `listener` once when the caller aborts (polled every 25 ms); returns an unsubscribe. */
  onCancel(listener: () => void): () => void;
}

export function createTaskContext(flag: Int32Array | undefined): TaskContext & { dispose(): void } {
  const listeners = new Set<() => void>();
  let timer: ReturnType<typeof setInterval> | undefined;
  const isSet = () => flag !== undefined && Atomics.load(flag, 0) !== 0;
  const poll = () => {
    if (!isSet()) return;
    clearInterval(timer);
    timer = undefined;
    for (const listener of [...listeners]) listener();
    listeners.clear();
  };
  return {
    get cancelled() {
      return isSet();
    },
    throwIfCancelled() {
      if (isSet()) throw new TaskCancelledError();
    },
    onCancel(listener) {
      if (isSet()) {
        listener();
        return () => {};
      }
      listeners.add(listener);
      if (flag && timer === undefined) timer = setInterval(poll, 25);
      return () => listeners.delete(listener);
    },
    dispose() {
      clearInterval(timer);
      listeners.clear();
    },
  };
}

const USER_PREFIX = '[user] ';

/**
 * A failure whose message is meant for the user (an unreadable upload, a bad parameter). Errors
 * cross the thread boundary as plain Errors, so the marker travels in the message.
 */
export class TaskUserError extends Error {
  constructor(message: string) {
    super(USER_PREFIX + message);
    this.name = 'TaskUserError';
  }
}

/** The user-facing message of an error raised by TaskUserError in a worker, else undefined. */
export function userMessageOf(error: unknown): string | undefined {
  const message = error instanceof Error ? error.message : undefined;
  return message?.startsWith(USER_PREFIX) ? message.slice(USER_PREFIX.length) : undefined;
}
