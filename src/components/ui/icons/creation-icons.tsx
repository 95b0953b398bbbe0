/**
 * The icons of a stored run (My creations' tiles, the catalogue's strip of recent creations), kept out
 * of the first load: a tile's picture for each kind of output, and a tile's Download, Delete and star (COLLECT-1).
 */
import type { JSX } from 'react';
import type { Creation } from '../../../api/schemas';
import { Icon, icons } from './icons';

/** The picture of a run whose output is not an image or a clip (or not there). */
export const outputKindIcon: Record<Creation['outputKind'], JSX.Element> = {
  image: icons.image,
  video: icons.video,
  audio: icons.audio,
  model3d: icons.cube,
  text: icons.text,
  code: icons.text,
};

/** A tile's two small actions (their names are their buttons' accessible names and tooltips). */
export const actionIcon = {
  download: (
    <Icon width="18" height="18">
      <path d="M12 4v11m0 0-4.5-4.5M12 15l4.5-4.5M5 19.5h14" />
    </Icon>
  ),
  delete: (
    <Icon width="18" height="18">
      <path d="M4.5 7h15M10 11v6m4-6v6M6.5 7l1 12.5h9l1-12.5M9.5 7V4.5h5V7" />
    </Icon>
  ),
};

/** COLLECT-1: a star, filled while the creation is starred. */
export const starIcon = (filled: boolean) => (
  <Icon width="18" height="18" fill={filled ? 'currentColor' : 'none'}>
    <path d="m12 3.8 2.5 5.1 5.6.8-4.05 3.95.96 5.6L12 16.6l-5.01 2.65.96-5.6L3.9 9.7l5.6-.8z" />
  </Icon>
);
