/**
 * The eight tool pages in a test actor system (TOOL-1, TOOL-11 to TOOL-32): texts, placeholders,
 * buttons, validation messages and disabled states. The run is the real toolRun flow with the
 * app's real effects (src/app/tools.ts) over fake endpoints.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { toolByKey } from '../../../src/catalog';
import { flowContext } from '../../../src/app/flow-context';
import { toolEffects, toolRunFlow } from '../../../src/flows/tools/tool-run.effects';
import { TOOL_RESULT_ID } from '../../../src/flows/tools/tool-run.types';
import { ToolPage } from '../../../src/features/tools/ToolPage';
import type { PageToolKey } from '../../../src/features/tools/tool-views';
import { currentSession, fakeEndpoints, freeUser, proUser, renderWithRouter, startSession } from './helpers';

const IMAGE_URL = '/files/output/fox.png';

function fakeToolEndpoints() {
  return {
    generateImage: vi.fn(async () => ({ output: IMAGE_URL, credits: 2492 })),
    startGeneration: vi.fn(async () => ({ id: 'pred-1', credits: 2495 })),
    getPrediction: vi.fn(async (): Promise<{ status: string; output: string | null }> => ({
      status: 'succeeded',
      output: 'function add(a, b) {\n  return a + b;\n}',
    })),
    upload: vi.fn(async () => ({ url: '/files/upload/main.jpg' })),
    getCredits: vi.fn(async () => ({ credits: 2495 })),
  };
}

/** Endpoints that keep every run working: the image call never answers, predictions stay processing. */
function heldToolEndpoints() {
  return {
    ...fakeToolEndpoints(),
    generateImage: vi.fn(() => new Promise<never>(() => {})),
    getPrediction: vi.fn(async (): Promise<{ status: string; output: string | null }> => ({
      status: 'processing',
      output: null,
    })),
  };
}

async function renderTool(
  key: PageToolKey,
  user: typeof proUser | null = proUser,
  api: ReturnType<typeof fakeToolEndpoints> = fakeToolEndpoints(),
) {
  await startSession({ endpoints: fakeEndpoints(user), token: user ? 'saved' : null });
  const flow = toolRunFlow.with({ api: async () => api as never });
  await renderWithRouter(<ToolPage toolKey={key} flow={flow} />);
  await screen.findByRole('heading', { level: 1 });
  return api;
}

const submit = (name: string) => screen.getByRole('button', { name });
const typePrompt = (value: string) => fireEvent.change(screen.getByLabelText(/^Prompt/), { target: { value } });
const chooseFile = (label: string | RegExp, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
const bigFile = (name: string, type: string) => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: 16 * 1024 * 1024 });
  return file;
};

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const png = (name: string) => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/**
 * jsdom draws nothing: person to person's resize (createImageBitmap, a canvas, toBlob) is stubbed
 * so the main image can be chosen.
 */
function stubImageResize() {
  vi.stubGlobal('createImageBitmap', async () => ({ width: 1600, height: 1200, close: () => {} }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    fillStyle: '',
    fillRect: () => {},
    drawImage: () => {},
  } as unknown as CanvasRenderingContext2D);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
    done(new Blob(['jpeg'], { type: 'image/jpeg' })),
  );
}

