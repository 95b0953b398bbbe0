/**
 * Adding a tool is one definition (ARCHITECTURE.md, "Adding a tool"): a sixteenth tool made here,
 * in the test, gets its page, its run and the server's input checks from that definition alone.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { createActor, fromPromise } from 'xstate';
import { withToolEffects, type ToolEffects } from '../../../src/flows/tools/tool-effects';
import { generateEnabled } from '../../../src/flows/tools/tool-run.selectors';
import type { CallInput, CreationAnswer } from '../../../src/flows/tools/tool-run.types';
import { HttpError } from '../../../server/errors';
import { checkInput } from '../../../server/services/tool-input';
import { basePage, promptView, toolOf, type ToolDefinition } from '../../../src/catalog';
import { needsImage, needsPrompt, singleRun } from '../../../src/catalog/definitions/base';
import { toolRunFlow } from '../../../src/flows/tools/tool-run.effects';
import { ToolPage } from '../../../src/features/tools/ToolPage';
import { fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

const lineArt: ToolDefinition<'line-art'> = {
  key: 'line-art',
  id: 'test/line-art',
  title: 'Line Art',
  description: 'Trace a picture as clean line art.',
  path: '/image-models/line-art',
  modelCost: 0.001,
  provider: 'replicate',
  category: 'Image',
  defaultParams: { detail: 3 },
  startOperation: 'generateImage',
  output: 'image',
  run: singleRun({ requires: [needsImage, needsPrompt], button: ['prompt'], freeSize: true, wording: 'image' }),
  params: [{ kind: 'number', name: 'detail', label: 'Detail', min: 1, max: 5, step: 1, unit: '', fallback: 3 }],
  page: {
    ...basePage,
    upload: { accepts: 'jpegPng', label: 'Picture', compress: false },
    prompt: promptView('Describe the lines you want...', 3),
    submit: 'Draw Lines',
    working: 'Drawing',
    another: 'Draw Another',
    resultAlt: 'Line art',
  },
};
const tool = toolOf(lineArt);
const IMAGE = 'data:image/png;base64,iVBORw0KGgo=';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const serverRefusal = (raw: Record<string, string | number>): string | null => {
  try {
    checkInput(tool, raw);
    return null;
  } catch (error) {
    return error instanceof HttpError ? error.message : String(error);
  }
};

describe('a sixteenth tool from one definition', () => {
  it('its run refuses what its server refuses, with the same words, and sends what the server keeps', async () => {
    const sent: CallInput[] = [];
    const effects: ToolEffects = {
      generateSync: fromPromise(async ({ input }) => {
        sent.push(input);
        return { output: '/files/output/lines.png', credits: 99 };
      }),
      startGeneration: fromPromise(async () => ({})),
      fetchPrediction: fromPromise(async () => ({ status: 'processing' })),
      upload: fromPromise(async () => ({ url: '' })),
      getCreation: fromPromise<CreationAnswer, { id: string }>(() => new Promise(() => {})),
      requireSignIn: () => {},
      keepDraft: () => {},
      creditsChanged: () => {},
      refreshCredits: () => {},
      scrollToResult: () => {},
    };
    const run = createActor(withToolEffects(effects), { input: { tool, signedIn: true, credits: 100 } }).start();
    run.send({ type: 'tool.prompt', prompt: 'a cat' });
    expect(generateEnabled(run.getSnapshot())).toBe(true);
    run.send({ type: 'tool.generate' });
    expect(run.getSnapshot().context.error).toBe('Please upload an image');
    expect(serverRefusal({ prompt: 'a cat' })).toBe('Please upload an image');

    run.send({ type: 'tool.image', image: IMAGE });
    run.send({ type: 'tool.size', width: 4000, height: 30 });
    run.send({ type: 'tool.param', name: 'detail', value: 9 });
    run.send({ type: 'tool.generate' });
    await waitFor(() => expect(run.getSnapshot().value).toBe('result'));
    const input = sent[0]!.body.input as Record<string, string | number>;
    expect(input).toEqual({ prompt: 'a cat', image: IMAGE, width: 2048, height: 64, detail: 5 });
    expect(sent[0]).toMatchObject({
      startOperation: 'generateImage',
      body: { modelId: 'test/line-art', cost: tool.cost },
    });
    expect(serverRefusal(input)).toBeNull();
    expect(checkInput(tool, { ...input, width: 4000, detail: 9 })).toMatchObject({ width: 2048, detail: 5 });
    run.stop();
  });

  it('its page shows its labels, its controls and a button that asks the run', async () => {
    await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    const api = {
      generateImage: vi.fn(async () => ({ output: '/files/output/lines.png', credits: 99 })),
      startGeneration: vi.fn(async () => ({ id: 'p' })),
      getPrediction: vi.fn(async () => ({ status: 'processing', output: null })),
      upload: vi.fn(async () => ({ url: '/files/upload/x.png' })),
      getCredits: vi.fn(async () => ({ credits: 99 })),
    };
    const flow = toolRunFlow.with({ api: async () => api as never });
    await renderWithRouter(<ToolPage tool={tool} flow={flow} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Line Art' })).toBeTruthy();
    expect(screen.getByTestId('tool-page-cost').textContent).toBe(`${tool.cost} credits per run`);
    expect(screen.getByPlaceholderText('Describe the lines you want...')).toBeTruthy();
    expect(screen.getByLabelText(/^Detail/)).toBeTruthy();
    expect(screen.getByLabelText('Width').getAttribute('min')).toBe('64');
    const button = screen.getByRole('button', { name: 'Draw Lines' }) as HTMLButtonElement;
    await waitFor(() => expect(button.disabled).toBe(true));
    fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value: 'a cat' } });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'Please upload an image');
    expect(api.generateImage).not.toHaveBeenCalled();
  });
});
