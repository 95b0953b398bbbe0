/** The signed-in user's calls of the operation table: theme, credits and their history, account deletion. */
import * as s from '../schemas';
import { bearer } from './bearer';
import type { OperationSpec } from './types';

const credits = {
  method: 'get',
  answer: s.CreditsAnswer,
  status: 200,
  errors: [],
  examples: { answer: { credits: 50 } },
} as const;

export const userOperations = {
  getTheme: bearer('users', {
    method: 'get',
    path: '/api/users/theme',
    summary: 'Saved theme',
    answer: s.ThemeAnswer,
    status: 200,
    errors: [],
    examples: { answer: { theme: 'dark' } },
  }),
  saveTheme: bearer('users', {
    method: 'post',
    path: '/api/users/theme',
    summary: 'Save the theme',
    body: s.ThemeBody,
    answer: s.ThemeAnswer,
    status: 200,
    errors: [400, 413],
    examples: { request: { body: { theme: 'dark' } }, answer: { theme: 'dark' } },
  }),
  getCredits: bearer('users', { ...credits, path: '/api/users/credits', summary: 'Credit balance' }),
  getCreditsAlias: bearer('users', {
    ...credits,
    path: '/users/credits',
    summary: 'Credit balance (the same call without the /api prefix)',
  }),
  getCreditHistory: bearer('users', {
    method: 'get',
    path: '/api/users/credits/history',
    summary: 'The credit history: every grant, spend, refund and expiry, newest first, with the running balance',
    description:
      'Each entry carries the balance right after it, so the first entry of the first page shows the current balance. ' +
      'Pages of `limit` entries (default 20, at most 100); pass `nextCursor` as `cursor` for older ones.',
    query: s.CreditHistoryQuery,
    answer: s.CreditHistoryAnswer,
    status: 200,
    errors: [400],
    examples: {
      request: { query: { limit: '20' } },
      answer: {
        entries: [{ id: '1', at: '2026-01-05T10:00:00.000Z', kind: 'signup', delta: 50, balance: 50 }],
        nextCursor: null,
      },
    },
  }),
  deleteAccount: bearer('users', {
    method: 'delete',
    path: '/api/users/delete-account',
    summary: 'Delete the account, its files and sessions',
    answer: s.MessageBody,
    status: 200,
    errors: [413],
    examples: { answer: { message: 'Account successfully deleted' } },
  }),
} as const satisfies Record<string, OperationSpec>;
