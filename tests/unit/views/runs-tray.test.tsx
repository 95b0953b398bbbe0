/**
 * The runs tray in a test actor system: the runs machine with fake calls, started the way the app starts
 * it (`app.start`), and its view: the button, the panel's rows, Cancel, the notices (RUNS-7 to RUNS-9).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fromPromise } from 'xstate';
import { runsMachine } from '../../../src/flows/runs/runs.machine';
import type { NotifyPermission, Run } from '../../../src/flows/runs/runs.types';
import { sessionToRuns } from '../../../src/app/runs';
import { systemIds } from '../../../src/app/app.machine';
import RunsTray from '../../../src/features/runs/RunsTray';
import { run } from '../../../src/flows/runs/runs.examples';
import { currentApp, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

const queued = run('r1', { status: 'queued', position: 2 });
const failed = run('r2', {
  toolKey: 'musicgen',
  prompt: 'a calm piano',
  status: 'failed',
  error: 'The provider failed',
  refunded: 13,
  finishedAt: '2026-11-23T12:00:05.000Z',
});

async function renderTray(reads: Run[][], cancel: (id: string) => Promise<unknown>) {
  const { app } = await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const listRuns = vi.fn(async () => reads.shift() ?? []);
  const cancelRun = vi.fn(async ({ input }: { input: { id: string } }) => cancel(input.id));
  const logic = runsMachine.provide({
    actors: {
      listRuns: fromPromise<readonly Run[]>(listRuns),
      cancelRun: fromPromise<unknown, { id: string }>(cancelRun),
      askPermission: fromPromise<NotifyPermission>(async () => 'granted'),
    },
  });
  app.send({ type: 'app.start', id: systemIds.runs, logic, input: { permission: 'default' }, follow: sessionToRuns });
  await renderWithRouter(
    <>
      <RunsTray part="button" />
      <RunsTray part="notices" />
    </>,
  );
  return { listRuns, cancelRun };
}

afterEach(cleanup);

describe('the runs tray', () => {
  it('RUNS-7, RUNS-8: the button says how many runs are active; the panel lists each with its state, message and credits', async () => {
    const { listRuns } = await renderTray([[queued, failed]], async () => ({}));
    const button = await screen.findByRole('button', { name: 'Runs, 1 active' });
    expect(listRuns).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Runs' });
    const rows = within(panel).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Text to Image');
    expect(rows[0]).toHaveTextContent('a lighthouse at dusk');
    expect(rows[0]).toHaveTextContent('2nd in queue');
    expect(within(rows[0]!).getByRole('button', { name: 'Cancel Text to Image' })).toBeEnabled();
    expect(rows[1]).toHaveTextContent('Music Generation');
    expect(rows[1]).toHaveTextContent('Failed');
    expect(rows[1]).toHaveTextContent('The provider failed');
    expect(rows[1]).toHaveTextContent('Your 13 credits have been returned.');
    expect(within(rows[1]!).queryByRole('button', { name: /Cancel/ })).toBeNull();
    expect(within(panel).getByRole('button', { name: 'Notify me when runs finish' })).toBeEnabled();
  });

  it('RUNS-8, RUNS-9: Cancel asks the server, reads the runs again, and the ended run becomes a notice until dismissed', async () => {
    const canceled = run('r1', {
      status: 'canceled',
      error: 'You canceled this run. Its credits have been returned.',
      refunded: 8,
    });
    const { cancelRun, listRuns } = await renderTray([[queued], [canceled]], async () => canceled);
    fireEvent.click(await screen.findByRole('button', { name: 'Runs, 1 active' }));
    const panel = await screen.findByRole('dialog', { name: 'Runs' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel Text to Image' }));
    await waitFor(() => expect(cancelRun).toHaveBeenCalledTimes(1));
    expect(cancelRun.mock.calls[0]![0].input).toEqual({ id: 'r1' });
    await waitFor(() => expect(listRuns).toHaveBeenCalledTimes(2));
    const notices = screen.getByRole('status', { name: 'Run notices', hidden: true });
    await waitFor(() => expect(notices).toHaveTextContent('Text to Image canceled Your 8 credits have been returned.'));
    await waitFor(() => expect(within(panel).getAllByRole('listitem')[0]).toHaveTextContent('Canceled'));
    fireEvent.click(within(notices).getByRole('button', { name: /^Dismiss/, hidden: true }));
    await waitFor(() => expect(notices).toBeEmptyDOMElement());
  });

  it('RUNS-9: a run a tool page started that ends before any read saw it working still becomes a notice', async () => {
    const done = run('r5', { toolKey: 'text-to-text', status: 'succeeded', output: 'Rain on the roof.' });
    const { listRuns } = await renderTray([[], [done]], async () => ({}));
    await screen.findByRole('button', { name: 'Runs' });
    // The tool page's start names its run; the tray reads at once and finds it already finished.
    const tray = currentApp().system.get(systemIds.runs) as { send: (event: object) => void };
    tray.send({ type: 'runs.refresh', started: 'r5' });
    await waitFor(() => expect(listRuns).toHaveBeenCalledTimes(2));
    const notices = await screen.findByRole('status', { name: 'Run notices' });
    await waitFor(() => expect(notices).toHaveTextContent('Text Generation finished'));
  });

  it("RUNS-8: a refused cancel becomes a notice with the server's message", async () => {
    await renderTray([[queued]], async () => {
      throw Object.assign(new Error('This run has already finished.'), { status: 409 });
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Runs, 1 active' }));
    const panel = await screen.findByRole('dialog', { name: 'Runs' });
    fireEvent.click(within(panel).getByRole('button', { name: 'Cancel Text to Image' }));
    const notices = screen.getByRole('status', { name: 'Run notices', hidden: true });
    await waitFor(() => expect(notices).toHaveTextContent('Text to Image: This run has already finished.'));
  });

  it('RUNS-8, RUNS-25: each row shows its bar and percentage while working, its place while queued, the time taken, a thumbnail and Open once done', async () => {
    const rows = [
      run('r1', { progress: 42.4 }),
      run('r2', { status: 'starting', prompt: 'a fox' }),
      run('r3', { status: 'queued', position: 1, prompt: 'an owl' }),
      run('r4', {
        status: 'succeeded',
        prompt: 'a boat',
        finishedAt: '2026-11-23T12:01:05.000Z',
        output: ['/files/outputs/r4.png'],
      }),
    ];
    await renderTray([rows], async () => ({}));
    fireEvent.click(await screen.findByRole('button', { name: 'Runs, 3 active' }));
    const panel = await screen.findByRole('dialog', { name: 'Runs' });
    const [known, unknown, queuedRow, done] = within(panel).getAllByRole('listitem');
    // A reported percentage fills the bar; without one the bar says only that the run works.
    const bar = within(known!).getByRole('progressbar', { name: 'Text to Image progress' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    // RUNS-25: its percentage beside the bar; the state line says it works.
    expect(bar.parentElement).toHaveTextContent('42%');
    expect(known).toHaveTextContent('In progress');
    expect(known).toHaveTextContent(/Working for \d/);
    const stripe = within(unknown!).getByRole('progressbar', { name: 'Text to Image progress' });
    expect(stripe).not.toHaveAttribute('aria-valuenow');
    expect(stripe).toHaveAttribute('aria-valuetext', 'Working');
    expect(stripe.parentElement).not.toHaveTextContent('%');
    expect(queuedRow).toHaveTextContent('1st in queue');
    expect(queuedRow).toHaveTextContent(/Waiting for \d/);
    expect(within(queuedRow!).queryByRole('progressbar')).toBeNull();
    expect(within(done!).queryByRole('progressbar')).toBeNull();
    expect(done).toHaveTextContent('Took 1 min 5 s');
    expect(done!.querySelector('img')).toHaveAttribute('src', '/files/outputs/r4.png');
    expect(within(done!).getByRole('link', { name: 'Open Text to Image result' })).toHaveAttribute(
      'href',
      '/creations/r4',
    );
  });

  it('RUNS-7: the panel is not modal: the page beside it stays in reach of assistive technology; Escape closes it', async () => {
    await renderTray([[queued]], async () => ({}));
    const button = await screen.findByRole('button', { name: 'Runs, 1 active' });
    fireEvent.click(button);
    const panel = await screen.findByRole('dialog', { name: 'Runs' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    // The notices beside the panel are not hidden from assistive technology.
    expect(screen.getByRole('status', { name: 'Run notices' })).toBeInTheDocument();
    fireEvent.keyDown(panel, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Runs' })).toBeNull());
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });
});
