/** Shared pieces of the themed audio and video players: a time as m:ss, the seek step and the keys that seek. */

/** Seconds as m:ss (h:mm:ss from an hour); an unknown or negative time reads 0:00. */
export function clock(seconds: number): string {
  const whole = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(whole / 3600);
  const m = Math.floor((whole % 3600) / 60);
  const s = String(whole % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${s}` : `${m}:${s}`;
}

/** The arrow keys move a seek bar by this many seconds; Page Up/Down by four times as much. */
export const SEEK_STEP = 5;

/** Where a key on a seek bar moves the time (null: not a seek key), clamped to 0..duration. */
export function seekByKey(key: string, time: number, duration: number): number | null {
  const end = Number.isFinite(duration) ? duration : 0;
  const to = (t: number) => Math.min(end, Math.max(0, t));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return to(time + SEEK_STEP);
    case 'ArrowLeft':
    case 'ArrowDown':
      return to(time - SEEK_STEP);
    case 'PageUp':
      return to(time + SEEK_STEP * 4);
    case 'PageDown':
      return to(time - SEEK_STEP * 4);
    case 'Home':
      return 0;
    case 'End':
      return end;
    default:
      return null;
  }
}

/** The time at a pointer's x over a bar (its bounding box), clamped to 0..duration. */
export function timeAt(clientX: number, box: { left: number; width: number }, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0 || box.width <= 0) return 0;
  const fraction = Math.min(1, Math.max(0, (clientX - box.left) / box.width));
  return fraction * duration;
}

/**
 * A waveform's bars: the loudest sample of each of `count` equal slices of the first channel, scaled so the
 * loudest bar is 1 (silence: all 0).
 */
export function peaksOf(samples: Float32Array, count: number): number[] {
  const peaks: number[] = [];
  const slice = samples.length / count;
  for (let i = 0; i < count; i++) {
    let peak = 0;
    const end = Math.min(samples.length, Math.floor((i + 1) * slice));
    for (let j = Math.floor(i * slice); j < end; j++) peak = Math.max(peak, Math.abs(samples[j]!));
    peaks.push(peak);
  }
  const loudest = Math.max(0, ...peaks);
  return loudest > 0 ? peaks.map((p) => p / loudest) : peaks;
}
