import { style } from '@vanilla-extract/css';

export const page = style({ display: 'flex', justifyContent: 'center', padding: '32px 0' });
export const stack = style({ display: 'flex', flexDirection: 'column', gap: 20 });
/** Paragraphs inside a stack or form: the container's gap spaces them, not the browser's margins. */
export const text = style({ margin: 0 });
