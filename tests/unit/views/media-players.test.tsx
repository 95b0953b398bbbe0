/**
 * The themed audio and video players (src/components/ui/media): Play/Pause toggles the element, the seek bar is a
 * slider the keys and a click move, the time reads m:ss, the waveform is drawn from the decoded sound.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { AudioPlayer, WAVEFORM_BARS } from '../../../src/components/ui/media/audio-player';
import { VideoPlayer } from '../../../src/components/ui/media/video-player';
import { clock, peaksOf, seekByKey, timeAt } from '../../../src/components/ui/media/media-time';

/** jsdom has no playback: play/pause flip `paused` and fire their events; the duration is set by the test. */
function fakePlayback() {
  const paused = new WeakMap<HTMLMediaElement, boolean>();
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(function (this: HTMLMediaElement) {
    return paused.get(this) ?? true;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, false);
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    paused.set(this, true);
    this.dispatchEvent(new Event('pause'));
  });
}

function setDuration(media: HTMLMediaElement, seconds: number) {
  Object.defineProperty(media, 'duration', { configurable: true, value: seconds });
  act(() => void media.dispatchEvent(new Event('durationchange')));
}

beforeEach(() => {
  fakePlayback();
  // No Web Audio in jsdom unless a test gives one: the waveform stays flat.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(new Uint8Array([1, 2, 3]))),
  );
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('the audio player', () => {
  it('TOOL-46: Play toggles to Pause and back, and plays and pauses the audio', () => {
    const { container } = render(<AudioPlayer src="/files/outputs/rain.wav" label="Generated sound" />);
    const audio = container.querySelector('audio')!;
    expect(audio.getAttribute('src')).toBe('/files/outputs/rain.wav');
    expect(audio.hasAttribute('controls')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Pause' }));
    expect(HTMLMediaElement.prototype.pause).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Play' })).toBeTruthy();
  });

  it('TOOL-46: the waveform is a slider: arrows, Page keys, Home and End seek, and it reads the time of the length', () => {
    const { container } = render(<AudioPlayer src="/files/outputs/rain.wav" label="Generated sound" />);
    const audio = container.querySelector('audio')!;
    setDuration(audio, 130);
    const slider = screen.getByRole('slider', { name: 'Seek Generated sound' });
    expect(slider.getAttribute('aria-valuemax')).toBe('130');
    expect(slider.getAttribute('aria-valuetext')).toBe('0:00 of 2:10');
    expect(screen.getByText('0:00 / 2:10')).toBeTruthy();
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(audio.currentTime).toBe(5);
    expect(slider.getAttribute('aria-valuenow')).toBe('5');
    fireEvent.keyDown(slider, { key: 'PageUp' });
    expect(audio.currentTime).toBe(25);
    fireEvent.keyDown(slider, { key: 'ArrowLeft' });
    expect(audio.currentTime).toBe(20);
    expect(slider.getAttribute('aria-valuetext')).toBe('0:20 of 2:10');
    fireEvent.keyDown(slider, { key: 'End' });
    expect(audio.currentTime).toBe(130);
    fireEvent.keyDown(slider, { key: 'Home' });
    expect(audio.currentTime).toBe(0);
  });

  it('a click on the waveform seeks to the time under it', () => {
    const { container } = render(<AudioPlayer src="/files/outputs/rain.wav" label="Generated sound" />);
    const audio = container.querySelector('audio')!;
    setDuration(audio, 40);
    const slider = screen.getByRole('slider', { name: 'Seek Generated sound' });
    vi.spyOn(slider, 'getBoundingClientRect').mockReturnValue({ left: 100, width: 200 } as DOMRect);
    fireEvent.pointerDown(slider, { clientX: 150, pointerId: 1 });
    expect(audio.currentTime).toBe(10);
  });

  it('draws its bars from the decoded sound, played bars in the accent', async () => {
    const samples = new Float32Array(WAVEFORM_BARS * 10).map((_, i) => (i < WAVEFORM_BARS * 5 ? 0.1 : 0.8));
    class FakeContext {
      decodeAudioData = async () => ({ getChannelData: () => samples });
    }
    vi.stubGlobal('OfflineAudioContext', FakeContext);
    const { container } = render(<AudioPlayer src="/files/outputs/rain.wav" label="Generated sound" />);
    await vi.waitFor(() => {
      const heights = [...container.querySelectorAll('rect')].map((r) => Number(r.getAttribute('height')));
      expect(heights).toHaveLength(WAVEFORM_BARS);
      expect(heights[0]).toBeLessThan(heights[WAVEFORM_BARS - 1]!);
    });
    expect(fetch).toHaveBeenCalledWith('/files/outputs/rain.wav', expect.anything());
  });
});

describe('the video player', () => {
  it('TOOL-46: video: Play toggles, Mute is a pressed toggle, the seek bar moves by keys', () => {
    const { container } = render(<VideoPlayer src="/files/outputs/clip.mp4" label="Generated video" />);
    const video = container.querySelector('video')!;
    expect(video.hasAttribute('controls')).toBe(false);
    setDuration(video, 12);
    fireEvent.click(screen.getByRole('button', { name: 'Play' }));
    expect(HTMLMediaElement.prototype.play).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Pause' })).toBeTruthy();
    const mute = screen.getByRole('button', { name: 'Mute' });
    expect(mute.getAttribute('aria-pressed')).toBe('false');
    fireEvent.click(mute);
    expect(video.muted).toBe(true);
    act(() => void video.dispatchEvent(new Event('volumechange')));
    expect(mute.getAttribute('aria-pressed')).toBe('true');
    const slider = screen.getByRole('slider', { name: 'Seek Generated video' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(10);
    fireEvent.keyDown(slider, { key: 'ArrowRight' });
    expect(video.currentTime).toBe(12);
    expect(screen.getByRole('button', { name: 'Full screen' })).toBeTruthy();
  });
});

describe('media helpers', () => {
  it('reads times as m:ss, seeks within the length, finds the time under a pointer and scales peaks', () => {
    expect([clock(0), clock(9.7), clock(75), clock(3725), clock(Number.NaN)]).toEqual([
      '0:00',
      '0:09',
      '1:15',
      '1:02:05',
      '0:00',
    ]);
    expect(seekByKey('ArrowLeft', 2, 30)).toBe(0);
    expect(seekByKey('PageDown', 30, 30)).toBe(10);
    expect(seekByKey('a', 2, 30)).toBeNull();
    expect(timeAt(400, { left: 100, width: 200 }, 30)).toBe(30);
    expect(peaksOf(new Float32Array([0, 0.5, -1, 0.25]), 2)).toEqual([0.5, 1]);
    expect(peaksOf(new Float32Array(4), 2)).toEqual([0, 0]);
  });
});
