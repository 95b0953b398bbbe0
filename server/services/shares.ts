/**
 * Public links to one creation (SHARE-1, SHARE-3): the link's token is 32 bytes, base64url, an HMAC of a
 * random nonce under the server's file secret. Only its SHA-256 is stored and looked up; the nonce lets the
 * owner's calls give the same link back while it stays shared. Revoking deletes the row: the page and its
 * files answer 404 at once. Someone else's run is answered like a missing one.
 */
import crypto from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { ShareAnswer } from '../../src/api/schemas';
import { tools } from '../../src/catalog';
import type { AppDeps } from '../context';
import { predictions, shares } from '../db/schema';
import { HttpError } from '../errors';
import { PoolBusyError } from '../workers/pool';
import { busyMessage, readStoredFile } from './storage';
import { shareAddress } from '../../src/api/operations/addresses';

export const notSharableMessage = 'Only a finished creation with a result can be shared.';
export const linkRevokedMessage = 'Link revoked';

const tokenOf = (secret: string, nonce: string) =>
  crypto.createHmac('sha256', secret).update(`share:${nonce}`).digest('base64url');
const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('base64url');

const answerOf = (deps: Pick<AppDeps, 'config'>, token: string): ShareAnswer => ({
  token,
  url: shareAddress(token, deps.config.appUrl),
});

/**
 * The run's link while it is shared, else null. After FILE_URL_SECRET changed, the token made now is not the
 * stored one's: the row is moved to it, so the owner is always shown a link that works (the old one stops).
 */
export async function shareOf(deps: Pick<AppDeps, 'db' | 'config' | 'fileUrls'>, predictionId: string) {
  const [row] = await deps.db.select().from(shares).where(eq(shares.predictionId, predictionId));
  if (!row) return null;
  const token = tokenOf(deps.fileUrls.secret, row.nonce);
  if (hashOf(token) !== row.tokenHash)
    await deps.db
      .update(shares)
      .set({ tokenHash: hashOf(token) })
      .where(eq(shares.predictionId, predictionId));
  return answerOf(deps, token);
}

/** Shares a succeeded run of the user: its link, the same one while it stays shared. */
export async function shareCreation(deps: AppDeps, userId: string, id: string): Promise<ShareAnswer> {
  const [run] = await deps.db
    .select({ status: predictions.status, output: predictions.output })
    .from(predictions)
    .where(and(eq(predictions.id, id), eq(predictions.userId, userId)));
  if (!run) throw new HttpError(404, 'Creation not found');
  if (run.status !== 'succeeded' || run.output === null) throw new HttpError(409, notSharableMessage);
  const nonce = crypto.randomBytes(32).toString('base64url');
  // A second call while shared keeps the first row (and so the first token).
  await deps.db
    .insert(shares)
    .values({ predictionId: id, userId, nonce, tokenHash: hashOf(tokenOf(deps.fileUrls.secret, nonce)) })
    .onConflictDoNothing({ target: shares.predictionId });
  const shared = await shareOf(deps, id);
  if (!shared) throw new HttpError(404, 'Creation not found');
  return shared;
}

/** Revokes the link of a run of the user (nothing to do when it is not shared). */
export async function unshareCreation(deps: AppDeps, userId: string, id: string): Promise<void> {
  const [run] = await deps.db
    .select({ id: predictions.id })
    .from(predictions)
    .where(and(eq(predictions.id, id), eq(predictions.userId, userId)));
  if (!run) throw new HttpError(404, 'Creation not found');
  await deps.db.delete(shares).where(and(eq(shares.predictionId, id), eq(shares.userId, userId)));
}

/** The shared run behind a token (what a visitor may see of it: no account data), or undefined. */
export async function sharedRun(deps: Pick<AppDeps, 'db'>, token: string) {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [row] = await deps.db
    .select({
      id: predictions.id,
      toolKey: predictions.toolKey,
      input: predictions.input,
      output: predictions.output,
      status: predictions.status,
      createdAt: predictions.createdAt,
    })
    .from(shares)
    .innerJoin(predictions, eq(predictions.id, shares.predictionId))
    .where(eq(shares.tokenHash, hashOf(token)));
  return row && row.status === 'succeeded' && row.output !== null ? row : undefined;
}
export type SharedRun = NonNullable<Awaited<ReturnType<typeof sharedRun>>>;

export const toolOf = (run: SharedRun) => tools.find((t) => t.key === run.toolKey);
export const promptOf = (run: SharedRun) => (typeof run.input?.['prompt'] === 'string' ? run.input['prompt'] : '');
export const firstOutput = (run: SharedRun) => (Array.isArray(run.output) ? run.output[0] : run.output) ?? '';
export const isTextKind = (kind: string | undefined) => kind === 'text' || kind === 'code';

/** A shared run's (first) output: its stored file's bytes and type, or the text of a text or code run. */
export async function sharedOutput(deps: Pick<AppDeps, 'db' | 'files'>, run: SharedRun) {
  if (isTextKind(toolOf(run)?.output))
    return { bytes: Buffer.from(firstOutput(run), 'utf8'), contentType: 'text/plain; charset=utf-8' };
  const relPath = deps.files.relPathOfUrl(firstOutput(run), 'output');
  return relPath ? readStoredFile(deps.db, deps.files, relPath) : undefined;
}

/**
 * A shared run's preview image (SHARE-2), a 1200×630 PNG made in the worker pool, off the event loop: the
 * image itself, a video's first frame, or a card with the tool's name and the prompt. A full pool answers 503.
 */
export async function sharedPreview(deps: Pick<AppDeps, 'db' | 'files' | 'pool'>, run: SharedRun): Promise<Uint8Array> {
  const tool = toolOf(run);
  const kind = tool?.output === 'image' ? 'image' : tool?.output === 'video' ? 'video' : 'card';
  const file = kind === 'card' ? undefined : await sharedOutput(deps, run);
  try {
    return await deps.pool.run('share.image', {
      kind: file ? kind : 'card',
      bytes: file?.bytes,
      title: tool?.title ?? run.toolKey,
      text: promptOf(run) || 'Made with Atelier',
    });
  } catch (error) {
    if (error instanceof PoolBusyError) throw new HttpError(503, busyMessage);
    throw error;
  }
}
