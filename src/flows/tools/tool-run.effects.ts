/**
 * A tool run's real effects (TOOL-2, TOOL-33, TOOL-34, CREDITS-4): the generation calls of
 * endpoints.ts with the run's abort signal and the click's Idempotency-Key, the session for the
 * login dialog and the balance, and the page's scroll. The flow is built by defineFlow like every
 * flow; a tool page opens it with `useToolRun` (src/app/tools.ts), and the app keeps it (RUNS-12): it tells
 * each kept run the session's balance (`tool.balance`) and the runs the tray lists (`tool.listed`).
 */
import { fromPromise, type ActorRefFrom } from 'xstate';
import type { runsMachine } from '../runs/runs.machine';
import { reportCredits } from '../session/session.effects';
import { defineFlow, type FlowContext } from '../shared/flow.effects';
import { systemIds } from '../shared/system-ids';
import { toolRunImplementations, type ToolEffects } from './tool-effects';
import { toolRunMachine } from './tool-run.machine';
import { TOOL_RESULT_ID } from './tool-run.types';
import { toToolError } from './errors';
import { writeDraft } from './draft.effects';

async function rethrowing<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    throw toToolError(error);
  }
}

/**
 * Tells the runs tray, if it has started, to read the runs at once (a run has just started or ended: RUNS-7),
 * and to watch the run the answer names until it has ended (RUNS-9).
 */
export function refreshRuns(system: { get: (systemId: string) => unknown }, answer?: unknown): void {
  const id = (answer as { id?: unknown } | null)?.id;
  const tray = system.get(systemIds.runs) as ActorRefFrom<typeof runsMachine> | undefined;
  tray?.send(typeof id === 'string' && id !== '' ? { type: 'runs.refresh', started: id } : { type: 'runs.refresh' });
}

type PageRun = Pick<ActorRefFrom<typeof toolRunMachine>, 'getSnapshot' | 'subscribe'>;

/**
 * RUNS-21: while its tool page is in view, the page's run ends there, never in a notice. From the page's
 * mount to its unmount the tray is told the run it shows working (`runs.shown`: started there, or opened
 * again while it works); once the page goes, that its end is a notice again (`runs.unshown`). A start the
 * page left before the server answered it was never shown, and is told as a notice.
 */
export function showOnPage(system: { get: (systemId: string) => unknown }, run: PageRun): () => void {
  const tray = () => system.get(systemIds.runs) as ActorRefFrom<typeof runsMachine> | undefined;
  let told: string | null = null;
  const follow = (snapshot: ReturnType<PageRun['getSnapshot']>) => {
    const id = snapshot.context.predictionId;
    if (!id || id === told || !snapshot.matches('working')) return;
    told = id;
    tray()?.send({ type: 'runs.shown', ids: [id] });
  };
  follow(run.getSnapshot());
  const sub = run.subscribe(follow);
  return () => {
    sub.unsubscribe();
    if (told) tray()?.send({ type: 'runs.unshown', ids: [told] });
  };
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
        ).startGeneration(input.startOperation, input.body, {
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
    // 'Use these settings' / 'New seed' (CREATIONS-13, CREATIONS-14): the creation whose settings the form takes.
    getCreation: fromPromise(async ({ input, signal }) => (await api()).getCreation(input.id, { signal })),
    requireSignIn: () => session().send({ type: 'auth.required' }),
    keepDraft: (draft) => writeDraft(draft),
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
 * where a path test shortened them (the context's `delays`): defineFlow puts the
 * run's own, the children's are put here by their machine ids.
 */
export const toolRunFlow = defineFlow(toolRunMachine)((ctx) =>
  toolRunImplementations(toolEffects(ctx), {
    toolRequest: ctx.delays('toolRequest'),
    toolPoll: ctx.delays('toolPoll'),
    toolProgress: ctx.delays('toolProgress'),
  }),
);
