/**
 * A tool run's real effects (TOOL-2, TOOL-33, TOOL-34, CREDITS-4): the generation calls of
 * endpoints.ts with the run's abort signal and the click's Idempotency-Key, the session for the
 * login dialog and the balance, and the page's scroll. The flow is built by defineFlow like every
 * flow of src/app; a tool page opens it with `useToolRun`, and the app keeps it (RUNS-12).
 */
import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import { fromPromise, type Actor, type ActorRefFrom } from 'xstate';
import { pageRunId, pageRunsMachine } from '../flows/runs/page-runs.machine';
import { isActive, type Run } from '../flows/runs/runs.types';
import { toolRunImplementations, type ToolEffects } from '../flows/tools/effects';
import { toolRunMachine } from '../flows/tools/tool-run.machine';
import type { ToolError } from '../flows/tools/tool-run.types';
import type { Tool } from '../catalog/tools';
import { systemIds, type RunsActor } from './app.machine';
import { defineFlow, type Flow, type FlowContext } from './flow';
import type { AppActor } from './create-app';
import { followSession } from './follow-session';
import { useApp, useSession } from './provider';
import { reportCredits, type SessionActor } from './session';
import { testDelays } from './test-hooks';

export type ToolRunFlow = Flow<typeof toolRunMachine>;
export type ToolRunActor = Actor<typeof toolRunMachine>;
type PageRunsActor = ActorRefFrom<typeof pageRunsMachine>;

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

/**
 * Tells the runs tray, if it has started, to read the runs at once (a run has just started or ended: RUNS-7),
 * and to watch the run the answer names until it has ended (RUNS-9).
 */
export function refreshRuns(system: { get: (systemId: string) => unknown }, answer?: unknown): void {
  const id = (answer as { id?: unknown } | null)?.id;
  const tray = system.get(systemIds.runs) as RunsActor | undefined;
  tray?.send(typeof id === 'string' && id !== '' ? { type: 'runs.refresh', started: id } : { type: 'runs.refresh' });
}

