/**
 * A tool run's real effects (TOOL-2, TOOL-33, TOOL-34, CREDITS-4): the generation calls of
 * endpoints.ts with the run's abort signal and the click's Idempotency-Key, the session for the
 * login dialog and the balance, and the page's scroll. The flow is built by defineFlow like every
 * flow of src/app; a tool page starts it with `useToolRun`.
 */
import { useEffect } from 'react';
import { fromPromise, type Actor } from 'xstate';
import { toolRunImplementations, type ToolEffects } from '../../machines/tools/effects';
import { toolRunMachine } from '../../machines/tools/tool-run.machine';
import type { ToolError } from '../../machines/tools/tool-run.types';
import type { Tool } from '../catalog/tools';
import { systemIds, type RunsActor } from './app.machine';
import { defineFlow, type Flow, type FlowContext } from './flow';
import { useFlow, useSession } from './provider';
import { dispatchCredits } from './session';
import { testDelays } from './test-delays';

export type ToolRunFlow = Flow<typeof toolRunMachine>;
export type ToolRunActor = Actor<typeof toolRunMachine>;

/** The id the result view carries, so the run can scroll it into view. */
export const TOOL_RESULT_ID = 'tool-result';

/** What the machines read of a failure: {status, message, name} (machines/tools/errors.ts). */
export function asToolError(error: unknown): ToolError {
  if (typeof error !== 'object' || error === null) return { message: typeof error === 'string' ? error : '' };
  const { status, message, name, fromServer } = error as {
    status?: unknown;
    message?: unknown;
    name?: unknown;
    fromServer?: unknown;
  };
  return {
    // The client's own 'Network response was not ok' (a reply without a message) is not the
    // server's error: the run shows its own fallback instead (TOOL-29) (src/api/client.ts, fromServer).
    message: typeof message === 'string' && fromServer !== false ? message : '',
    ...(typeof status === 'number' ? { status } : {}),
    ...(name === 'AbortError' || name === 'TimeoutError' ? { name } : {}),
  };
}

async function rethrowing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw asToolError(error);
  }
}

/** Tells the runs tray, if it has started, to read the runs at once (a run has just started or ended: RUNS-7). */
export function refreshRuns(system: { get: (systemId: string) => unknown }): void {
  (system.get(systemIds.runs) as RunsActor | undefined)?.send({ type: 'runs.refresh' });
}

/** The effects of every tool run of this app, from the flow's context (read when an effect runs). */
export function toolEffects({
  api,
  session,
  window: win,
}: Pick<FlowContext, 'api' | 'session' | 'window'>): ToolEffects {
  // The one path of a balance into the session: the window's 'creditsUpdated' (CREDITS-3).
  const creditsChanged = (credits: number) => dispatchCredits(win(), credits);
  return {
    generateSync: fromPromise(({ input, signal }) =>
      rethrowing(async () => {
        const answer = await (await api()).generateImage(input.body, { signal, idempotencyKey: input.idempotencyKey });
        // The run has ended by now: the tray lists it as finished lately (RUNS-5).
        refreshRuns(session().system);
        return answer;
      }),
    ),
    startGeneration: fromPromise(({ input, signal }) =>
      rethrowing(async () => {
        const answer = await (
          await api()
        ).startGeneration(input.endpoint, input.body, {
          signal,
          idempotencyKey: input.idempotencyKey,
        });
        // RUNS-7: the tray shows the new run at once, and follows it from there.
        refreshRuns(session().system);
        return answer;
      }),
    ),
    fetchPrediction: fromPromise(({ input, signal }) =>
      rethrowing(async () => (await api()).getPrediction(input.id, { signal })),
    ),
    upload: fromPromise(({ input, signal }) => rethrowing(async () => (await api()).upload(input.image, { signal }))),
    requireSignIn: () => session().send({ type: 'auth.required' }),
    creditsChanged,
    refreshCredits: () => {
      api()
        .then((endpoints) => endpoints.getCredits())
        .then(
          ({ credits }) => creditsChanged(credits),
          (error: unknown) => console.error('Failed to fetch credits', error),
        );
    },
    scrollToResult: () => {
      // An action that throws would stop the run; a DOM without scrollIntoView (jsdom) just skips it.
      const element = win().document.getElementById(TOOL_RESULT_ID);
      // A person who asks for reduced motion gets a jump, not an animated scroll (WCAG 2.3.3).
      const reduced = win().matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      if (typeof element?.scrollIntoView !== 'function') return;
      const scroll = () => element.scrollIntoView({ behavior: reduced ? 'instant' : 'smooth', block: 'start' });
      scroll();
      // A picture or clip still loading grows the page after this scroll: once it has its size, scroll again.
      const image = element.querySelector('img');
      if (image && !image.complete) image.addEventListener('load', scroll, { once: true });
      const video = element.querySelector('video');
      if (video && video.readyState < 1) video.addEventListener('loadedmetadata', scroll, { once: true });
    },
  };
}

/**
 * The tool-run flow with the app's real effects. The machines keep their own delays (progress tick
 * 800 ms, the tool's poll interval, retry pause 2 s, the tool's time-out, scroll 100 ms) except in the
 * end-to-end build, where a path test may shorten them (src/app/test-delays.ts): defineFlow puts the
 * run's own, the children's are put here by their machine ids.
 */
export const toolRunFlow = defineFlow(toolRunMachine)((ctx) =>
  toolRunImplementations(toolEffects(ctx), {
    toolRequest: testDelays('toolRequest'),
    toolPoll: testDelays('toolPoll'),
    toolProgress: testDelays('toolProgress'),
  }),
);

/**
 * The page's run: started with the session's current view (signed in, balance) and kept in step
 * with it through `tool.balance`; it stops, aborting what is in flight, when the page goes.
 */
export function useToolRun(tool: Tool<string>, flow: ToolRunFlow = toolRunFlow): ToolRunActor {
  const session = useSession();
  const balance = () => {
    const snapshot = session.getSnapshot();
    return { signedIn: snapshot.hasTag('signedIn'), credits: snapshot.context.user?.credits ?? 0 };
  };
  const run = useFlow(flow, { input: { tool, ...balance() } });
  useEffect(() => {
    let last = balance();
    run.send({ type: 'tool.balance', ...last });
    const subscription = session.subscribe(() => {
      const next = balance();
      if (next.signedIn === last.signedIn && next.credits === last.credits) return;
      last = next;
      run.send({ type: 'tool.balance', ...next });
    });
    return () => subscription.unsubscribe();
    // `balance` reads the session it closes over; the subscription is the session's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run, session]);
  return run;
}

/** The aspect-ratio presets of a page, sizes already rounded to multiples of 8 (TOOL-36, TOOL-37). */
export { aspectPresets } from '../../machines/tools/aspect';

/** Whether the Generate button may be pressed (the run's own selector). */
export { generateEnabled } from '../../machines/tools/tool-run.machine';
export type { AspectReading } from '../../machines/tools/tool-run.types';
