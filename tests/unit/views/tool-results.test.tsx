/**
 * A result to act on (TOOL-38 to TOOL-43), in a test actor system with the real toolRun flow over fake endpoints:
 * the credits line of a failed run, Ctrl/Cmd+Enter, Download and Copy, the link to My creations, the clip's length,
 * Run again and Edit.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toolByKey } from '../../../src/catalog';
import { toolRunFlow } from '../../../src/flows/tools/tool-run.effects';
import { ToolPage } from '../../../src/features/tools/ToolPage';
import type { PageToolKey } from '../../../src/features/tools/tool-views';
import { fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

const IMAGE_URL = '/files/output/fox.png';

function fakeToolEndpoints(output = 'Once upon a time') {
  return {
    generateImage: vi.fn(async (): Promise<{ output: string; credits: number }> => ({
      output: IMAGE_URL,
      credits: 2492,
    })),
    startGeneration: vi.fn(async () => ({ id: 'pred-1', credits: 2495 })),
    getPrediction: vi.fn(async (): Promise<{ status: string; output: string | null; error?: string | null }> => ({
      status: 'succeeded',
      output,
    })),
    upload: vi.fn(async () => ({ url: '/files/upload/main.jpg' })),
    getCredits: vi.fn(async () => ({ credits: 2495 })),
  };
}
type Api = ReturnType<typeof fakeToolEndpoints>;

async function renderTool(key: PageToolKey, api: Api = fakeToolEndpoints()) {
  await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const flow = toolRunFlow.with({ api: async () => api as never });
  await renderWithRouter(<ToolPage toolKey={key} flow={flow} />);
  await screen.findByRole('heading', { level: 1 });
  return api;
}

const prompt = () => screen.getByLabelText(/^Prompt/) as HTMLTextAreaElement;
const typePrompt = (value: string) => fireEvent.change(prompt(), { target: { value } });
const button = (name: string) => screen.getByRole('button', { name });
const returnedLine = () => screen.queryByRole('status');

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('a failed run says its credits came back', () => {
  it('TOOL-38: a run the server charged and failed (502) keeps the spec text and adds the credits line', async () => {
    const api = await renderTool('text-to-image');
    api.generateImage.mockRejectedValueOnce(
      Object.assign(new Error('The offline preview model failed'), { status: 502 }),
    );
    typePrompt('[fail] a fox');
    fireEvent.click(button('Generate'));
    expect((await screen.findByRole('alert')).textContent).toBe('The offline preview model failed');
    expect(returnedLine()?.textContent).toBe(`Your ${toolByKey('text-to-image').cost} credits have been returned.`);
  });

  it('TOOL-38: a refusal before the charge (402) has no second line', async () => {
    const api = await renderTool('text-to-image');
    api.generateImage.mockRejectedValueOnce(Object.assign(new Error('Insufficient credits'), { status: 402 }));
    typePrompt('a fox');
    fireEvent.click(button('Generate'));
    expect((await screen.findByRole('alert')).textContent).toBe('Insufficient credits');
    expect(returnedLine()).toBeNull();
  });

  it('TOOL-38: a prediction the server failed (polled) says its credits came back', async () => {
    const api = fakeToolEndpoints();
    api.getPrediction.mockResolvedValue({ status: 'failed', output: null, error: 'The model failed' });
    await renderTool('text-to-text', api);
    typePrompt('a haiku');
    fireEvent.click(button('Generate Text'));
    expect((await screen.findByRole('alert')).textContent).toBe('The model failed');
    expect(returnedLine()?.textContent).toBe(`Your ${toolByKey('text-to-text').cost} credits have been returned.`);
    // The next run: the line goes with the run it spoke of.
    api.getPrediction.mockResolvedValue({ status: 'succeeded', output: 'A haiku' });
    fireEvent.click(button('Generate Text'));
    await screen.findByText('A haiku', { selector: 'p' });
    expect(returnedLine()).toBeNull();
  });
});

describe('the prompt', () => {
  it.each([
    ['Ctrl', { ctrlKey: true }],
    ['Cmd', { metaKey: true }],
  ])('TOOL-40: %s+Enter runs the tool; plain Enter and an empty prompt do not', async (_name, modifier) => {
    const api = await renderTool('text-to-image');
    fireEvent.keyDown(prompt(), { key: 'Enter', ...modifier });
    typePrompt('a red fox');
    fireEvent.keyDown(prompt(), { key: 'Enter' });
    expect(api.generateImage).not.toHaveBeenCalled();
    fireEvent.keyDown(prompt(), { key: 'Enter', ...modifier });
    expect(await screen.findByAltText('Generated image')).toBeTruthy();
    expect(api.generateImage).toHaveBeenCalledTimes(1);
  });
});

describe('what a result offers', () => {
  it('TOOL-41: Text to Image: Download saves generated-image-{timestamp}.png; no link without a run id', async () => {
    // The picture is read through the API client (its fetch is the page's).
    const fetched = vi.fn(
      async (_input: RequestInfo | URL, _init?: RequestInit) =>
        new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    );
    vi.stubGlobal('fetch', fetched);
    Object.assign(URL, { createObjectURL: () => 'blob:fox', revokeObjectURL: () => {} });
    const saved: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await renderTool('text-to-image');
    typePrompt('a red fox');
    fireEvent.click(button('Generate'));
    await screen.findByAltText('Generated image');
    expect(screen.queryByRole('link', { name: 'See it in My creations' })).toBeNull();
    fireEvent.click(button('Download'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toMatch(/^generated-image-\d{13}\.png$/);
    // The picture's own read (the page may read other things, e.g. the collections 'Save to' offers).
    const read = fetched.mock.calls.find((call) => String(call[0]) === IMAGE_URL);
    expect(read).toBeDefined();
    // A signed file address: no session token goes with it.
    expect(new Headers(read?.[1]?.headers).has('authorization')).toBe(false);
  });

  it('TOOL-41: Text Generation: Copy puts the text on the clipboard and says Copied; the run links to My creations', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderTool('text-to-text');
    typePrompt('a haiku');
    fireEvent.click(button('Generate Text'));
    // Prose in the app's font, not a code block.
    await screen.findByText('Once upon a time', { selector: 'p' });
    expect(document.querySelector('pre')).toBeNull();
    fireEvent.click(button('Copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith('Once upon a time'));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'See it in My creations' }).getAttribute('href')).toBe('/creations/pred-1');
  });

  it("Text Generation: the text reads as paragraphs in the app's font; Copy takes it whole", async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const words = 'First thought.\n\nSecond thought,\nover two lines.';
    await renderTool('text-to-text', fakeToolEndpoints(words));
    typePrompt('two thoughts');
    fireEvent.click(button('Generate Text'));
    const first = await screen.findByText('First thought.', { selector: 'p' });
    const paragraphs = [...(first.parentElement?.querySelectorAll('p') ?? [])].map((p) => p.textContent);
    expect(paragraphs).toEqual(['First thought.', 'Second thought,\nover two lines.']);
    fireEvent.click(button('Copy'));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(words));
  });

  it.each([
    ['musicgen', '/files/outputs/music.wav', /^generated-audio-\d{13}\.wav$/],
    ['text-to-video', '/files/outputs/clip.mp4', /^generated-video-\d{13}\.mp4$/],
    ['image-to-video', '/files/outputs/pan.mp4', /^generated-video-\d{13}\.mp4$/],
  ] as const)('TOOL-41: %s downloads the stored file as its generated name', async (key, output, name) => {
    const api = await renderTool(key, fakeToolEndpoints(output));
    if (key === 'image-to-video') {
      fireEvent.change(screen.getByLabelText('Image to animate'), {
        target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'still.png', { type: 'image/png' })] },
      });
      await screen.findByAltText('Image to animate preview');
    } else typePrompt('rain on a roof');
    fireEvent.click(screen.getByRole('button', { name: /^Generate/ }));
    const link = await screen.findByRole('link', { name: 'Download' });
    expect(link.getAttribute('href')).toBe(output);
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    expect(link.getAttribute('download')).toMatch(name);
    expect(api.startGeneration).toHaveBeenCalledTimes(1);
  });
});

describe('the clip length', () => {
  it('TOOL-42: Text to Video shows frames ÷ fps as they change; Image to Video its length', async () => {
    await renderTool('text-to-video');
    expect(screen.getByText('Clip length: 14 ÷ 6 ≈ 2.3 s')).toBeTruthy();
    const set = (label: RegExp, value: number) => {
      const input = screen.getByLabelText(label) as HTMLInputElement;
      fireEvent.change(input, { target: { value: String(value) } });
      fireEvent.blur(input);
    };
    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    set(/^Frames \(/, 24);
    set(/^Frames per second/, 12);
    expect(await screen.findByText('Clip length: 24 ÷ 12 = 2 s')).toBeTruthy();
    cleanup();
    await renderTool('image-to-video');
    expect(screen.getByText('Clip length: 4 s')).toBeTruthy();
  });
});

describe('Run again and Edit', () => {
  it('TOOL-43: Edit goes back to the form with the prompt and aspect ratio kept, editable', async () => {
    await renderTool('text-to-image');
    typePrompt('a red fox');
    fireEvent.click(screen.getByRole('button', { name: /Portrait/ }));
    fireEvent.click(button('Generate'));
    await screen.findByAltText('Generated image');
    expect(prompt().readOnly).toBe(true);
    fireEvent.click(button('Edit'));
    expect(screen.queryByAltText('Generated image')).toBeNull();
    expect(prompt().value).toBe('a red fox');
    expect(prompt().readOnly).toBe(false);
    expect(screen.getByRole('button', { name: /Portrait/ }).getAttribute('aria-pressed')).toBe('true');
    expect((screen.getByRole('button', { name: /Portrait/ }) as HTMLButtonElement).disabled).toBe(false);
    typePrompt('a red fox, at dusk');
    expect(prompt().value).toBe('a red fox, at dusk');
  });

  it('TOOL-43: Run again sends the same input (no seed) under a new Idempotency-Key', async () => {
    const api = await renderTool('text-to-image');
    typePrompt('a red fox');
    fireEvent.click(button('Generate'));
    await screen.findByAltText('Generated image');
    fireEvent.click(button('Run again'));
    await waitFor(() => expect(api.generateImage).toHaveBeenCalledTimes(2));
    expect(await screen.findByAltText('Generated image')).toBeTruthy();
    const calls = api.generateImage.mock.calls as unknown as Array<
      [{ input: Record<string, unknown> }, { idempotencyKey: string }]
    >;
    expect(calls[1]![0].input).toEqual(calls[0]![0].input);
    expect(calls[1]![0].input).not.toHaveProperty('seed');
    expect(calls[1]![1].idempotencyKey).not.toBe(calls[0]![1].idempotencyKey);
  });
});
