/** What every call of a signed-in user shares in the operation table. */
import type { ErrorStatus, OperationSpec, Tag } from './types';

/** An entry without what `bearer` adds: its own failures, besides the missing or refused token (401). */
export type BearerEntry = Omit<OperationSpec, 'tags' | 'security' | 'errors'> & {
  readonly errors: readonly Exclude<ErrorStatus, 401>[];
};

/**
 * A call that needs the session token in `Authorization: Bearer …`: filed under `tag`, bound after requireAuth,
 * so it can answer 401 besides its own errors (listed in ascending order, 401 among them).
 */
export const bearer = <const E extends BearerEntry>(tag: Tag, { errors, ...entry }: E) => ({
  ...entry,
  tags: [tag] as const,
  security: 'bearer' as const,
  errors: [401, ...errors].sort((a, b) => a - b) as readonly ErrorStatus[],
});
