import { useEffect, useRef, useState } from 'react';
import { peaksOf, clock } from './media-time';
import { PlayButton } from './play-button';
import { SeekBar } from './seek-bar';
import { useMediaState } from './use-media';
import * as styles from './media.css';

/** How many bars the waveform draws. */
export const WAVEFORM_BARS = 64;

/**
 * The themed audio player: Play/Pause, the waveform of the sound itself (decoded in the browser with Web Audio; flat
 * bars until then, or if it cannot be decoded) coloured as far as it has played, which is the seek bar, and the
 * time played and the whole length. `label` names it (the prompt or the creation's title).
 */
export function AudioPlayer({ src, label, className }: { src: string; label: string; className?: string }) {
  const ref = useRef<HTMLAudioElement>(null);
  const media = useMediaState(ref);
  const peaks = useWaveform(src);
  return (
    <div className={`${styles.player} ${className ?? ''}`} role="group" aria-label={label}>
      <audio ref={ref} src={src} preload="metadata" />
      <PlayButton playing={media.playing} onToggle={media.toggle} />
      <SeekBar label={`Seek ${label}`} time={media.time} duration={media.duration} onSeek={media.seek}>
        {(played) => (
          <svg
            className={styles.wave}
            viewBox={`0 0 ${WAVEFORM_BARS * 3} 40`}
            preserveAspectRatio="none"
            aria-hidden="true"
            focusable="false"
          >
            {peaks.map((peak, i) => {
              const height = Math.max(2, peak * 36);
              return (
                <rect
                  key={i}
                  x={i * 3}
                  y={(40 - height) / 2}
                  width={2}
                  height={height}
                  rx={1}
                  className={(i + 0.5) / peaks.length <= played ? styles.barPlayed : styles.barAhead}
                />
              );
            })}
          </svg>
        )}
      </SeekBar>
      <span className={styles.time}>
        {clock(media.time)} / {clock(media.duration)}
      </span>
    </div>
  );
}

const flat = Array.from({ length: WAVEFORM_BARS }, () => 0.15);

/** The waveform's bars of `src`: fetched and decoded once per address; flat bars until then or if that fails. */
function useWaveform(src: string): number[] {
  const [peaks, setPeaks] = useState<number[]>(flat);
  useEffect(() => {
    const Context = typeof window === 'undefined' ? undefined : window.OfflineAudioContext;
    if (!Context) return;
    const abort = new AbortController();
    fetch(src, { signal: abort.signal })
      .then((answer) => (answer.ok ? answer.arrayBuffer() : Promise.reject(new Error(String(answer.status)))))
      .then((bytes) => new Context(1, 1, 44_100).decodeAudioData(bytes))
      .then((audio) => {
        if (!abort.signal.aborted) setPeaks(peaksOf(audio.getChannelData(0), WAVEFORM_BARS));
      })
      .catch(() => undefined);
    return () => abort.abort();
  }, [src]);
  return peaks;
}
