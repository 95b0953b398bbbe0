/**
 * "One prompt per line" on a tool page (RUNS-16 to RUNS-18): the real toolBatch flow with the app's real
 * effects (src/app/tool-batch.ts) over fake endpoints, beside the page's real run whose settings it shares.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toolByKey, type Tool } from '../../../src/catalog';
import { toolBatchFlow } from '../../../src/flows/tools/tool-batch.effects';
import { useToolRun } from '../../../src/app/tools';
import { toolRunFlow } from '../../../src/flows/tools/tool-run.effects';
import { BatchMode } from '../../../src/features/tools/BatchForm';
import { AspectPresets } from '../../../src/features/tools/ToolForm';
import { fromPromise } from 'xstate';
import { runsMachine } from '../../../src/flows/runs/runs.machine';
import type { NotifyPermission, Run } from '../../../src/flows/runs/runs.types';
import { run } from '../../../src/flows/runs/runs.examples';
import { sessionToRuns } from '../../../src/app/runs';
import { systemIds } from '../../../src/app/app.machine';
import RunsTray from '../../../src/features/runs/RunsTray';
import { twoEnded, twoWorking } from '../../../src/flows/tools/tools.examples';
import { currentApp, currentSession, fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

function Page({ tool, api }: { tool: Tool<string>; api: ReturnType<typeof fakeApi> }) {
  const run = useToolRun(tool, toolRunFlow.with({ api }));
  return (
    <BatchMode tool={tool} run={run} flow={toolBatchFlow.with({ api })}>
      <form aria-label="One-run form">
        {tool.run.aspect ? <AspectPresets run={run} reading={tool.run.aspect} /> : null}
      </form>
    </BatchMode>
  );
}

async function renderBatch(key: 'text-to-image' | 'image-to-image', startBatch = vi.fn()) {
  await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const api = fakeApi({ startBatch } as never);
  await renderWithRouter(<Page tool={toolByKey(key)} api={api} />);
  return startBatch;
}

const toggle = () => screen.getByRole('checkbox', { name: 'One prompt per line' });
const typePrompts = (value: string) =>
  fireEvent.change(screen.getByLabelText('Prompts, one per line'), { target: { value } });

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('a batch of prompts on a tool page', () => {
  it('RUNS-16: only on the tools that take one; off by default, the one-run form shown', async () => {
    await renderBatch('image-to-image');
    expect(screen.queryByRole('checkbox', { name: 'One prompt per line' })).toBeNull();
    cleanup();
    await renderBatch('text-to-image');
    expect(toggle()).not.toBeChecked();
    expect(screen.getByRole('form', { name: 'One-run form' })).toBeVisible();
    fireEvent.click(toggle());
    expect(screen.queryByRole('form', { name: 'One-run form' })).toBeNull();
    expect(screen.getByLabelText('Prompts, one per line')).toBeVisible();
  });

  it('RUNS-16: the cost follows the prompts as typed; more than 10 is refused with the count', async () => {
    const startBatch = await renderBatch('text-to-image');
    fireEvent.click(toggle());
    typePrompts('a fox\n\n  \n a lighthouse ');
    expect(screen.getByTestId('batch-cost')).toHaveTextContent('2 prompts × 8 credits = 16 credits');
    expect(screen.getByTestId('batch-cost')).toHaveAttribute('aria-live', 'polite');
    typePrompts(Array.from({ length: 12 }, (_, i) => `p${i}`).join('\n'));
    fireEvent.click(screen.getByRole('button', { name: 'Start batch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many prompts (at most 10 per batch, you have 12).');
    expect(startBatch).not.toHaveBeenCalled();
  });

  it('RUNS-17, RUNS-18: Start sends the prompts with the page’s settings and a key; the page says what started, the balance follows', async () => {
    const startBatch = vi.fn(async () => ({
      runs: [
        { id: 'b1', status: 'processing' },
        { id: 'b2', status: 'queued', position: 1 },
      ],
      credits: 2484,
    }));
    await renderBatch('text-to-image', startBatch);
    // A setting chosen in the one-run form is shared by the batch.
    fireEvent.click(screen.getByRole('button', { name: /^Portrait \(/ }));
    fireEvent.click(toggle());
    expect(screen.getByRole('button', { name: /^Portrait \(/ })).toHaveAttribute('aria-pressed', 'true');
    typePrompts('a fox\na lighthouse');
    fireEvent.click(screen.getByRole('button', { name: 'Start batch' }));
    const form = screen.getByRole('form', { name: 'Batch form' });
    await waitFor(() =>
      expect(within(form).getByRole('status')).toHaveTextContent('Started 2 runs: 1 in progress, 1 queued.'),
    );
    expect(startBatch).toHaveBeenCalledTimes(1);
    const [body, options] = startBatch.mock.calls[0] as unknown as [unknown, { idempotencyKey: string }];
    // The tool's defaults and the chosen aspect ratio, as one run sends them, without a prompt of its own.
    const tool = toolByKey('text-to-image');
    expect(body).toEqual({
      modelId: tool.id,
      prompts: ['a fox', 'a lighthouse'],
      input: { ...tool.defaultParams, width: 832, height: 1216, aspect_ratio: '2:3' },
    });
    expect(options.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(currentSession().getSnapshot().context.user?.credits).toBe(2484));
  });

  it("RUNS-18: the server's refusal shows as it says it", async () => {
    const startBatch = vi.fn(async () => {
      throw Object.assign(new Error('You already have 4 runs in progress. Wait for one to finish, then try again.'), {
        status: 429,
      });
    });
    await renderBatch('text-to-image', startBatch);
    fireEvent.click(toggle());
    typePrompts('a fox');
    fireEvent.click(screen.getByRole('button', { name: 'Start batch' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You already have 4 runs in progress. Wait for one to finish, then try again.',
    );
  });
});

/** The runs tray in the app's system (as the shell starts it), each read answering the next of `reads`. */
function startTray(reads: Run[][]) {
  const listRuns = vi.fn(async () => (reads.length > 1 ? reads.shift()! : (reads[0] ?? [])));
  const logic = runsMachine.provide({
    actors: {
      listRuns: fromPromise<readonly Run[]>(listRuns),
      cancelRun: fromPromise<unknown, { id: string }>(async () => ({})),
      askPermission: fromPromise<NotifyPermission>(async () => 'granted'),
    },
    // Read only when the test asks: the pause between reads is longer than the test.
    delays: { refreshInterval: 60_000 },
  });
  const app = currentApp();
  app.send({ type: 'app.start', id: systemIds.runs, logic, input: { permission: 'default' }, follow: sessionToRuns });
  return { listRuns, tray: app.system.get(systemIds.runs) as { send: (event: object) => void } };
}

