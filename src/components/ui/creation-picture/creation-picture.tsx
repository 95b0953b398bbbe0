/**
 * A creation's picture in a tile (My creations, the catalogue's strip of recent creations; CREATIONS-15,
 * CREATIONS-16): its thumbnail (a WebP of at most 384 px the server made once: an image scaled, a video's first
 * frame, an audio's waveform) with its width and height set so nothing moves as it arrives, loaded lazily and
 * decoded off the main thread; a text's or code's first words; else an icon and a word. A run made before
 * thumbnails shows its image itself. The picture is decorative: the tile's link names the creation.
 * A picture that does not load is told with its address (`onBroken`, CREATIONS-20: the list's flow reads its
 * runs again when that address has passed its end).
 */
import type { Creation } from '../../../api/schemas';
import { outputKindIcon } from '../icons/creation-icons';
import * as styles from './creation-picture.css';

const firstOutput = (c: Creation): string | null => (Array.isArray(c.output) ? (c.output[0] ?? null) : c.output);

export function CreationPicture({
  creation,
  word,
  onBroken,
}: {
  creation: Creation;
  word: string;
  onBroken?: ((url: string) => void) | undefined;
}) {
  const done = creation.status === 'succeeded';
  const broken = onBroken
    ? (e: { currentTarget: HTMLImageElement | HTMLVideoElement }) => onBroken(e.currentTarget.src)
    : undefined;
  const { thumb } = creation;
  if (done && thumb)
    return (
      <img
        className={styles.media}
        src={thumb.url}
        width={thumb.width}
        height={thumb.height}
        alt=""
        loading="lazy"
        decoding="async"
        onError={broken}
      />
    );
  if (done && creation.snippet)
    return (
      <span className={`${styles.snippet} ${creation.outputKind === 'code' ? styles.code : ''}`} aria-hidden="true">
        {creation.snippet}
      </span>
    );
  const output = firstOutput(creation);
  if (done && output && creation.outputKind === 'image')
    return <img className={styles.media} src={output} alt="" loading="lazy" decoding="async" onError={broken} />;
  if (done && output && creation.outputKind === 'video')
    return <video className={styles.media} src={output} preload="metadata" muted aria-hidden="true" onError={broken} />;
  return (
    <span className={styles.kind} aria-hidden="true">
      {outputKindIcon[creation.outputKind]}
      {word}
    </span>
  );
}
