/**
 * The one `inspect` observer given to every actor the app creates: the dropped-event report
 * (development and the end-to-end build) and the flows viewer's live view (development). In a
 * production build both are undefined, and so is this.
 */
import type { InspectionEvent } from 'xstate';
import { inspectDropped } from './dropped-events';
import { liveInspect } from './live';

const observers = [inspectDropped, liveInspect].filter((o): o is (event: InspectionEvent) => void => o !== undefined);

export const appInspect: ((event: InspectionEvent) => void) | undefined =
  observers.length === 0
    ? undefined
    : (event) => {
        for (const observe of observers) observe(event);
      };