describe('the grid of a batch', () => {
  it('RUNS-24, RUNS-21: a tile per prompt in order, following the tray to its picture or its error, and no notice while it shows', async () => {
    const startBatch = vi.fn(async () => ({
      runs: [
        { id: 'b1', status: 'processing' },
        { id: 'b2', status: 'processing' },
      ],
      credits: 2484,
    }));
    await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    const { listRuns, tray } = startTray([[], twoWorking, twoEnded]);
    const api = fakeApi({ startBatch } as never);
    await renderWithRouter(
      <>
        <Page tool={toolByKey('text-to-image')} api={api} />
        <RunsTray part="notices" />
      </>,
    );
    await waitFor(() => expect(listRuns).toHaveBeenCalledTimes(1));
    fireEvent.click(toggle());
    typePrompts('a lighthouse at dusk\na fox in the snow');
    fireEvent.click(screen.getByRole('button', { name: 'Start batch' }));
    // The tray reads at once: the first tile works (40%), the second waits its turn.
    const grid = await screen.findByRole('list', { name: 'Batch runs' });
    await waitFor(() => expect(listRuns).toHaveBeenCalledTimes(2));
    const tiles = () => within(grid).getAllByRole('listitem');
    await waitFor(() => expect(tiles()[1]).toHaveTextContent('Queued · place 1'));
    expect(tiles().map((t) => t.getAttribute('aria-label'))).toEqual([
      'Prompt 1: a lighthouse at dusk',
      'Prompt 2: a fox in the snow',
    ]);
    expect(within(tiles()[0]!).getByRole('progressbar', { name: 'Prompt 1 progress' })).toHaveAttribute(
      'aria-valuenow',
      '40',
    );
    expect(within(tiles()[1]!).queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Download all' })).toBeNull();
    // The next read: the first has its picture with Download and Open, the second its error.
    tray.send({ type: 'runs.refresh' });
    await waitFor(() => expect(tiles()[0]!.querySelector('img')).toHaveAttribute('src', '/files/outputs/b1.png'));
    expect(within(tiles()[0]!).getByRole('link', { name: 'Download Prompt 1' })).toHaveAttribute(
      'href',
      '/files/outputs/b1.png',
    );
    expect(within(tiles()[0]!).getByRole('link', { name: 'Open Prompt 1' })).toHaveAttribute('href', '/creations/b1');
    expect(tiles()[1]).toHaveTextContent('The provider failed');
    expect(within(grid).queryAllByRole('progressbar')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Download all' })).toBeEnabled();
    // RUNS-21: the page in view shows them: the notices say nothing of them.
    expect(screen.getByRole('status', { name: 'Run notices' })).toBeEmptyDOMElement();
  });

  it('RUNS-22: the batch’s notice, once its page is gone: its count, its picture and Open', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    const done = (id: string) =>
      run(id, { status: 'succeeded', output: `/files/outputs/${id}.png`, finishedAt: '2026-11-23T12:00:05.000Z' });
    const { listRuns, tray } = startTray([[], [run('b1'), run('b2')], [done('b1'), done('b2')]]);
    await renderWithRouter(<RunsTray part="notices" />);
    await waitFor(() => expect(listRuns).toHaveBeenCalledTimes(1));
    tray.send({ type: 'runs.batch', ids: ['b1', 'b2'] });
    tray.send({ type: 'runs.unshown', ids: ['b1', 'b2'] });
    await waitFor(() => expect(listRuns).toHaveBeenCalledTimes(2));
    tray.send({ type: 'runs.refresh' });
    const notices = screen.getByRole('status', { name: 'Run notices' });
    await waitFor(() => expect(notices).toHaveTextContent('Text to Image: 2 of 2 finished'));
    expect(within(notices).getAllByRole('button', { name: /^Dismiss/ })).toHaveLength(1);
    expect(notices.querySelector('img')).toHaveAttribute('src', '/files/outputs/b1.png');
    expect(within(notices).getByRole('link', { name: 'Open: Text to Image: 2 of 2 finished' })).toHaveAttribute(
      'href',
      '/creations',
    );
  });

  it('RUNS-23: the pointer or the focus on the notices holds them; leaving lets them close', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    startTray([[]]);
    await renderWithRouter(<RunsTray part="notices" />);
    const runs = currentApp().system.get(systemIds.runs) as {
      getSnapshot: () => { matches: (value: object) => boolean };
    };
    const held = () => runs.getSnapshot().matches({ signedIn: { notices: 'held' } });
    const notices = screen.getByRole('status', { name: 'Run notices' });
    fireEvent.pointerEnter(notices);
    await waitFor(() => expect(held()).toBe(true));
    fireEvent.pointerLeave(notices);
    await waitFor(() => expect(held()).toBe(false));
    fireEvent.focus(notices);
    await waitFor(() => expect(held()).toBe(true));
    fireEvent.blur(notices);
    await waitFor(() => expect(held()).toBe(false));
  });
});
