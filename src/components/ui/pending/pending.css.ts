import { style } from '@vanilla-extract/css';

/**
 * A part that depends on who is signed in, while the app does not know yet (useSessionKnown): it keeps
 * its place in the layout (so nothing shifts when it appears) but is neither seen nor read out.
 */
export const untilKnown = style({
  selectors: { '&[data-pending="true"]': { visibility: 'hidden' } },
});
