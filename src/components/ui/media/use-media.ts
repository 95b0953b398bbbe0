import { useCallback, useEffect, useState, type RefObject } from 'react';

export interface MediaState {
  playing: boolean;
  time: number;
  duration: number;
  muted: boolean;
}

/** A media element's play state, time, duration and mute as React state, from the element's own events. */
export function useMediaState(ref: RefObject<HTMLMediaElement | null>) {
  const [state, setState] = useState<MediaState>({ playing: false, time: 0, duration: 0, muted: false });
  useEffect(() => {
    const media = ref.current;
    if (!media) return;
    const read = () =>
      setState({
        playing: !media.paused && !media.ended,
        time: media.currentTime,
        duration: Number.isFinite(media.duration) ? media.duration : 0,
        muted: media.muted,
      });
    const events = [
      'play',
      'pause',
      'ended',
      'timeupdate',
      'durationchange',
      'loadedmetadata',
      'volumechange',
      'seeked',
    ];
    for (const name of events) media.addEventListener(name, read);
    read();
    return () => {
      for (const name of events) media.removeEventListener(name, read);
    };
  }, [ref]);
  const toggle = useCallback(() => {
    const media = ref.current;
    if (!media) return;
    if (media.paused || media.ended) void media.play().catch(() => undefined);
    else media.pause();
  }, [ref]);
  const seek = useCallback(
    (time: number) => {
      const media = ref.current;
      if (!media) return;
      media.currentTime = time;
      // The slider answers at once, before the element's 'seeked'.
      setState((s) => ({ ...s, time }));
    },
    [ref],
  );
  const toggleMute = useCallback(() => {
    const media = ref.current;
    if (media) media.muted = !media.muted;
  }, [ref]);
  return { ...state, toggle, seek, toggleMute };
}
