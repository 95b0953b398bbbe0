import type { ReactNode, SVGProps } from 'react';
import { brandMark } from '../../../themes/brand';

/** Our own 24×24 line icons; they inherit the text colour. */
export function Icon({ children, ...props }: SVGProps<SVGSVGElement> & { children: ReactNode }) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}

export const icons = {
  all: (
    <Icon>
      <rect x="3.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="3.5" width="7" height="7" rx="1.5" />
      <rect x="3.5" y="13.5" width="7" height="7" rx="1.5" />
      <rect x="13.5" y="13.5" width="7" height="7" rx="1.5" />
    </Icon>
  ),
  image: (
    <Icon>
      <rect x="3" y="4" width="18" height="16" rx="2.5" />
      <circle cx="9" cy="9.5" r="1.8" />
      <path d="M21 16l-5-5-8.5 9" />
    </Icon>
  ),
  video: (
    <Icon>
      <rect x="3" y="5.5" width="13" height="13" rx="2.5" />
      <path d="M16 10.5l5-3v9l-5-3z" />
    </Icon>
  ),
  text: (
    <Icon>
      <path d="M5 6h14M5 10.5h14M5 15h9M5 19.5h6" />
    </Icon>
  ),
  audio: (
    <Icon>
      <path d="M4 10v4M8 7v10M12 4v16M16 8v8M20 10.5v3" />
    </Icon>
  ),
  cube: (
    <Icon>
      <path d="M12 3l8 4.5v9L12 21l-8-4.5v-9z" />
      <path d="M4 7.5l8 4.5 8-4.5M12 12v9" />
    </Icon>
  ),
  creations: (
    <Icon>
      <path d="M4 7.5A2.5 2.5 0 0 1 6.5 5H10l2 2.5h5.5A2.5 2.5 0 0 1 20 10v7.5a2.5 2.5 0 0 1-2.5 2.5h-11A2.5 2.5 0 0 1 4 17.5z" />
      <path d="M12 11.5l1 2 2 .3-1.5 1.4.4 2-1.9-1-1.9 1 .4-2L9 13.8l2-.3z" />
    </Icon>
  ),
  themes: (
    <Icon>
      <path d="M12 3a9 9 0 100 18c1.2 0 1.8-.8 1.8-1.7 0-1.3-1-1.6-1-2.8 0-1 .8-1.7 1.8-1.7H17a4 4 0 004-4C21 6.4 17 3 12 3z" />
      <circle cx="7.5" cy="11" r="1.2" />
      <circle cx="10.5" cy="7" r="1.2" />
      <circle cx="15.5" cy="7.5" r="1.2" />
    </Icon>
  ),
  settings: (
    <Icon>
      <circle cx="12" cy="12" r="3" />
      <path d="M19.4 15a1.7 1.7 0 00.3 1.8l.1.1a2 2 0 11-2.8 2.8l-.1-.1a1.7 1.7 0 00-1.8-.3 1.7 1.7 0 00-1 1.5V21a2 2 0 11-4 0v-.1a1.7 1.7 0 00-1.1-1.5 1.7 1.7 0 00-1.8.3l-.1.1a2 2 0 11-2.8-2.8l.1-.1a1.7 1.7 0 00.3-1.8 1.7 1.7 0 00-1.5-1H3a2 2 0 110-4h.1a1.7 1.7 0 001.5-1.1 1.7 1.7 0 00-.3-1.8l-.1-.1a2 2 0 112.8-2.8l.1.1a1.7 1.7 0 001.8.3H9a1.7 1.7 0 001-1.5V3a2 2 0 114 0v.1a1.7 1.7 0 001 1.5 1.7 1.7 0 001.8-.3l.1-.1a2 2 0 112.8 2.8l-.1.1a1.7 1.7 0 00-.3 1.8V9a1.7 1.7 0 001.5 1H21a2 2 0 110 4h-.1a1.7 1.7 0 00-1.5 1z" />
    </Icon>
  ),
  support: (
    <Icon>
      <circle cx="12" cy="12" r="9" />
      <path d="M9.5 9.2a2.6 2.6 0 015 .9c0 1.7-2.5 2.3-2.5 3.9" />
      <circle cx="12" cy="17.2" r=".6" fill="currentColor" />
    </Icon>
  ),
  terms: (
    <Icon>
      <path d="M7 3h7l5 5v13H7z" />
      <path d="M14 3v5h5M10 13h6M10 17h6" />
    </Icon>
  ),
  privacy: (
    <Icon>
      <path d="M12 3l8 3v6c0 4.5-3.4 8-8 9-4.6-1-8-4.5-8-9V6z" />
      <path d="M9 12l2 2 4-4" />
    </Icon>
  ),
  flows: (
    <Icon>
      <circle cx="6" cy="6" r="2.5" />
      <circle cx="18" cy="12" r="2.5" />
      <circle cx="6" cy="18" r="2.5" />
      <path d="M8.5 6.8l7 4M8.5 17.2l7-4" />
    </Icon>
  ),
  menu: (
    <Icon>
      <path d="M4 7h16M4 12h16M4 17h16" />
    </Icon>
  ),
  collapse: (
    <Icon>
      <rect x="3.5" y="4" width="17" height="16" rx="2.5" />
      <path d="M9 4v16M15.5 10l-2 2 2 2" />
    </Icon>
  ),
  expand: (
    <Icon>
      <rect x="3.5" y="4" width="17" height="16" rx="2.5" />
      <path d="M9 4v16M13.5 10l2 2-2 2" />
    </Icon>
  ),
  coin: (
    <Icon>
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5v9M9.5 9.5h3.8a1.7 1.7 0 010 3.4h-2.6a1.7 1.7 0 000 3.4H14.5" />
    </Icon>
  ),
  sparkle: (
    <Icon>
      <path d="M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8z" />
      <path d="M19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8z" />
    </Icon>
  ),
  search: (
    <Icon>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M20 20l-4.2-4.2" />
    </Icon>
  ),
} as const;

export type IconName = keyof typeof icons;

/** The brand mark: a stylised easel/aperture. */
export function Logo({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox={brandMark.viewBox} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx={brandMark.radius} fill="var(--atelier-color-button)" />
      <path d={brandMark.letter} fill="var(--atelier-color-buttonText)" />
      <circle {...brandMark.dot} fill="var(--atelier-color-buttonText)" />
    </svg>
  );
}
