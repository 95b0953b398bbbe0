/**
 * My creations and uploads in the operation table: the caller's runs (search and list, one, share, a ZIP of
 * several, delete one or several) and the upload.
 */
import * as s from '../schemas';
import { bearer } from './bearer';
import { exampleUploadUrl } from './generation';
import type { OperationSpec } from './types';

const exampleShareToken = 'q3Zx0b1mY0rX2c9WfJ8kL4pN7sT5vA6dE1gH3iK0uMo';

const creation = {
  id: '3f0d1f5e-8c47-4b71-9f0a-6a1c2e7b9d10',
  tool: 'text-to-text',
  title: 'Text Generation',
  category: 'Text',
  prompt: 'A haiku about autumn',
  input: { prompt: 'A haiku about autumn' },
  status: 'succeeded',
  cost: 5,
  refunded: false,
  output: 'A haiku…',
  outputKind: 'text',
  snippet: 'A haiku…',
  error: null,
  createdAt: '2026-01-05T10:00:00.000Z',
  completedAt: '2026-01-05T10:00:02.000Z',
};

export const creationOperations = {
  upload: bearer('files', {
    method: 'post',
    path: '/api/upload',
    summary: 'Upload an image or a video as a data URL',
    description:
      '`image` is a base64 data URL. Images: JPEG, PNG, WebP or GIF, at most 15 MB decoded and 50 megapixels; ' +
      'the bytes are decoded (sharp), not sniffed, so a forged or truncated file or a decompression bomb answers 400; ' +
      'HEIC/HEIF answers 400 with the spec text. Videos (for video editing; declared `data:video/mp4`, `video/webm` ' +
      'or `video/quicktime`): at most 15 MB decoded, 120 s and 4096 px a side, probed and their first frame decoded ' +
      'by ffmpeg. Over 15 MB: 413. The whole request body is limited to 22 MB. A full worker pool answers 503.',
    body: s.UploadBody,
    answer: s.UploadAnswer,
    status: 201,
    errors: [400, 413, 429, 503],
    examples: {
      request: {
        body: {
          image:
            'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        },
      },
      answer: { url: exampleUploadUrl },
    },
  }),
  listCreations: bearer('creations', {
    method: 'get',
    path: '/api/creations',
    summary: "The caller's runs, newest first",
    description:
      "Paged by `cursor` (the previous answer's `nextCursor`; null on the last page), `limit` 1–50 (default 12), " +
      'optionally only one `category`, one `tool` (catalogue key), one `status`, made `from` and `to` a day ' +
      '(YYYY-MM-DD, UTC, both included), and `q`: words of the prompt (at most 200 characters), each matching a ' +
      'whole word or the start of one (Postgres full-text search, every word must match). ' +
      'Each run says its tool, prompt, time, status, cost, whether it was refunded and its output URLs (signed, ' +
      'valid for an hour by default); `thumb` (images, videos, audio): a WebP of at most 384 px on its long side ' +
      "made once when the output was stored (an image scaled, a video's first frame, an audio's waveform), with " +
      'its `width` and `height`; `snippet` (text, code): the start of the text. `starred=1` lists only the starred ' +
      'runs and `collection` only those of one collection of the caller (another account\'s answers 404); each run ' +
      'says whether it is `starred` and the `collectionIds` of the caller\'s collections that hold it.',
    query: s.CreationsQuery,
    answer: s.CreationsPage,
    status: 200,
    errors: [400, 404],
    examples: {
      request: { query: { q: 'haiku aut', category: 'Text', status: 'succeeded', limit: '12' } },
      answer: { items: [creation], nextCursor: null },
    },
  }),
  getCreation: bearer('creations', {
    method: 'get',
    path: '/api/creations/{id}',
    summary:
      "One run of the caller with its parameters, uploads, seed, duration and link, and the ids of the runs beside it in My creations (another user's answers 404)",
    answer: s.CreationDetail,
    status: 200,
    errors: [404],
    examples: {
      request: { params: { id: creation.id } },
      answer: {
        ...creation,
        parameters: { prompt: 'A haiku about autumn' },
        uploads: [],
        seed: null,
        durationMs: 2000,
        shared: null,
        previous: null,
        next: '9a4e2c71-5b3d-4f08-8e6a-2d7c1b0f4e35',
      },
    },
  }),
  shareCreation: bearer('creations', {
    method: 'post',
    path: '/api/creations/{id}/share',
    summary: 'Make a public link to one succeeded run (the same link while it stays shared)',
    description:
      'The link (`url`, `/share/{token}`) shows the output, its tool and prompt to anyone, and nothing of the ' +
      'account. A run without a result (in progress, failed, canceled) answers 409.',
    answer: s.ShareAnswer,
    status: 200,
    errors: [404, 409, 413],
    examples: {
      request: { params: { id: creation.id } },
      answer: { token: exampleShareToken, url: `https://atelier.example/share/${exampleShareToken}` },
    },
  }),
  unshareCreation: bearer('creations', {
    method: 'delete',
    path: '/api/creations/{id}/share',
    summary: 'Revoke the public link of a run: its page and its files then answer 404',
    answer: s.MessageBody,
    status: 200,
    errors: [404, 413],
    examples: { request: { params: { id: creation.id } }, answer: { message: 'Link revoked' } },
  }),
  downloadCreations: bearer('creations', {
    method: 'post',
    path: '/api/creations/zip',
    summary: 'A ZIP of the outputs of 1 to 100 of the caller’s runs, streamed',
    description:
      'Entries are named {tool}-{date}-{id}.{ext} (the date the run was made, YYYY-MM-DD); a text output is a ' +
      '.txt and a code output a .md. Runs without an output are left out; an id that is not the caller’s answers 404.',
    body: s.CreationIdsBody,
    answer: s.FileBody,
    media: 'application/zip',
    status: 200,
    errors: [400, 404, 413],
    examples: { request: { body: { ids: [creation.id] } }, answer: '' },
  }),
  deleteCreations: bearer('creations', {
    method: 'post',
    path: '/api/creations/delete',
    summary: 'Delete 1 to 100 finished runs of the caller at once, with their stored files',
    description:
      'All or nothing, in one transaction: an id that is not the caller’s answers 404, a run still in progress 409.',
    body: s.CreationIdsBody,
    answer: s.DeletedAnswer,
    status: 200,
    errors: [400, 404, 409, 413],
    examples: {
      request: { body: { ids: [creation.id] } },
      answer: { deleted: 1, message: '1 creation deleted' },
    },
  }),
  deleteCreation: bearer('creations', {
    method: 'delete',
    path: '/api/creations/{id}',
    summary: 'Delete a finished run and its stored files (their URLs then answer 404)',
    description: 'A run still in progress answers 409.',
    answer: s.MessageBody,
    status: 200,
    errors: [404, 409, 413],
    examples: { request: { params: { id: creation.id } }, answer: { message: 'Creation deleted' } },
  }),
} as const satisfies Record<string, OperationSpec>;
