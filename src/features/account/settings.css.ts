import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const sections = style({ display: 'flex', flexDirection: 'column', gap: 20, maxWidth: 760 });
export const section = style({ display: 'flex', flexDirection: 'column', gap: 14 });
export const row = style({ display: 'flex', justifyContent: 'space-between', gap: 12, flexWrap: 'wrap' });
export const term = style({ color: vars.color.textSecondary, fontSize: 14 });
export const value = style({ fontWeight: 600 });
export const danger = style({ borderColor: vars.color.danger });
