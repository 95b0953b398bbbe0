/**
 * The one `inspect` observer of an app, given to its root actor and to every flow it starts: the
 * dropped-event report (development, and a page whose test asked for it) and the flows viewer's live view
 * (development). It is made with the app (create-app.ts), so its channel belongs to that app's actor
 * system; on a production page no test asked, both parts are undefined, and so is this.
 */
import type { InspectionEvent } from 'xstate';
import type { AppActor } from './create-app';
import { inspectDropped } from './dropped-events';
import { createLiveInspect } from './live';

export type Inspect = (event: InspectionEvent) => void;

export function createAppInspect(): Inspect | undefined {
  const observers = [inspectDropped(), createLiveInspect()].filter((o): o is Inspect => o !== undefined);
  if (observers.length === 0) return undefined;
  return (event) => {
    for (const observe of observers) observe(event);
  };
}

/** The observer `app` was made with (its actor options), for the flows it starts; none in a test's system. */
export function inspectOf(app: AppActor | null): Inspect | undefined {
  return (app as { options?: { inspect?: unknown } } | null)?.options?.inspect as Inspect | undefined;
}
