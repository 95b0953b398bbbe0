/** The sidebar's examples: a desktop width to start with, a phone's to resize to. */
import type { FlowExamples } from '../shared/examples';

export const examples: FlowExamples = {
  inputs: { sidebar: { width: 1280 } },
  events: { 'viewport.resized': { width: 390 } },
};
