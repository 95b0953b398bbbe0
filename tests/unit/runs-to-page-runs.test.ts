/**
 * RUNS-14 wiring (forwardRunsToPageRuns, src/app/app.machine.ts): what the runs tray lists reaches the tool
 * pages' runs the keeper holds, whether the run was opened before or after the list; each run's own guard
 * decides whether it follows one.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { assign, createActor, setup, type Actor, type AnyActor } from 'xstate';
import { forwardRunsToPageRuns } from '../../src/app/app.machine';
import { pageRunId, pageRunsMachine } from '../../src/flows/runs/page-runs.machine';
import { run as listedRun } from '../../src/flows/runs/runs.examples';
import type { Run } from '../../src/flows/runs/runs.types';
import { withToolEffects } from '../../src/flows/tools/tool-effects';
import type { toolRunMachine } from '../../src/flows/tools/tool-run.machine';
import { toolByKey, type ToolKey } from '../../src/catalog/tools';
import { testEffects } from '../flows/tools/run.harness';

/** A tray that lists what the test gives it. */
const trayMachine = setup({
  types: { context: {} as { runs: readonly Run[] }, events: {} as { type: 'list'; runs: readonly Run[] } },
}).createMachine({ context: { runs: [] }, on: { list: { actions: assign({ runs: ({ event }) => event.runs }) } } });

const started: AnyActor[] = [];
const start = <T extends AnyActor>(actor: T): T => {
  started.push(actor);
  actor.start();
  return actor;
};

afterEach(() => {
  for (const actor of started.splice(0)) actor.stop();
});

function system() {
  const tray = start(createActor(trayMachine));
  const keeper = start(createActor(pageRunsMachine));
  const open = (key: ToolKey) => {
    keeper.send({
      type: 'pageRuns.open',
      key,
      logic: withToolEffects(testEffects({}).effects),
      input: { tool: toolByKey(key), signedIn: true, credits: 5000 },
    });
    return (keeper.getSnapshot().children as Record<string, unknown>)[pageRunId(key)] as Actor<typeof toolRunMachine>;
  };
  return { tray, keeper, open };
}

describe('the runs the tray lists reach the tool pages’ runs (RUNS-14)', () => {
  it('a run on its first, blank form follows the listed run of its tool, opened before or after the list', () => {
    const { tray, keeper, open } = system();
    const stop = forwardRunsToPageRuns(tray, keeper);
    const text = open('text-to-text');
    tray.send({ type: 'list', runs: [listedRun('t1', { toolKey: 'text-to-text', prompt: 'a calm sea' })] });
    expect(text.getSnapshot().value).toEqual({ working: 'polling' });
    expect(text.getSnapshot().context).toMatchObject({ prompt: 'a calm sea', predictionId: 't1' });

    tray.send({ type: 'list', runs: [listedRun('v1', { toolKey: 'text-to-video', status: 'queued' })] });
    const video = open('text-to-video');
    expect(video.getSnapshot().value).toEqual({ working: 'polling' });
    expect(video.getSnapshot().context.predictionId).toBe('v1');
    stop();
  });

  it('a run whose form was touched keeps it; once stopped, the wiring sends nothing more', () => {
    const { tray, keeper, open } = system();
    const stop = forwardRunsToPageRuns(tray, keeper);
    const text = open('text-to-text');
    text.send({ type: 'tool.prompt', prompt: 'my own words' });
    tray.send({ type: 'list', runs: [listedRun('t1', { toolKey: 'text-to-text' })] });
    expect(text.getSnapshot().value).toEqual({ form: 'idle' });
    stop();
    const video = open('text-to-video');
    tray.send({ type: 'list', runs: [listedRun('v1', { toolKey: 'text-to-video' })] });
    expect(video.getSnapshot().value).toEqual({ form: 'idle' });
  });
});
