/**
 * The one `inspect` observer of an app, given to its root actor and to every flow it starts: the
 * dropped-event report (development, or the one a test gave the page: src/app/test-hooks.ts) and the flows
 * viewer's live view (development). It is made with the app (create-app.ts), so its channel belongs to that
 * app's actor system; on a production page no test touched, every part is undefined, and so is this.
 */
import type { InspectionEvent } from 'xstate';
import type { AppActor } from './create-app';
import { inspectDroppedInDevelopment } from './dropped-events';
import { createLiveInspect } from './live';
import { testHooks } from './test-hooks';

export type Inspect = (event: InspectionEvent) => void;

export function createAppInspect(): Inspect | undefined {
  const observers = [
    import.meta.env.DEV ? inspectDroppedInDevelopment() : undefined,
    testHooks().inspect,
    createLiveInspect(),
  ].filter((o): o is Inspect => o !== undefined);
  if (observers.length === 0) return undefined;
  return (event) => {
    for (const observe of observers) observe(event);
  };
}

/** The observer `app` was made with (its actor options), for the flows it starts; none in a test's system. */
export function inspectOf(app: AppActor | null): Inspect | undefined {
  return (app as { options?: { inspect?: unknown } } | null)?.options?.inspect as Inspect | undefined;
}
