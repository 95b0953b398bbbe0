/**
 * The seven video, audio and 3D tool pages in a test actor system: the default parameters (TOOL-35) as controls,
 * the body each run sends, and a usable result (player with download, 3D viewer).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { toolByKey } from '../../../src/catalog';
import { toolRunFlow } from '../../../src/flows/tools/tool-run.effects';
import { ToolPage } from '../../../src/features/tools/ToolPage';
import type { PageToolKey } from '../../../src/features/tools/tool-views';
import { currentSession, fakeEndpoints, proUser, renderWithRouter, startSession } from './helpers';

// jsdom has no WebGL: the viewer itself is tested in the browser (e2e); here it is a stand-in.
vi.mock('../../../src/components/ui/model-viewer/model-viewer', () => ({
  default: ({ url, label }: { url: string; label: string }) => (
    <canvas data-testid="model-viewer" data-url={url} aria-label={label} />
  ),
}));

const outputs: Partial<Record<PageToolKey, string>> = {
  'text-to-video': '/files/outputs/clip.mp4',
  'image-to-video': '/files/outputs/pan.mp4',
  'video-editing': '/files/outputs/edit.mp4',
  '3d-gen': '/files/outputs/model.glb',
  musicgen: '/files/outputs/music.wav',
  audioldm: '/files/outputs/rain.wav',
  bark: '/files/outputs/voice.wav',
};

async function renderTool(key: PageToolKey) {
  await startSession({ endpoints: fakeEndpoints(proUser), token: 'saved' });
  const api = {
    generateImage: vi.fn(async () => ({ output: '', credits: 0 })),
    startGeneration: vi.fn(async () => ({ id: 'pred-7', credits: proUser.credits - toolByKey(key).cost })),
    getPrediction: vi.fn(async () => ({ status: 'succeeded', output: outputs[key] ?? '' })),
    upload: vi.fn(async () => ({ url: '/files/uploads/x.png' })),
    getCredits: vi.fn(async () => ({ credits: proUser.credits - toolByKey(key).cost })),
  };
  const flow = toolRunFlow.with({ api: async () => api as never });
  await renderWithRouter(<ToolPage toolKey={key} flow={flow} />);
  await screen.findByRole('heading', { level: 1 });
  return api;
}

const typePrompt = (value: string) =>
  fireEvent.change(screen.getByLabelText(/^(Prompt|Text to speak)/), { target: { value } });
const setNumber = (label: RegExp, value: number) => {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  fireEvent.change(input, { target: { value: String(value) } });
  fireEvent.blur(input);
};
const sentInput = (api: Awaited<ReturnType<typeof renderTool>>) =>
  (api.startGeneration.mock.calls[0] as unknown as [string, { input: Record<string, unknown> }])[1].input;

afterEach(() => cleanup());

/** The media element inside the themed player named `label` (src/components/ui/media). */
async function playedIn(label: string, tag: 'audio' | 'video'): Promise<HTMLMediaElement> {
  const player = await screen.findByRole('group', { name: label });
  const media = player.querySelector(tag);
  expect(media).not.toBeNull();
  return media!;
}

