import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

// The notice sits above the page's first block (the hero on /), which has no top margin of its own.
export const root = style({ marginBottom: vars.space.lg });
