import type { ReactNode } from 'react';
import { clock, seekByKey, timeAt } from './media-time';
import * as styles from './media.css';

/**
 * A seek bar: a slider (role="slider", its value the time in seconds and read as "0:42 of 2:10") that a click or
 * a drag moves to the time under the pointer and the arrow, Page, Home and End keys move by steps. `children`
 * draws it (the waveform's bars or a plain track), given the part played (0..1).
 */
export function SeekBar({
  label,
  time,
  duration,
  onSeek,
  children,
}: {
  label: string;
  time: number;
  duration: number;
  onSeek: (time: number) => void;
  children: (played: number) => ReactNode;
}) {
  const played = duration > 0 ? Math.min(1, time / duration) : 0;
  const seekTo = (clientX: number, element: HTMLElement) =>
    onSeek(timeAt(clientX, element.getBoundingClientRect(), duration));
  return (
    <div
      className={styles.seek}
      role="slider"
      tabIndex={0}
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(time)}
      aria-valuetext={`${clock(time)} of ${clock(duration)}`}
      aria-disabled={duration > 0 ? undefined : true}
      onKeyDown={(event) => {
        const to = seekByKey(event.key, time, duration);
        if (to === null || duration <= 0) return;
        event.preventDefault();
        onSeek(to);
      }}
      onPointerDown={(event) => {
        if (duration <= 0) return;
        const element = event.currentTarget;
        element.setPointerCapture?.(event.pointerId);
        seekTo(event.clientX, element);
      }}
      onPointerMove={(event) => {
        if (duration > 0 && event.currentTarget.hasPointerCapture?.(event.pointerId))
          seekTo(event.clientX, event.currentTarget);
      }}
    >
      {children(played)}
    </div>
  );
}
