/**
 * Offline audio, 16-bit mono WAV: speech from the prompt with eSpeak NG (WebAssembly, the
 * `espeak-ng` package), and music and sound effects synthesised to the requested duration from
 * the prompt's seed (a chord progression; filtered noise with swells and bursts).
 */
import type { TaskContext } from '../../workers/context';
import { clamp, rngAt } from './seed';
import { encodeWav } from './wav';

export const SAMPLE_RATE = 22_050;
/** Longest music or sound the offline model writes, in seconds. */
export const MAX_AUDIO_SECONDS = 120;
const MAX_SPEECH_CHARS = 2000;

// ---------- voice ----------

/** Bark-style presets ('v2/en_speaker_6') mapped to an eSpeak voice: language plus a variant per speaker. */
const VARIANTS = ['m1', 'f1', 'm3', 'f2', 'm7', 'f3', 'm2', 'f4', 'm5', 'f5'];
const LANGUAGES: Record<string, string> = {
  en: 'en-us',
  de: 'de',
  es: 'es',
  fr: 'fr',
  hi: 'hi',
  it: 'it',
  ja: 'ja',
  ko: 'ko',
  pl: 'pl',
  pt: 'pt',
  ru: 'ru',
  tr: 'tr',
  zh: 'cmn',
};

export function espeakVoice(preset: string): string {
  const match = /(?:^|\/)([a-z]{2})_speaker_(\d)/i.exec(preset);
  const language = LANGUAGES[match?.[1]?.toLowerCase() ?? 'en'] ?? 'en-us';
  const variant = VARIANTS[Number(match?.[2] ?? 0) % VARIANTS.length] ?? 'm1';
  return `${language}+${variant}`;
}

export async function speak(text: string, preset: string, ctx: TaskContext): Promise<Uint8Array> {
  const words = text.replace(/\s+/g, ' ').trim().slice(0, MAX_SPEECH_CHARS) || 'Hello from Atelier.';
  const { default: ESpeakNg } = await import('espeak-ng');
  ctx.throwIfCancelled();
  const errors: string[] = [];
  // A fresh instance per run: the WebAssembly module runs main() once, like the command line.
  const espeak = await ESpeakNg({
    arguments: ['-w', '/tmp/voice.wav', '-v', espeakVoice(preset), '-s', '165', words],
    print: () => {},
    printErr: (line: string) => errors.push(line),
  });
  try {
    return espeak.FS.readFile('/tmp/voice.wav');
  } catch {
    throw new Error(`espeak-ng wrote no audio: ${errors.join(' ').slice(0, 300)}`);
  }
}

// ---------- music ----------

const PROGRESSIONS = [
  [0, 7, 9, 5], // I V vi IV
  [0, 5, 7, 5], // I IV V IV
  [9, 5, 0, 7], // vi IV I V
  [0, 9, 5, 7], // I vi IV V
  [2, 7, 0, 0], // ii V I I
];

function triad(root: number, minor: boolean): number[] {
  return [root, root + (minor ? 3 : 4), root + 7];
}

const isMinorDegree = (d: number) => d === 2 || d === 4 || d === 9;

export function music(seed: Uint8Array, seconds: number, ctx: TaskContext): Float32Array {
  const random = rngAt(seed, 8);
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  const progression = PROGRESSIONS[Math.floor(random() * PROGRESSIONS.length)] ?? [0, 7, 9, 5];
  const keyHz = 130.81 * 2 ** (Math.floor(random() * 12) / 12); // C3 up to B3
  const bpm = 72 + Math.floor(random() * 56);
  const beat = 60 / bpm;
  const bar = beat * 4;
  const arpeggioPattern = [0, 1, 2, 1, 0, 2, 1, 2].map((i) => (random() < 0.2 ? (i + 1) % 3 : i));
  const hz = (semitones: number) => keyHz * 2 ** (semitones / 12);
  for (let i = 0; i < out.length; i++) {
    if ((i & 0xffff) === 0) ctx.throwIfCancelled();
    const t = i / SAMPLE_RATE;
    const barIndex = Math.floor(t / bar);
    const inBar = t - barIndex * bar;
    const degree = progression[barIndex % progression.length] ?? 0;
    const chord = triad(degree, isMinorDegree(degree));
    // Pad: the chord, softly, swelling in each bar.
    const padEnv = Math.min(1, inBar / 0.3) * (0.7 + 0.3 * Math.cos((inBar / bar) * Math.PI));
    let s = 0;
    for (const note of chord) s += Math.sin(2 * Math.PI * hz(note) * t) * 0.09 * padEnv;
    // Arpeggio: eighth notes an octave up, plucked.
    const eighth = beat / 2;
    const step = Math.floor(inBar / eighth);
    const inStep = inBar - step * eighth;
    const arpNote = chord[arpeggioPattern[step % arpeggioPattern.length] ?? 0] ?? 0;
    const pluck = Math.exp(-inStep * 7) * Math.min(1, inStep / 0.005);
    s += Math.sin(2 * Math.PI * hz(arpNote + 12) * t) * 0.2 * pluck;
    s += Math.sin(4 * Math.PI * hz(arpNote + 12) * t) * 0.05 * pluck;
    // Bass on each beat.
    const inBeat = inBar % beat;
    s += Math.sin(2 * Math.PI * hz(degree - 12) * t) * 0.22 * Math.exp(-inBeat * 3);
    out[i] = s;
  }
  fade(out);
  return out;
}

// ---------- sound effects ----------

export function sound(seed: Uint8Array, seconds: number, ctx: TaskContext): Float32Array {
  const random = rngAt(seed, 12);
  const out = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  // Low-passed noise with a slow swell and a few bursts: wind, rain, rumble, depending on the seed.
  const smoothing = 0.02 + random() * 0.4;
  const swell = 0.1 + random() * 0.6;
  const bursts = Array.from({ length: 1 + Math.floor(random() * (seconds / 2 + 2)) }, () => random() * seconds);
  const crackle = random() * 0.004;
  let last = 0;
  for (let i = 0; i < out.length; i++) {
    if ((i & 0xffff) === 0) ctx.throwIfCancelled();
    const t = i / SAMPLE_RATE;
    last += (random() * 2 - 1 - last) * smoothing;
    let env = 0.5 + 0.4 * Math.sin(2 * Math.PI * swell * t);
    for (const b of bursts) if (t >= b && t - b < 1.5) env += 0.8 * Math.exp(-(t - b) * 6);
    const pop = random() < crackle ? random() * 0.6 - 0.3 : 0;
    out[i] = clamp(last * env * 1.5 + pop, -1, 1);
  }
  fade(out);
  return out;
}

function fade(samples: Float32Array): void {
  const n = Math.min(samples.length >> 1, Math.floor(SAMPLE_RATE * 0.05));
  for (let i = 0; i < n; i++) {
    samples[i] = (samples[i] ?? 0) * (i / n);
    const k = samples.length - 1 - i;
    samples[k] = (samples[k] ?? 0) * (i / n);
  }
}

export function synthesise(kind: 'music' | 'sound', seed: Uint8Array, seconds: number, ctx: TaskContext): Uint8Array {
  const duration = clamp(seconds, 1, MAX_AUDIO_SECONDS);
  const samples = kind === 'music' ? music(seed, duration, ctx) : sound(seed, duration, ctx);
  return encodeWav(samples, SAMPLE_RATE);
}
