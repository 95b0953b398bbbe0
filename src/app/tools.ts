/**
 * A tool page's run in the app (RUNS-12 to RUNS-15): `useToolRun` opens the page's run in the keeper of the tool
 * pages' runs, which follows the session (a sign-out stops them, each is told the balance) and, through the root's
 * `runsToPageRuns` wiring, the runs tray (RUNS-14: each run decides itself whether to follow a listed run). The
 * run's real effects are src/flows/tools/tool-run.effects.ts.
 */
import { useEffect, useState } from 'react';
import { useSelector } from '@xstate/react';
import type { Actor, ActorRefFrom } from 'xstate';
import { pageRunId, pageRunsMachine } from '../flows/runs/page-runs.machine';
import { balanceIn, followSession } from '../flows/session/session.effects';
import type { Flow } from '../flows/shared/flow.effects';
import { showOnPage, toolRunFlow } from '../flows/tools/tool-run.effects';
import type { toolRunMachine } from '../flows/tools/tool-run.machine';
import type { Tool } from '../catalog/tools';
import { systemIds } from './app.machine';
import type { AppActor } from './create-app';
import { flowContext } from './flow-context';
import { useApp, useSession } from './provider';

export type ToolRunFlow = Flow<typeof toolRunMachine>;
export type ToolRunActor = Actor<typeof toolRunMachine>;
type PageRunsActor = ActorRefFrom<typeof pageRunsMachine>;

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
      logic: flow.create(flowContext(app)),
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
    if (!run) open();
    // `open` reads the session and the flow it closes over.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [run]);
  // RUNS-21: the run this page shows working ends here, not in a notice, while the page is in view.
  useEffect(() => (run ? showOnPage(app.system, run) : undefined), [app, run]);
  // Opened before the first render: there is always a run shown.
  return (run ?? shown)!;
}
