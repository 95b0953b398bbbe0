/** Example inputs and answers of the prompt flows (the flows viewer, the models and the path adapters). */
import type { EnhanceAnswer, PromptHistoryAnswer, PromptStyle } from '../../api/schemas';
import { noTarget } from './prompts.types';

export const promptFlowInput = { toolKey: 'text-to-image', target: noTarget };
export const recentPrompts: PromptHistoryAnswer = {
  prompts: [
    { prompt: 'a red fox', uses: 2, lastUsedAt: '2026-01-05T10:00:00.000Z' },
    { prompt: 'a lighthouse at dusk', uses: 1, lastUsedAt: '2026-01-04T10:00:00.000Z' },
  ],
};
export const cinematic: PromptStyle = {
  id: 'b3f0c6a2-5d1e-4f7a-9c2b-0e8d7f6a5b4c',
  name: 'Cinematic',
  template: 'cinematic still of {prompt}',
};
export const offlineSuggestion: EnhanceAnswer = {
  prompt: 'a red fox, highly detailed, cinematic photograph, soft golden hour light, rule of thirds',
  source: 'offline',
};
