/** My creations' examples: a creation, a page of them, a public link. */
import type { Creation } from '../../api/schemas';
import type { FlowExamples } from '../shared/examples';

export const creation = (id: string, extra: Partial<Creation> = {}): Creation => ({
  id,
  tool: 'musicgen',
  title: 'Music Generation',
  category: 'Audio',
  prompt: 'calm piano',
  input: { prompt: 'calm piano', duration: 30 },
  status: 'succeeded',
  cost: 13,
  refunded: false,
  output: `/files/outputs/${id}.wav`,
  outputKind: 'audio',
  error: null,
  createdAt: '2026-11-23T12:00:00.000Z',
  completedAt: '2026-11-23T12:00:02.000Z',
  ...extra,
});

/** A creation's public link (SHARE-4 to SHARE-6): made, copied, revoked after a confirmation. */
export const shareLink = { token: 'share-token-1', url: 'http://127.0.0.1/share/share-token-1' };

export const examples: FlowExamples = {
  inputs: { creations: { only: null, category: null } },
  answers: {
    loadPage: { items: [creation('c1')], nextCursor: null },
    deleteCreation: null,
    shareCreation: shareLink,
    unshareCreation: null,
  },
};
