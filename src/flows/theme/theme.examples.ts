/** The theme's examples: a stored and a saved choice, and a choice to select. */
import type { FlowExamples } from '../shared/examples';

export const examples: FlowExamples = {
  answers: { readStoredTheme: 'dark', loadRemoteTheme: 'dark', saveRemoteTheme: null },
  events: { 'theme.select': { theme: 'dark' } },
};