describe('video, audio and 3D tool pages', () => {
  it.each([
    ['text-to-video', 'Text to Video', [/^Length/]],
    ['image-to-video', 'Image to Video', [/^Length/, /^Frames per second/]],
    ['musicgen', 'Music Generation', [/^Duration/]],
    ['audioldm', 'Sound Generation', [/^Duration/, /^Guidance/]],
  ] as const)(
    'TOOL-1, TOOL-35: %s shows its title, cost and its default parameters as controls',
    async (key, title, labels) => {
      await renderTool(key);
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByTestId('tool-page-cost').textContent).toContain(String(toolByKey(key).cost));
      for (const label of labels) expect(screen.getByLabelText(label)).toBeTruthy();
      expect(screen.queryByText('Coming soon')).toBeNull();
    },
  );

  it('TOOL-35: text to video: frames and fps start at 14 and 6, are kept in range, and are sent', async () => {
    const api = await renderTool('text-to-video');
    fireEvent.click(screen.getByRole('button', { name: 'Advanced' }));
    expect((screen.getByLabelText(/^Frames \(/) as HTMLInputElement).value).toBe('14');
    expect((screen.getByLabelText(/^Frames per second/) as HTMLInputElement).value).toBe('6');
    setNumber(/^Frames \(/, 500);
    setNumber(/^Frames per second/, 12);
    typePrompt('a paper boat on a river');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    const video = await playedIn('Generated video', 'video');
    expect(video.getAttribute('src')).toBe('/files/outputs/clip.mp4');
    // The themed player's own controls, not the browser's.
    expect(video.hasAttribute('controls')).toBe(false);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
    expect(sentInput(api)).toEqual({ num_frames: 48, fps: 12, prompt: 'a paper boat on a river' });
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('href')).toBe('/files/outputs/clip.mp4');
    expect(screen.getByRole('link', { name: 'See it in My creations' })).toBeTruthy();
    await waitFor(() =>
      expect(currentSession().getSnapshot().context.user?.credits).toBe(
        proUser.credits - toolByKey('text-to-video').cost,
      ),
    );
  });

  it('TOOL-50: text to video offers its Length in seconds; frames and fps sit under Advanced, closed at first', async () => {
    const api = await renderTool('text-to-video');
    expect(screen.queryByLabelText(/^Frames \(/)).toBeNull();
    expect(screen.queryByLabelText(/^Frames per second/)).toBeNull();
    const length = screen.getByLabelText('Length') as HTMLSelectElement;
    // 14 frames at 6 fps is no whole second: the Length says so until one is chosen.
    expect(length.value).toBe('');
    expect([...length.options].map((o) => o.text)).toEqual([
      'Set under Advanced',
      '2 s',
      '3 s',
      '4 s',
      '5 s',
      '6 s',
      '7 s',
      '8 s',
    ]);
    fireEvent.change(length, { target: { value: '3' } });
    expect(await screen.findByText('Clip length: 18 ÷ 6 = 3 s')).toBeTruthy();
    const advanced = screen.getByRole('button', { name: 'Advanced' });
    expect(advanced.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(advanced);
    expect((screen.getByLabelText(/^Frames \(/) as HTMLInputElement).value).toBe('18');
    // A new frame rate changes the lengths on offer: 8–48 frames at 12 fps make 1 s to 4 s.
    setNumber(/^Frames per second/, 12);
    await waitFor(() =>
      expect([...(screen.getByLabelText('Length') as HTMLSelectElement).options].map((o) => o.text)).toEqual([
        'Set under Advanced',
        '1 s',
        '2 s',
        '3 s',
        '4 s',
      ]),
    );
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '2' } });
    typePrompt('a paper boat on a river');
    fireEvent.click(screen.getByRole('button', { name: 'Generate' }));
    await playedIn('Generated video', 'video');
    // The request is what it was: frames and fps.
    expect(sentInput(api)).toEqual({ num_frames: 24, fps: 12, prompt: 'a paper boat on a river' });
  });

  it('image to video waits for an image and sends length and fps', async () => {
    const api = await renderTool('image-to-video');
    expect((screen.getByRole('button', { name: 'Generate' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByLabelText(/^Length/) as HTMLInputElement).value).toBe('4');
    expect((screen.getByLabelText(/^Frames per second/) as HTMLInputElement).value).toBe('24');
    expect(api.startGeneration).not.toHaveBeenCalled();
  });

  it('video editing takes a clip (MP4, WebM or MOV up to 15 MB) and shows trim fields only for a trim', async () => {
    await renderTool('video-editing');
    const picker = screen.getByLabelText('Video to edit (optional)');
    expect(picker.getAttribute('accept')).toContain('video/mp4');
    fireEvent.change(picker, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This video format is not supported. Please choose an MP4, WebM or MOV video.',
    );
    expect(screen.getByLabelText('Filter')).toBeTruthy();
    expect(screen.queryByLabelText(/^Start/)).toBeNull();
    fireEvent.change(screen.getByLabelText('Edit'), { target: { value: 'trim' } });
    expect(screen.getByLabelText(/^Start/)).toBeTruthy();
    expect(screen.getByLabelText(/^End/)).toBeTruthy();
    expect(screen.queryByLabelText('Filter')).toBeNull();
  });

  it('video editing without a clip edits one drawn from the prompt, with the chosen speed', async () => {
    const api = await renderTool('video-editing');
    fireEvent.change(screen.getByLabelText('Edit'), { target: { value: 'speed' } });
    setNumber(/^Speed factor/, 0.5);
    typePrompt('slow it down');
    fireEvent.click(screen.getByRole('button', { name: 'Edit Video' }));
    expect((await playedIn('Edited video', 'video')).tagName).toBe('VIDEO');
    expect(sentInput(api)).toEqual({
      edit: 'speed',
      filter: 'sepia',
      start: 0,
      end: 1,
      factor: 0.5,
      prompt: 'slow it down',
    });
  });

  it.each([
    ['musicgen', 'Generate Music', 'Generated music', { duration: 20, prompt: 'calm piano' }],
    ['audioldm', 'Generate Sound', 'Generated sound', { duration: 20, guidance_scale: 3.5, prompt: 'calm piano' }],
  ] as const)('%s plays the result with a download', async (key, button, label, body) => {
    const api = await renderTool(key);
    setNumber(/^Duration/, 20);
    typePrompt('calm piano');
    fireEvent.click(screen.getByRole('button', { name: button }));
    const audio = await playedIn(label, 'audio');
    expect(audio.hasAttribute('controls')).toBe(false);
    expect(screen.getByRole('slider', { name: `Seek ${label}` })).toBeTruthy();
    expect(sentInput(api)).toEqual(body);
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toMatch(/\.wav$/);
  });

  it('voice offers the speaker presets, v2/en_speaker_6 first chosen, and sends the chosen one', async () => {
    const api = await renderTool('bark');
    const preset = screen.getByLabelText('Voice preset') as HTMLSelectElement;
    expect(preset.value).toBe('v2/en_speaker_6');
    expect(preset.options).toHaveLength(10);
    fireEvent.change(preset, { target: { value: 'v2/en_speaker_2' } });
    typePrompt('Hello from the studio');
    fireEvent.click(screen.getByRole('button', { name: 'Generate Voice' }));
    expect((await playedIn('Generated voice', 'audio')).tagName).toBe('AUDIO');
    expect(sentInput(api)).toEqual({ history_prompt: 'v2/en_speaker_2', prompt: 'Hello from the studio' });
  });

  it('TOOL-51: each voice has a ▶ preview that plays its sample, one at a time', async () => {
    const played: string[] = [];
    const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
      played.push(new URL(this.src).pathname);
      return Promise.resolve();
    });
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    await renderTool('bark');
    const previews = screen.getAllByRole('button', { name: /^Preview / });
    expect(previews.map((b) => b.getAttribute('aria-label'))).toEqual(
      Array.from({ length: 10 }, (_, n) => `Preview English speaker ${n}`),
    );
    const preview = (n: number) => screen.getByRole('button', { name: `Preview English speaker ${n}` });
    fireEvent.click(preview(3));
    expect(played).toEqual(['/voice-previews/en_speaker_3.wav']);
    expect(preview(3).getAttribute('aria-pressed')).toBe('true');
    // Another voice stops the first: one plays at a time.
    fireEvent.click(preview(7));
    expect(played).toEqual(['/voice-previews/en_speaker_3.wav', '/voice-previews/en_speaker_7.wav']);
    expect(preview(3).getAttribute('aria-pressed')).toBe('false');
    expect(preview(7).getAttribute('aria-pressed')).toBe('true');
    expect(pause).toHaveBeenCalledTimes(2);
    // The same ▶ again stops it; the end of the sample too.
    fireEvent.click(preview(7));
    expect(preview(7).getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(preview(1));
    fireEvent.ended(document.querySelector('audio')!);
    expect(screen.queryAllByRole('button', { pressed: true })).toHaveLength(0);
    // Hearing a voice does not choose it.
    expect((screen.getByLabelText('Voice preset') as HTMLSelectElement).value).toBe('v2/en_speaker_6');
    play.mockRestore();
    pause.mockRestore();
  });

  it('3D waits for an image, offers the quality (high by default) and shows the model in the viewer', async () => {
    const api = await renderTool('3d-gen');
    expect((screen.getByLabelText('Quality') as HTMLSelectElement).value).toBe('high');
    const button = screen.getByRole('button', { name: 'Generate 3D Model' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Quality'), { target: { value: 'low' } });
    fireEvent.change(screen.getByLabelText('Image of the object'), {
      target: { files: [new File([new Uint8Array([137, 80, 78, 71])], 'vase.png', { type: 'image/png' })] },
    });
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    const viewer = await screen.findByTestId('model-viewer');
    expect(viewer.getAttribute('data-url')).toBe('/files/outputs/model.glb');
    expect(sentInput(api)).toMatchObject({
      quality: 'low',
      format: 'glb',
      image: expect.stringMatching(/^data:image\/png/),
    });
    expect(screen.getByRole('link', { name: 'Download' }).getAttribute('download')).toMatch(/\.glb$/);
  });
});
