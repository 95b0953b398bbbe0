/**
 * The brand mark: a rounded square in the theme's button colour with a letter A and a dot in its text colour.
 * Drawn by the app's header (src/components/ui/icons) and by the pages the server writes (server/lib/app-look.ts).
 */
export const brandMark = {
  viewBox: '0 0 32 32',
  radius: 9,
  letter: 'M16 7l7.5 18h-3.4L16 14.6 11.9 25H8.5z',
  dot: { cx: 16, cy: 21, r: 2 },
} as const;