describe('tool pages: title, cost, inputs and buttons', () => {
  const pages: Array<[PageToolKey, string, string, string | null]> = [
    ['text-to-image', 'Text to Image', 'Generate', 'Describe the image you want to generate...'],
    ['image-to-image', 'Image to Image', 'Generate', 'Describe how the image should change...'],
    [
      'text-to-advertisement',
      'Text to Advertisement',
      'Generate',
      'Describe the professional advertisement you want to generate...',
    ],
    ['person-to-person', 'Person to Person', 'Generate', 'A photo of a person'],
    ['restore-image', 'Restore Image', 'Restore Image', null],
    ['text-to-text', 'Text Generation', 'Generate Text', 'Enter your prompt...'],
    ['code-generation', 'Code Generation', 'Generate Code', 'Describe the code you want to generate...'],
    ['image-to-text', 'Image to Text', 'Extract Text', null],
  ];
  it.each(pages)(
    'TOOL-1, TOOL-19, TOOL-20, TOOL-21: %s shows its title, cost, placeholder and button',
    async (key, title, button, placeholder) => {
      await renderTool(key);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByTestId('tool-page-cost').textContent).toBe(`${toolByKey(key).cost} credits per run`);
      if (placeholder) expect(screen.getByPlaceholderText(placeholder)).toBeTruthy();
      expect(submit(button)).toBeTruthy();
    },
  );

  it('TOOL-20: Text Generation has a 6-row prompt', async () => {
    await renderTool('text-to-text');
    expect(screen.getByPlaceholderText('Enter your prompt...').getAttribute('rows')).toBe('6');
  });

  it('Clear prompt shows once there is a prompt and empties the field', async () => {
    await renderTool('text-to-image');
    expect(screen.queryByRole('button', { name: 'Clear prompt' })).toBeNull();
    typePrompt('a red fox in the snow');
    fireEvent.click(await screen.findByRole('button', { name: 'Clear prompt' }));
    expect((screen.getByLabelText(/^Prompt/) as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear prompt' })).toBeNull();
  });

  it('TOOL-36, TOOL-37: the general presets and the advertisement presets are offered, sizes rounded to 8', async () => {
    await renderTool('text-to-image');
    expect(screen.getAllByRole('button', { pressed: false }).map((b) => b.textContent)).toContain(
      'Wide (16:9)1344×768',
    );
    cleanup();
    await renderTool('text-to-advertisement');
    expect(screen.getByRole('button', { name: /Wide \(16:9\)/ }).textContent).toContain('1360×768');
    expect(screen.getByRole('button', { name: /Square/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('TOOL-45: each aspect button draws its shape, a rectangle of its ratio, and keeps its name', async () => {
    await renderTool('text-to-image');
    const shape = (name: RegExp) => {
      const rect = screen.getByRole('button', { name }).querySelector('svg[aria-hidden="true"] rect')!;
      return Number(rect.getAttribute('width')) / Number(rect.getAttribute('height'));
    };
    expect(shape(/^Square \(1:1\)/)).toBe(1);
    expect(shape(/^Wide \(16:9\)/)).toBeCloseTo(1344 / 768);
    expect(shape(/^Mobile \(9:16\)/)).toBeCloseTo(768 / 1344);
  });
});

describe('tool pages: the prompt first', () => {
  it('the prompt has the focus when a tool page opens, so the person can type at once', async () => {
    await renderTool('image-to-image');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText(/^Prompt/)));
    typePrompt('as a watercolour');
    expect((document.activeElement as HTMLTextAreaElement).value).toBe('as a watercolour');
  });
});

describe('tool pages: validation before any call', () => {
  it.each(['text-to-image', 'text-to-advertisement', 'text-to-text', 'code-generation'] as const)(
    '%s: the button is disabled while the prompt is empty after trimming',
    async (key) => {
      await renderTool(key);
      const button = screen.getByRole('button', { name: /^Generate/ });
      expect((button as HTMLButtonElement).disabled).toBe(true);
      typePrompt('   ');
      expect((button as HTMLButtonElement).disabled).toBe(true);
      typePrompt('a fox');
      expect((button as HTMLButtonElement).disabled).toBe(false);
    },
  );

  it('TOOL-17: Restore Image is disabled with no image', async () => {
    await renderTool('restore-image');
    expect((submit('Restore Image') as HTMLButtonElement).disabled).toBe(true);
  });

  it('TOOL-13, TOOL-39: Person to Person: starts with its default prompt, disabled without one; asks for the main image', async () => {
    const api = await renderTool('person-to-person');
    expect((screen.getByLabelText(/^Prompt/) as HTMLTextAreaElement).value).toBe('A photo of a person');
    typePrompt('');
    expect((submit('Generate') as HTMLButtonElement).disabled).toBe(true);
    typePrompt('on a beach');
    fireEvent.click(submit('Generate'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload a main image');
    expect(api.upload).not.toHaveBeenCalled();
  });

  it('TOOL-14, TOOL-15: Person to Person refuses a 16 MB main image, a 16 MB pose image and a HEIC file, calling nothing', async () => {
    const api = await renderTool('person-to-person');
    chooseFile('Main image', bigFile('big.jpg', 'image/jpeg'));
    expect((await screen.findByRole('alert')).textContent).toBe('Image is too large. Please choose a smaller image.');
    chooseFile('Pose image (optional)', bigFile('pose.png', 'image/png'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Pose image is too large. Please choose a smaller image.'),
    );
    chooseFile('Main image', new File(['x'], 'IMG_0001.HEIC', { type: '' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This image format is not supported. Please take a new photo or choose a JPG/PNG image.',
      ),
    );
    expect(api.upload).not.toHaveBeenCalled();
    expect(api.startGeneration).not.toHaveBeenCalled();
  });

  it('TOOL-12: Image to Image asks for an image, and takes JPG and PNG only', async () => {
    await renderTool('image-to-image');
    typePrompt('as a watercolour');
    fireEvent.click(submit('Generate'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload an image');
    chooseFile('Image', new File(['GIF89a'], 'a.gif', { type: 'image/gif' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'This image format is not supported. Please take a new photo or choose a JPG/PNG image.',
      ),
    );
    expect(screen.getByLabelText('Width')).toBeTruthy();
    expect(screen.getByLabelText('Height')).toBeTruthy();
  });

  it('TOOL-14, TOOL-18: Image to Text asks for an image first and refuses 16 MB', async () => {
    const api = await renderTool('image-to-text');
    fireEvent.click(submit('Extract Text'));
    expect((await screen.findByRole('alert')).textContent).toBe('Please upload an image first');
    chooseFile('Image', bigFile('scan.png', 'image/png'));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('Image is too large. Please choose a smaller image.'),
    );
    expect(api.startGeneration).not.toHaveBeenCalled();
  });

  it('a chosen image is read and previewed', async () => {
    await renderTool('restore-image');
    chooseFile('Image to restore', new File([new Uint8Array([137, 80, 78, 71])], 'old.png', { type: 'image/png' }));
    expect((await screen.findByAltText('Image to restore preview')).getAttribute('src')).toMatch(
      /^data:image\/png;base64,/,
    );
    expect((submit('Restore Image') as HTMLButtonElement).disabled).toBe(false);
  });
});

describe('tool pages: runs', () => {
  it('TOOL-22, TOOL-3, TOOL-4: Text to Image: generates with the Idempotency key, shows the image, locks the presets, Generate Another clears', async () => {
    const api = await renderTool('text-to-image');
    typePrompt('a red fox');
    fireEvent.click(screen.getByRole('button', { name: /Portrait/ }));
    fireEvent.click(submit('Generate'));
    const image = await screen.findByAltText('Generated image');
    expect(image.getAttribute('src')).toBe(IMAGE_URL);
    const [body, options] = api.generateImage.mock.calls[0] as unknown as [
      { input: Record<string, unknown> },
      { idempotencyKey: string; signal: AbortSignal },
    ];
    expect(body.input).toMatchObject({ prompt: 'a red fox', width: 832, height: 1216, aspect_ratio: '2:3' });
    expect(options.idempotencyKey).toMatch(/[0-9a-f-]{36}/);
    expect(options.signal).toBeInstanceOf(AbortSignal);
    expect((screen.getByRole('button', { name: /Portrait/ }) as HTMLButtonElement).disabled).toBe(true);
    // The answer's balance reaches the session.
    await waitFor(() => expect(currentSession().getSnapshot().context.user?.credits).toBe(2492));
    fireEvent.click(screen.getByRole('button', { name: 'Generate Another' }));
    expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('');
    expect(screen.queryByAltText('Generated image')).toBeNull();
    expect(screen.getByRole('button', { name: /Square/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('TOOL-21: Code Generation: the code in a code block with Copy', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    await renderTool('code-generation');
    typePrompt('add two numbers');
    fireEvent.click(submit('Generate Code'));
    const code = await screen.findByText(/function add/, { selector: 'pre code' });
    expect(code.textContent).toContain('return a + b;');
    fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(code.textContent));
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Generate Another' })).toBeTruthy();
  });

  it('TOOL-20: Text Generation: the text as prose, its line breaks kept', async () => {
    await renderTool('text-to-text');
    typePrompt('a haiku');
    fireEvent.click(submit('Generate Text'));
    const words = await screen.findByText(/function add/, { selector: 'p' });
    expect(words.textContent).toContain('return a + b;');
    expect(document.querySelector('pre')).toBeNull();
  });

  it('TOOL-1: a server failure shows the red banner and the form keeps the prompt', async () => {
    const api = await renderTool('text-to-image');
    api.generateImage.mockRejectedValueOnce(
      Object.assign(new Error('The offline preview model failed'), { status: 502 }),
    );
    typePrompt('[fail] a fox');
    fireEvent.click(submit('Generate'));
    expect((await screen.findByRole('alert')).textContent).toBe('The offline preview model failed');
    expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('[fail] a fox');
    await waitFor(() => expect(api.getCredits).toHaveBeenCalled());
  });

  it('a visitor’s Generate opens the login dialog and keeps what was typed', async () => {
    const api = await renderTool('text-to-advertisement', null);
    typePrompt('a shoe ad');
    fireEvent.click(submit('Generate'));
    await waitFor(() => expect(currentSession().getSnapshot().context.dialog.open).toBe(true));
    expect(api.generateImage).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Prompt') as HTMLTextAreaElement).value).toBe('a shoe ad');
  });

  it('too few credits: the run refuses and links to /credits and /subscribe', async () => {
    const api = await renderTool('text-to-advertisement', freeUser);
    typePrompt('a shoe ad');
    fireEvent.click(submit('Generate'));
    expect((await screen.findByRole('alert')).textContent).toContain(
      `You need ${toolByKey('text-to-advertisement').cost} credits to run this tool. You have ${freeUser.credits}.`,
    );
    expect(screen.getByRole('link', { name: 'Buy credits' }).getAttribute('href')).toBe('/credits');
    expect(screen.getByRole('link', { name: 'See plans' }).getAttribute('href')).toBe('/subscribe');
    expect(api.generateImage).not.toHaveBeenCalled();
  });

  it('TOOL-19, TOOL-23: the advertisement result offers Download on desktop', async () => {
    await renderTool('text-to-advertisement');
    typePrompt('a shoe ad');
    fireEvent.click(submit('Generate'));
    expect(await screen.findByAltText('Generated advertisement')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });

  it('TOOL-23: on a mobile user agent without a native file share, Share opens the dialog with Facebook, Twitter and Copy Link', async () => {
    const agent = vi
      .spyOn(navigator, 'userAgent', 'get')
      .mockReturnValue('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148');
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    try {
      await renderTool('text-to-advertisement');
      typePrompt('a shoe ad');
      fireEvent.click(submit('Generate'));
      fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
      const dialog = await screen.findByRole('dialog', { name: 'Share image' });
      expect(within(dialog).getByRole('link', { name: 'Share on Facebook' }).getAttribute('href')).toContain(
        encodeURIComponent('/files/output/fox.png'),
      );
      expect(within(dialog).getByRole('link', { name: 'Share on Twitter' }).getAttribute('href')).toMatch(
        /^https:\/\/twitter\.com\/intent\/tweet\?url=/,
      );
      fireEvent.click(within(dialog).getByRole('button', { name: 'Copy Link' }));
      await waitFor(() => expect(writeText).toHaveBeenCalledWith(expect.stringMatching(/\/files\/output\/fox\.png$/)));
      // Behind the modal dialog, save is offered too (save and share on mobile, TOOL-23).
      expect(screen.getByRole('button', { name: 'Download', hidden: true })).toBeTruthy();
    } finally {
      agent.mockRestore();
    }
  });
});

describe('tool pages: while a run is working (progress texts)', () => {
  type Fill = () => Promise<void>;
  const prompt =
    (value: string): Fill =>
    async () => {
      typePrompt(value);
    };
  const image =
    (label: string, thenPrompt?: string): Fill =>
    async () => {
      chooseFile(label, png('photo.png'));
      await screen.findByAltText(`${label} preview`);
      if (thenPrompt) typePrompt(thenPrompt);
    };
  // [page, its button, the progress text while working (the exact value where the run's answers fix it)]
  const pages: Array<[PageToolKey, string, RegExp | string, Fill]> = [
    ['text-to-image', 'Generate', /^Generating\.\.\. \d+%$/, prompt('a fox')],
    ['image-to-image', 'Generate', /^Generating\.\.\. \d+%$/, image('Image', 'as a watercolour')],
    ['text-to-advertisement', 'Generate', /^Generating\.\.\. \d+%$/, prompt('a shoe ad')],
    // One status check answered 'processing': 1/60.
    ['person-to-person', 'Generate', 'Generating... 2%', image('Main image', 'on a beach')],
    ['restore-image', 'Restore Image', 'Restoring... 2%', image('Image to restore')],
    // The first wait answered 'processing': 12 %.
    ['text-to-text', 'Generate Text', 'Generating... 12%', prompt('a haiku')],
    ['code-generation', 'Generate Code', 'Generating... 12%', prompt('add two numbers')],
    ['image-to-text', 'Extract Text', 'Processing... 12%', image('Image')],
  ];

  it.each(pages)(
    'TOOL-17, TOOL-18, TOOL-19: %s: "%s" shows %s and the button is disabled',
    async (key, button, progress, fill) => {
      if (key === 'person-to-person') stubImageResize();
      await renderTool(key, proUser, heldToolEndpoints());
      await fill();
      expect((submit(button) as HTMLButtonElement).disabled).toBe(false);
      fireEvent.click(submit(button));
      const text = await screen.findByText(progress);
      const value = Number(/(\d+)%$/.exec(text.textContent ?? '')?.[1]);
      expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe(String(value));
      const word = /^(\w+)\.\.\./.exec(text.textContent ?? '')?.[1];
      const working = screen.getByRole('button', { name: `${word}...` });
      expect((working as HTMLButtonElement).disabled).toBe(true);
      expect(screen.queryByRole('button', { name: button })).toBeNull();
    },
  );
});

describe('tool pages: scrolling to the result', () => {
  /** A window whose result element records how it is scrolled, and whose person does or does not ask for less motion. */
  function windowWith(reducedMotion: boolean | null) {
    const scrolled: ScrollIntoViewOptions[] = [];
    // The result's picture is still loading when the page first scrolls to it.
    const loaded: Array<() => void> = [];
    const image = { complete: false, addEventListener: (_type: string, listener: () => void) => loaded.push(listener) };
    const result = {
      scrollIntoView: (options: ScrollIntoViewOptions) => scrolled.push(options),
      querySelector: (selector: string) => (selector === 'img' ? image : null),
    };
    const target = {
      document: { getElementById: (id: string) => (id === TOOL_RESULT_ID ? result : null) },
      ...(reducedMotion === null
        ? {}
        : {
            matchMedia: (query: string) => ({ matches: reducedMotion && query === '(prefers-reduced-motion: reduce)' }),
          }),
    } as unknown as Window;
    return { target, scrolled, loaded };
  }

  it('TOOL-25: scrolls smoothly, or jumps for a person who asks for reduced motion, and again once the picture has loaded', async () => {
    const { app } = await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
    for (const [reduced, behavior] of [
      [false, 'smooth'],
      [true, 'instant'],
      [null, 'smooth'],
    ] as const) {
      const { target, scrolled, loaded } = windowWith(reduced);
      toolEffects(
        flowContext(app, { api: async () => fakeToolEndpoints() as never, window: () => target as never }),
      ).scrollToResult();
      expect(scrolled).toEqual([{ behavior, block: 'start' }]);
      // Once the picture has loaded (and the page has grown), the page scrolls to the result again.
      for (const listener of loaded) listener();
      expect(scrolled).toEqual([
        { behavior, block: 'start' },
        { behavior, block: 'start' },
      ]);
    }
  });
});
