import { style } from '@vanilla-extract/css';

// The notice sits above the page's first block (the hero on /), which has no top margin of its own.
export const root = style({ marginBottom: 16 });
