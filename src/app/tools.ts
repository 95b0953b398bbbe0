/**
 * A tool run's real effects (spec §4 Tool page, §7 Generation calls): the generation calls of
 * endpoints.ts with the run's abort signal and the click's Idempotency-Key, the session for the
 * login dialog and the balance, and the page's scroll. A tool page starts it with `useToolRun`.
 */
import { useEffect } from 'react';
import { fromPromise, type Actor } from 'xstate';
import { withToolEffects, type ToolEffects } from '../../machines/tools/effects';
import type { ToolError } from '../../machines/tools/tool-run.types';
import type { Tool } from '../catalog/tools';
import { createApiClient } from '../api/client';
import { createEndpoints, type Endpoints } from '../api/endpoints';
import { sessionCredentials } from './api';
import type { AppActor } from './create-app';
import { sessionOf } from './flow';
import { useFlow, useSession } from './provider';
import { dispatchCredits } from './session';
import { testDelays } from './test-delays';

export type ToolRunLogic = ReturnType<typeof withToolEffects>;
export type ToolRunActor = Actor<ToolRunLogic>;

type ToolEndpoints = Pick<Endpoints, 'generateImage' | 'startGeneration' | 'getPrediction' | 'upload' | 'getCredits'>;

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
    // server's error: the run shows its spec §8 fallback instead (src/api/client.ts, fromServer).
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

export interface ToolEffectDeps {
  endpoints?: ToolEndpoints;
  /** Window for the 'creditsUpdated' event and the result's scroll. */
  target?: Window;
}

/** The effects of every tool run of this app, as `withToolEffects` takes them. */
export function toolEffects(
  app: AppActor,
  { endpoints = createEndpoints(createApiClient(sessionCredentials(app.system))), target }: ToolEffectDeps = {},
): ToolEffects {
  const win = () => target ?? window;
  // The one path of a balance into the session: the window's 'creditsUpdated' (spec §4).
  const creditsChanged = (credits: number) => dispatchCredits(win(), credits);
  return {
    generateSync: fromPromise(({ input, signal }) =>
      rethrowing(() => endpoints.generateImage(input.body, { signal, idempotencyKey: input.idempotencyKey })),
    ),
    startGeneration: fromPromise(({ input, signal }) =>
      rethrowing(() =>
        endpoints.startGeneration(input.endpoint, input.body, { signal, idempotencyKey: input.idempotencyKey }),
      ),
    ),
    fetchPrediction: fromPromise(({ input, signal }) =>
      rethrowing(() => endpoints.getPrediction(input.id, { signal })),
    ),
    upload: fromPromise(({ input, signal }) => rethrowing(() => endpoints.upload(input.image, { signal }))),
    requireSignIn: () => sessionOf(app).send({ type: 'auth.required' }),
    creditsChanged,
    refreshCredits: () => {
      endpoints.getCredits().then(
        ({ credits }) => creditsChanged(credits),
        (error: unknown) => console.error('Failed to fetch credits', error),
      );
    },
    scrollToResult: () => {
      // An action that throws would stop the run; a DOM without scrollIntoView (jsdom) just skips it.
      const element = win().document.getElementById(TOOL_RESULT_ID);
      // A person who asks for reduced motion gets a jump, not an animated scroll (WCAG 2.3.3).
      const reduced = win().matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
      if (typeof element?.scrollIntoView === 'function')
        element.scrollIntoView({ behavior: reduced ? 'instant' : 'smooth', block: 'start' });
    },
  };
}

/**
 * The tool-run flow with the app's real effects. The machines keep their own delays (progress tick
 * 800 ms, the tool's poll interval, retry pause 2 s, the tool's time-out, scroll 100 ms) except in the
 * end-to-end build, where a path test may shorten them (src/app/test-delays.ts).
 */
export type ToolRunFlow = (app: AppActor) => ToolRunLogic;

function appOf(app: AppActor | null): AppActor {
  if (!app) throw new Error('This flow needs an <AppProvider> around the view');
  return app;
}

export const toolRunFlow: ToolRunFlow = (app) =>
  withToolEffects(toolEffects(app), {
    toolRun: testDelays('toolRun'),
    toolRequest: testDelays('toolRequest'),
    toolPoll: testDelays('toolPoll'),
    toolProgress: testDelays('toolProgress'),
  });

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
  // Until the tool definitions land, the tool run keeps its shape (a function of the app); useFlow takes it
  // as it takes every flow, by its `create`.
  const run = useFlow({ create: (app) => flow(appOf(app)) }, { input: { tool, ...balance() } });
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

/** The aspect-ratio presets of a page, sizes already rounded to multiples of 8 (spec §9). */
export { aspectPresets } from '../../machines/tools/aspect';

/** Whether the Generate button may be pressed (the run's own selector). */
export { generateEnabled } from '../../machines/tools/tool-run.machine';
export type { AspectReading } from '../../machines/tools/tool-run.types';
