/**
 * The suite's dropped-event report: every page it opens gets, before it starts, the app's own inspector
 * (droppedEventInspector, src/app/dropped-events.ts) as its test hook (`window.__atelierTest.inspect`,
 * src/app/test-hooks.ts), printing each event an actor could not take on the console, where browser.ts
 * hears it. The production build carries none of this: the inspector's source travels in the init script.
 */
import { droppedEventInspector } from '../../src/app/dropped-events';

/** The console prefix of a report (browser.ts listens for it). */
export const DROPPED_EVENT_PREFIX = 'atelier:dropped-event';

/** The init script: the inspector, reporting `atelier:dropped-event {json}`, merged into the page's test hooks. */
export const droppedReportScript = `(() => {
  const inspect = (${droppedEventInspector.toString()})((dropped) =>
    console.warn(${JSON.stringify(DROPPED_EVENT_PREFIX)}, JSON.stringify(dropped)),
  );
  window.__atelierTest = { ...window.__atelierTest, inspect };
})();`;
