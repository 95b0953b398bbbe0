import { useRef } from 'react';
import { clock } from './media-time';
import { PlayButton } from './play-button';
import { SeekBar } from './seek-bar';
import { useMediaState } from './use-media';
import * as styles from './media.css';

/**
 * The themed video player: the picture (a click plays or pauses it), then a bar of Play/Pause, the seek bar, the time
 * played and the whole length, Mute and Full screen. `label` names it.
 */
export function VideoPlayer({ src, label, className }: { src: string; label: string; className?: string }) {
  const frame = useRef<HTMLDivElement>(null);
  const ref = useRef<HTMLVideoElement>(null);
  const media = useMediaState(ref);
  const fullScreen = () => {
    const element = frame.current;
    if (!element) return;
    if (document.fullscreenElement) void document.exitFullscreen().catch(() => undefined);
    else void element.requestFullscreen?.().catch(() => undefined);
  };
  return (
    <div ref={frame} className={`${styles.videoFrame} ${className ?? ''}`} role="group" aria-label={label}>
      <video ref={ref} className={styles.video} src={src} playsInline preload="metadata" onClick={media.toggle} />
      <div className={styles.player}>
        <PlayButton playing={media.playing} onToggle={media.toggle} />
        <SeekBar label={`Seek ${label}`} time={media.time} duration={media.duration} onSeek={media.seek}>
          {(played) => (
            <div className={styles.track} aria-hidden="true">
              <div className={styles.trackPlayed} style={{ width: `${played * 100}%` }} />
            </div>
          )}
        </SeekBar>
        <span className={styles.time}>
          {clock(media.time)} / {clock(media.duration)}
        </span>
        <button
          type="button"
          className={styles.control}
          onClick={media.toggleMute}
          aria-label="Mute"
          aria-pressed={media.muted}
        >
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
            {media.muted ? (
              <path d="M16 9.5l5 5M21 9.5l-5 5" />
            ) : (
              <path d="M16 9a4.5 4.5 0 0 1 0 6M18.5 6.5a8 8 0 0 1 0 11" />
            )}
          </svg>
        </button>
        <button type="button" className={styles.control} onClick={fullScreen} aria-label="Full screen">
          <svg
            width="18"
            height="18"
            viewBox="0 0 24 24"
            aria-hidden="true"
            focusable="false"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
          </svg>
        </button>
      </div>
    </div>
  );
}
