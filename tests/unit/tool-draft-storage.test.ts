/** The tab's tool draft in storage (TOOL-47, TOOL-48): written, read back validated, a garbled one dropped. */
import { describe, expect, it } from 'vitest';
import { DRAFT_KEY, forgetDraft, hasDraft, type ToolDraft } from '../../src/flows/tools/draft';
import { markDraftForRestore, readDraft, writeDraft } from '../../src/flows/tools/draft.effects';
import { DRAFT_FORM, IMAGE } from '../../src/flows/tools/tools.examples';

function memoryStorage(limit = Infinity): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    key: (i) => [...items.keys()][i] ?? null,
    getItem: (k) => items.get(k) ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => {
      if (v.length > limit) throw new DOMException('full', 'QuotaExceededError');
      items.set(k, v);
    },
  };
}

const draft: ToolDraft = {
  toolKey: 'text-to-image',
  path: '/image-models/text-to-image',
  title: 'Text to Image',
  form: { ...DRAFT_FORM, image: IMAGE },
  generate: true,
  restore: false,
};

describe('the tab’s tool draft', () => {
  it('is read back as written, marked for restore, then forgotten', () => {
    const storage = memoryStorage();
    expect(hasDraft(storage)).toBe(false);
    writeDraft(draft, storage);
    expect(hasDraft(storage)).toBe(true);
    expect(readDraft(storage)).toEqual(draft);
    expect(markDraftForRestore(storage)?.restore).toBe(false);
    expect(readDraft(storage)?.restore).toBe(true);
    forgetDraft(storage);
    expect(readDraft(storage)).toBeNull();
  });

  it.each([
    ['not JSON', '{"toolKey":'],
    ['another shape', JSON.stringify({ prompt: 'a red fox' })],
    ['a picture that is not one', JSON.stringify({ ...draft, form: { ...draft.form, image: 'javascript:alert(1)' } })],
    ['a size out of range', JSON.stringify({ ...draft, form: { ...draft.form, width: -1 } })],
  ])('a stale or garbled draft (%s) is dropped, never read', (_, text) => {
    const storage = memoryStorage();
    storage.setItem(DRAFT_KEY, text);
    expect(readDraft(storage)).toBeNull();
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('a draft too large for the storage is kept without its pictures', () => {
    const storage = memoryStorage(1_000);
    writeDraft({ ...draft, form: { ...draft.form, image: `data:image/png;base64,${'A'.repeat(2_000)}` } }, storage);
    expect(readDraft(storage)?.form).toEqual({ ...DRAFT_FORM, image: null, poseImage: null });
  });
});
