/**
 * The signed-in user's calls of the operation table: theme, credits and their history (pages, CSV), the month's
 * spending by tool, account deletion.
 */
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
  getCreditHistoryCsv: bearer('users', {
    method: 'get',
    path: '/api/users/credit-history.csv',
    summary: 'The whole credit history as CSV: date, description, change, balance (oldest first)',
    description:
      "RFC 4180 (CRLF, quoted when needed); a cell that starts with = + - or @ is written with a leading ' so " +
      'a spreadsheet never reads it as a formula. The last row’s balance is the current balance.',
    answer: s.FileBody,
    media: 'text/csv',
    status: 200,
    errors: [],
    examples: {
      answer: 'date,description,change,balance\r\n2026-01-05T10:00:00.000Z,Sign-up credits,50,50\r\n',
    },
  }),
  getSpending: bearer('users', {
    method: 'get',
    path: '/api/users/spending',
    summary: 'What the runs of one month cost, by tool',
    description: '`month` is YYYY-MM (UTC), this month when absent. Refunded runs cost nothing and are left out.',
    query: s.SpendingQuery,
    answer: s.SpendingAnswer,
    status: 200,
    errors: [400],
    examples: {
      request: { query: { month: '2026-01' } },
      answer: {
        month: '2026-01',
        total: 5,
        tools: [{ tool: 'text-to-text', title: 'Text Generation', runs: 1, credits: 5 }],
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
