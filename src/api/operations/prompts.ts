/**
 * The signed-in user's prompts (PROMPT, ENHANCE): the prompts run per tool (searched), clearing them, saved styles
 * with a `{prompt}` slot, and Enhance prompt (free, limited per account and hour).
 */
import * as s from '../schemas';
import { bearer } from './bearer';
import type { OperationSpec } from './types';

const style = {
  id: 'b3f0c6a2-5d1e-4f7a-9c2b-0e8d7f6a5b4c',
  name: 'Cinematic',
  template: 'cinematic still of {prompt}',
};

export const promptOperations = {
  listPromptHistory: bearer('prompts', {
    method: 'get',
    path: '/api/prompts/history',
    summary: "The prompts the account ran with one tool, most recent first (kept after their creations' deletion)",
    description: '`q` keeps the prompts that contain it (case-insensitive); `limit` 1 to 100 (default 20).',
    query: s.PromptHistoryQuery,
    answer: s.PromptHistoryAnswer,
    status: 200,
    errors: [400],
    examples: {
      request: { query: { toolKey: 'text-to-image', q: 'fox', limit: '20' } },
      answer: { prompts: [{ prompt: 'a red fox', uses: 2, lastUsedAt: '2026-01-05T10:00:00.000Z' }] },
    },
  }),
  clearPromptHistory: bearer('prompts', {
    method: 'delete',
    path: '/api/prompts/history',
    summary: 'Forget every prompt the account ran, with every tool',
    answer: s.ClearPromptHistoryAnswer,
    status: 200,
    errors: [],
    examples: { answer: { cleared: 3, message: 'Prompt history cleared' } },
  }),
  listPromptStyles: bearer('prompts', {
    method: 'get',
    path: '/api/prompts/styles',
    summary: "The account's saved styles, by name",
    answer: s.PromptStylesAnswer,
    status: 200,
    errors: [],
    examples: { answer: { styles: [style] } },
  }),
  createPromptStyle: bearer('prompts', {
    method: 'post',
    path: '/api/prompts/styles',
    summary: 'Save a style: a name (1 to 40 characters, unique) and a template with {prompt} exactly once',
    description: 'At most 50 styles per account.',
    body: s.PromptStyleBody,
    answer: s.PromptStyle,
    status: 201,
    errors: [400, 409, 413],
    examples: { request: { body: { name: style.name, template: style.template } }, answer: style },
  }),
  updatePromptStyle: bearer('prompts', {
    method: 'post',
    path: '/api/prompts/styles/{id}',
    summary: 'Change a saved style’s name or template',
    body: s.PromptStyleBody,
    answer: s.PromptStyle,
    status: 200,
    errors: [400, 404, 409, 413],
    examples: {
      request: { params: { id: style.id }, body: { name: style.name, template: style.template } },
      answer: style,
    },
  }),
  deletePromptStyle: bearer('prompts', {
    method: 'delete',
    path: '/api/prompts/styles/{id}',
    summary: 'Delete a saved style',
    answer: s.MessageBody,
    status: 200,
    errors: [404],
    examples: { request: { params: { id: style.id } }, answer: { message: 'Style deleted' } },
  }),
  enhancePrompt: bearer('prompts', {
    method: 'post',
    path: '/api/prompts/enhance',
    summary: 'A richer prompt to read and edit before running: free, limited per account and hour',
    description:
      "With OpenAI configured the text model rewrites it ('openai'); otherwise the offline word table of the " +
      "tool's kind expands it ('offline').",
    body: s.EnhanceBody,
    answer: s.EnhanceAnswer,
    status: 200,
    errors: [400, 413, 429],
    examples: {
      request: { body: { toolKey: 'text-to-image', prompt: 'a red fox' } },
      answer: { prompt: 'a red fox, highly detailed, cinematic photograph, soft golden hour light', source: 'offline' },
    },
  }),
} as const satisfies Record<string, OperationSpec>;