/** The effects of every tool run of this app, from the flow's context (read when an effect runs). */
export function toolEffects({
  api,
  session,
  window: win,
}: Pick<FlowContext, 'api' | 'session' | 'window'>): ToolEffects {
  // The one path of a balance: straight to the session, which the badges and the runs read (CREDITS-3).
  const creditsChanged = (credits: number) => reportCredits(session(), credits);
  return {
    generateSync: fromPromise(({ input, signal }) =>
      rethrowing(async () => {
        const answer = await (await api()).generateImage(input.body, { signal, idempotencyKey: input.idempotencyKey });
        // The run has ended by now: the tray lists it as finished lately (RUNS-5).
        refreshRuns(session().system, answer);
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
        refreshRuns(session().system, answer);
        return answer;
      }),
    ),
    fetchPrediction: fromPromise(({ input, signal }) =>
      rethrowing(async () => (await api()).getPrediction(input.id, { signal })),
    ),
    // A picture that is already stored (a creation's settings put its signed address in the form: CREATIONS-13)
    // is not uploaded again: the server reads it by that address.
    upload: fromPromise(({ input, signal }) =>
      /^(https?:\/\/[^/]+)?\/files\/uploads\//.test(input.image)
        ? Promise.resolve({ url: input.image })
        : rethrowing(async () => (await api()).upload(input.image, { signal })),
    ),
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
 * 800 ms, the tool's poll interval, retry pause 2 s, the tool's time-out, scroll 100 ms) except on a page
 * where a path test shortened them (src/app/test-hooks.ts): defineFlow puts the
 * run's own, the children's are put here by their machine ids.
 */
export const toolRunFlow = defineFlow(toolRunMachine)((ctx) =>
  toolRunImplementations(toolEffects(ctx), {
    toolRequest: testDelays('toolRequest'),
    toolPoll: testDelays('toolPoll'),
    toolProgress: testDelays('toolProgress'),
  }),
);

/** What a run reads of the session: signed in or not, and the balance. */
const balanceIn = (snapshot: ReturnType<SessionActor['getSnapshot']>) => ({
  signedIn: snapshot.hasTag('signedIn'),
  credits: snapshot.context.user?.credits ?? 0,
});

/**
 * The tool pages' runs follow the session: a sign-out stops and forgets them (RUNS-13), and every run kept is
 * told the session's balance as it changes (`tool.balance`): the one path of a balance from the session into
 * a run, whether its page shows or not.
 */
const sessionToPageRuns = followSession(
  (system, signedIn) =>
    (system.get(systemIds.pageRuns) as PageRunsActor).send({
      type: signedIn ? 'session.signedIn' : 'session.signedOut',
    }),
  (system, snapshot) => {
    const keeper = system.get(systemIds.pageRuns) as PageRunsActor | undefined;
    const balance = balanceIn(snapshot);
    for (const run of Object.values(keeper?.getSnapshot().children ?? {}) as ToolRunActor[]) {
      const { signedIn, credits } = run.getSnapshot().context;
      if (signedIn !== balance.signedIn || credits !== balance.credits) run.send({ type: 'tool.balance', ...balance });
    }
  },
);

/** The tool pages' runs of `app` (RUNS-12): started with the first tool page, following the session (RUNS-13). */
function pageRunsOf(app: AppActor): PageRunsActor {
  if (!app.system.get(systemIds.pageRuns))
    app.send({
      type: 'app.start',
      id: systemIds.pageRuns,
      logic: pageRunsMachine,
      input: undefined,
      follow: sessionToPageRuns,
    });
  return app.system.get(systemIds.pageRuns) as PageRunsActor;
}

/**
 * RUNS-14: while the page's run is still on its first form, the first run of this tool that the runs tray
 * lists as queued or in progress (after a reload the tray reads them from the server) is followed there.
 * The watch ends once the page's run has left its first form: 'Generate Another' never brings it back.
 */
function followListedRun(app: AppActor, tool: Tool<string>, run: ToolRunActor): () => void {
  if (tool.run.call === 'single' || !run.getSnapshot().matches({ form: 'idle' })) return () => {};
  let listed: { unsubscribe: () => void } | undefined;
  const offer = (runs: readonly Run[]) => {
    const working = runs.find((r) => r.toolKey === tool.key && isActive(r));
    const event = { type: 'tool.resume' as const, id: working?.id ?? '', prompt: working?.prompt ?? '' };
    if (working && run.getSnapshot().can(event)) run.send(event);
  };
  const attach = () => {
    const tray = app.system.get(systemIds.runs) as RunsActor | undefined;
    if (listed || !tray) return;
    listed = tray.subscribe((snapshot) => offer(snapshot.context.runs));
    offer(tray.getSnapshot().context.runs);
  };
  const started = app.subscribe(attach);
  attach();
  const stop = () => {
    started.unsubscribe();
    listed?.unsubscribe();
    left.unsubscribe();
  };
  const left = run.subscribe((snapshot) => {
    if (!snapshot.matches({ form: 'idle' })) stop();
  });
  return stop;
}

/**
 * The page's run, kept by the app (RUNS-12): the first visit opens it with the session's current view
 * (signed in, balance); leaving the page leaves it working, and a later visit shows it as it stands. The app
 * keeps it in step with the session (`tool.balance`, sessionToPageRuns), not the page. After a sign-out has
 * stopped it (RUNS-13) the page opens a new one.
 */
export function useToolRun(tool: Tool<string>, flow: ToolRunFlow = toolRunFlow): ToolRunActor {
  const app = useApp();
  const session = useSession();
  const [keeper] = useState(() => pageRunsOf(app));
  const open = () =>
    keeper.send({
      type: 'pageRuns.open',
      key: tool.key,
      logic: flow.create(app),
      input: { tool, ...balanceIn(session.getSnapshot()) },
    });
  // Opened before the first render reads it (a kept run is left as it is).
  useState(open);
  const run = useSelector(keeper, (s) => (s.children as Record<string, ToolRunActor | undefined>)[pageRunId(tool.key)]);
  // Between a sign-out that stopped the run and the new one the effect opens, the page keeps showing the
  // stopped run's last state for one render, so nothing below it (the batch form) is unmounted.
  const [shown, setShown] = useState(run);
  if (run && run !== shown) setShown(run);
  useEffect(() => {
    if (!run) {
      open();
      return;
    }
    return followListedRun(app, tool, run);
    // `open` reads the session and the flow it closes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);
  // Opened before the first render: there is always a run shown.
  return (run ?? shown)!;
}

/** The aspect-ratio presets of a page, sizes already rounded to multiples of 8 (TOOL-36, TOOL-37). */
export { aspectPresets } from '../flows/tools/aspect';

/** Whether the Generate button may be pressed (the run's own selector). */
export { generateEnabled } from '../flows/tools/tool-run.machine';
export type { AspectReading } from '../flows/tools/tool-run.types';
