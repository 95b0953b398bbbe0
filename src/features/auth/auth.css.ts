import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';
import { stack as stacks } from '../../components/ui/layout/layout.css';

export const page = style({ display: 'flex', justifyContent: 'center', padding: `${vars.space.xxxl} 0` });
export const stack = stacks.xl;
/** Paragraphs inside a stack or form: the container's gap spaces them, not the browser's margins. */
export const text = style({ margin: 0 });
