/**
 * A tool page's draft (TOOL-47 to TOOL-49): the form a visitor was filling in when the login dialog opened from
 * the tool page, kept for the tab (sessionStorage) so that signing in, registering or verifying the email never
 * loses it. This file holds its shape and the pure parts the run reads; the storage is `draft.effects.ts`.
 */
import type { AppliedSettings, ToolRunContext } from './tool-run.types';

/** The tab's storage key of the draft. */
export const DRAFT_KEY = 'atelier.draft';

/** The form a draft keeps: what the tool page's form holds. */
export interface DraftForm {
  prompt: string;
  /** The chosen picture (a data URL, or an uploaded picture's address); null when none was chosen or it did not fit. */
  image: string | null;
  poseImage: string | null;
  aspect: string | null;
  width: number;
  height: number;
  params: Readonly<Record<string, string | number>>;
}

export interface ToolDraft {
  /** The tool's key, page address and title: where 'Back to {tool}' leads. */
  toolKey: string;
  path: string;
  title: string;
  form: DraftForm;
  /** Generate had been pressed: restoring asks once to run it (TOOL-49). */
  generate: boolean;
  /** 'Back to {tool}' was followed: the tool page takes the draft when it opens. */
  restore: boolean;
}

/** A chosen picture larger than this (characters of its data URL) is not kept: the tab's storage is small. */
export const MAX_KEPT_PICTURE = 1_500_000;

const keptPicture = (picture: string | null): string | null =>
  picture !== null && picture.length <= MAX_KEPT_PICTURE ? picture : null;

/** The draft of a run's form as it stands (TOOL-47). */
export function draftOf(context: ToolRunContext, generate: boolean): ToolDraft {
  return {
    toolKey: context.tool.key,
    path: context.tool.path,
    title: context.tool.title,
    form: {
      prompt: context.prompt,
      image: keptPicture(context.image),
      poseImage: keptPicture(context.poseImage),
      aspect: context.aspect,
      width: context.width,
      height: context.height,
      params: { ...context.params },
    },
    generate,
    restore: false,
  };
}

/** A draft's form as the run's form takes settings (the same rules as 'Use these settings', CREATIONS-13). */
export function draftSettings(form: DraftForm): AppliedSettings {
  return {
    prompt: form.prompt,
    width: form.width,
    height: form.height,
    params: form.params,
    image: form.image,
    poseImage: form.poseImage,
  };
}

/** Whether the tab holds a draft (no parsing: the notice's chunk checks it before showing it). */
export function hasDraft(storage: Pick<Storage, 'getItem'> | undefined = tabStorage()): boolean {
  try {
    return storage?.getItem(DRAFT_KEY) != null;
  } catch {
    return false;
  }
}

/** Forgets the tab's draft (restored, dismissed, or a sign-out: TOOL-48). */
export function forgetDraft(storage: Pick<Storage, 'removeItem'> | undefined = tabStorage()): void {
  try {
    storage?.removeItem(DRAFT_KEY);
  } catch {
    // A storage the browser refuses holds no draft either.
  }
}

/** The tab's storage, when there is one (not in the prerender, not where the browser refuses it). */
export function tabStorage(): Storage | undefined {
  try {
    return typeof sessionStorage === 'undefined' ? undefined : sessionStorage;
  } catch {
    return undefined;
  }
}
