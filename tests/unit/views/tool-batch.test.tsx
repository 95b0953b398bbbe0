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
import { currentSession, fakeApi, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

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
      expect(within(form).getByRole('status')).toHaveTextContent(
        'Started 2 runs: 1 in progress, 1 queued. Follow them in the Runs tray.',
      ),
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
