/**
 * The sizes every theme shares: the space scale (gaps, paddings, margins), the type scale and the
 * shape (radii, font family). Assigned once on `:root` (themes.css.ts), not by each preset, so the
 * sixty theme rules carry only colours and shadows. Fitted to the sizes the pages used before the
 * scale, so they look the same.
 */
export const space = {
  /** Hairline gaps: a list's rows, a caption under its value. */
  xxxs: '2px',
  xxs: '4px',
  xs: '6px',
  /** The gap between related items: chips, a card's lines. */
  sm: '8px',
  md: '12px',
  /** A compact card's padding; the gap between cards. */
  lg: '16px',
  xl: '20px',
  /** A card's padding; the gap between a page's blocks. */
  xxl: '24px',
  xxxl: '32px',
  /** An empty state's padding; the page's foot on a phone. */
  huge: '48px',
  /** The page's foot on a wide screen. */
  vast: '64px',
} as const;

export const fontSize = {
  /** Uppercase badges and tiny captions. */
  xxs: '12px',
  /** Hints, meta lines, code. */
  xs: '13px',
  /** Secondary text, labels, tables, chips. */
  sm: '14px',
  /** Controls: inputs, buttons, navigation links. */
  md: '15px',
  /** Body text (the page's base size) and card titles. */
  body: '16px',
  /** A page's lead paragraph. */
  lead: '17px',
  /** Card, panel and brand titles. */
  lg: '18px',
  /** Section and dialog titles. */
  xl: '20px',
  /** A status page's title. */
  xxl: '28px',
  /** A large figure: a plan's price. */
  figure: '40px',
  /** A status page's code (404). */
  display: '64px',
  /** A page's title, growing with the window. */
  title: 'clamp(28px, 3vw, 36px)',
  /** The home page's headline. */
  hero: 'clamp(30px, 3.6vw, 46px)',
  /** The line under the home page's headline. */
  heroLead: 'clamp(16px, 1.6vw, 19px)',
} as const;

export const radius = { sm: '8px', md: '12px', lg: '16px', xl: '24px', pill: '999px' } as const;

export const font = {
  body: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
} as const;

export type SpaceToken = keyof typeof space;
export type FontSizeToken = keyof typeof fontSize;
