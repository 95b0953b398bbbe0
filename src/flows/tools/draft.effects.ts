/**
 * The tab's draft in storage (TOOL-47, TOOL-48): written as JSON, read back through a valibot schema, so a
 * stale or garbled draft (another version's, edited by hand) is dropped and never reaches a form.
 */
import * as v from 'valibot';
import { DRAFT_KEY, forgetDraft, tabStorage, type ToolDraft } from './draft';

const picture = v.nullable(
  v.pipe(v.string(), v.regex(/^(data:(image|audio|video)\/|(https?:\/\/[^/]+)?\/files\/uploads\/)/)),
);
const size = v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(10_000));

const draftSchema = v.object({
  toolKey: v.pipe(v.string(), v.nonEmpty(), v.maxLength(100)),
  path: v.pipe(v.string(), v.startsWith('/'), v.maxLength(200)),
  title: v.pipe(v.string(), v.nonEmpty(), v.maxLength(200)),
  form: v.object({
    prompt: v.pipe(v.string(), v.maxLength(20_000)),
    image: picture,
    poseImage: picture,
    aspect: v.nullable(v.pipe(v.string(), v.maxLength(50))),
    width: size,
    height: size,
    params: v.record(v.pipe(v.string(), v.maxLength(100)), v.union([v.string(), v.number()])),
  }),
  generate: v.boolean(),
  restore: v.boolean(),
});

/** The tab's draft, or null when there is none or it does not read as one (then it is forgotten). */
export function readDraft(storage: Storage | undefined = tabStorage()): ToolDraft | null {
  let text: string | null = null;
  try {
    text = storage?.getItem(DRAFT_KEY) ?? null;
  } catch {
    return null;
  }
  if (text === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = null;
  }
  const result = v.safeParse(draftSchema, parsed);
  if (result.success) return result.output;
  forgetDraft(storage);
  return null;
}

/** Keeps the draft for the tab; a draft too large for the storage is kept without its pictures. */
export function writeDraft(draft: ToolDraft, storage: Storage | undefined = tabStorage()): void {
  if (!storage) return;
  try {
    storage.setItem(DRAFT_KEY, JSON.stringify(draft));
  } catch {
    try {
      storage.setItem(DRAFT_KEY, JSON.stringify({ ...draft, form: { ...draft.form, image: null, poseImage: null } }));
    } catch {
      // No room at all: the form is kept in memory only, as before.
    }
  }
}

/** 'Back to {tool}' was followed: the tool page takes the draft when it opens. */
export function markDraftForRestore(storage: Storage | undefined = tabStorage()): ToolDraft | null {
  const draft = readDraft(storage);
  if (draft) writeDraft({ ...draft, restore: true }, storage);
  return draft;
}
