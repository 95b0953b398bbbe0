/**
 * The operation table: every call of /api, written once. The server binds its routes to these entries
 * (server/lib/operation.ts) and builds /api/openapi.json from them (server/openapi.ts); the SPA's calls
 * (src/api/endpoints.ts) take their method, path, input and answer from them. Keyed by operationId.
 */
import { authOperations } from './auth';
import { billingOperations } from './billing';
import { collectionOperations } from './collections';
import { creationOperations } from './creations';
import { generationOperations } from './generation';
import { promptOperations } from './prompts';
import { refineOperations } from './refine';
import { runOperations } from './runs';
import type { OperationSpec } from './types';
import { userOperations } from './users';

export const operations = {
  ...authOperations,
  ...userOperations,
  ...billingOperations,
  ...generationOperations,
  ...runOperations,
  ...creationOperations,
  ...promptOperations,
  ...refineOperations,
  ...collectionOperations,
} as const satisfies Record<string, OperationSpec>;

export type Operations = typeof operations;
export type OperationId = keyof Operations;

/** Every entry with its operationId. */
export const operationList: readonly (OperationSpec & { readonly operationId: OperationId })[] = (
  Object.keys(operations) as OperationId[]
).map((operationId) => ({ ...operations[operationId], operationId }));

export * from './types';
export { toolStarts } from './generation';
