import { style } from '@vanilla-extract/css';
import { vars } from '../../themes/contract.css';

export const root = style({ marginBottom: vars.space.lg });
