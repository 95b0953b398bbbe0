/**
 * A tool page's run belongs to the app (RUNS-12, RUNS-13): left while it works, the page opened again shows the
 * same run, still working, its call never aborted; a sign-out stops it and the page opens blank. The real
 * toolRun flow with the app's real effects over fake endpoints whose image call never answers.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ActorRefFrom } from 'xstate';
import { pageRunId, type pageRunsMachine } from '../../../src/flows/runs/page-runs.machine';
import { systemIds } from '../../../src/app/app.machine';
import type { ToolRunActor } from '../../../src/app/tools';
import { toolRunFlow } from '../../../src/flows/tools/tool-run.effects';
import { ToolPage } from '../../../src/features/tools/ToolPage';
import { currentApp, currentSession, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function heldEndpoints() {
  const signals: AbortSignal[] = [];
  return {
    signals,
    generateImage: vi.fn((_body: unknown, options: { signal: AbortSignal }) => {
      signals.push(options.signal);
      return new Promise<never>(() => {});
    }),
    getCredits: vi.fn(async () => ({ credits: 2495 })),
  };
}

async function openPage(api: ReturnType<typeof heldEndpoints>) {
  const flow = toolRunFlow.with({ api: async () => api as never });
  await renderWithRouter(<ToolPage toolKey="text-to-image" flow={flow} />);
  await screen.findByRole('heading', { level: 1, name: 'Text to Image' });
}

type PageRunsActor = ActorRefFrom<typeof pageRunsMachine>;

const prompt = () => screen.getByLabelText(/^Prompt/) as HTMLTextAreaElement;

describe("a tool page's run outlives the page", () => {
  it('RUNS-12: left while working, the page opened again shows the same run still working; its call goes on', async () => {
    const api = heldEndpoints();
    await startSession({ endpoints: { ...fakeEndpoints(proUser), ...api }, token: 'saved' });
    await openPage(api);
    fireEvent.change(prompt(), { target: { value: 'a fox in the snow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('progressbar', { name: /progress/ });
    expect(api.generateImage).toHaveBeenCalledTimes(1);

    // The person goes to another page: the page unmounts.
    cleanup();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.signals[0]?.aborted).toBe(false);

    await openPage(api);
    expect(prompt().value).toBe('a fox in the snow');
    expect(screen.getByRole('progressbar', { name: /progress/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Generating/ })).toHaveProperty('disabled', true);
    expect(api.generateImage).toHaveBeenCalledTimes(1);
  });

  it('RUNS-13: a sign-out stops the run (its call aborted) and the page opens with a blank form', async () => {
    const api = heldEndpoints();
    await startSession({ endpoints: { ...fakeEndpoints(proUser), ...api }, token: 'saved' });
    await openPage(api);
    fireEvent.change(prompt(), { target: { value: 'a fox in the snow' } });
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await screen.findByRole('progressbar', { name: /progress/ });

    currentSession().send({ type: 'auth.logout' });
    await waitFor(() => expect(api.signals[0]?.aborted).toBe(true));
    // The page shown opens a new, blank run for the visitor.
    await waitFor(() => expect(prompt().value).toBe(''));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('CREDITS-3: a kept run takes a new balance from the session while its page is not shown', async () => {
    const api = heldEndpoints();
    await startSession({ endpoints: { ...fakeEndpoints(proUser), ...api }, token: 'saved' });
    await openPage(api);
    cleanup();
    const keeper = currentApp().system.get(systemIds.pageRuns) as PageRunsActor;
    const run = (keeper.getSnapshot().children as Record<string, ToolRunActor>)[pageRunId('text-to-image')]!;
    expect(run.getSnapshot().context).toMatchObject({ signedIn: true, credits: proUser.credits });
    // A refund, a purchase or a run elsewhere: the session learns the balance, and so does the run.
    currentSession().send({ type: 'credits.updated', credits: 3 });
    expect(run.getSnapshot().context).toMatchObject({ signedIn: true, credits: 3 });
  });
});
