/**
 * GET /files/{uploads|outputs}/{name}: stored files, served with headers that keep them inert, and only to
 * their owner's session (Authorization: Bearer …) or through an address the API signed that has not expired
 * (FILES-1, FILES-2): an expired one answers 403 with a message; no, a wrong or a tampered signature, another
 * account's session, or a file whose creation was deleted answer 404 at once (FILES-3). The answer may be
 * kept by the browser only as long as its address stays valid.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../context';
import { bearerToken, sessionUserId } from '../services/auth';
import { checkFileSignature, storedFileHeaders } from '../services/file-urls';
import { readStoredFile } from '../services/storage';
import { fileAddress } from '../../src/api/operations/addresses';

export const fileNotFoundMessage = 'File not found';
export const fileLinkExpiredMessage = 'This link to the file has expired. Open it again from Atelier.';

export const fileRoutes = new Hono<AppEnv>().get('/:dir{uploads|outputs}/:name', async (c) => {
  const deps = c.var.deps;
  const relPath = `${c.req.param('dir')}/${c.req.param('name')}`;
  const now = deps.now();
  const notFound = () => c.json({ message: fileNotFoundMessage }, 404);
  const file = await readStoredFile(deps.db, deps.files, relPath);
  if (!file) return notFound();
  const token = bearerToken(c.req.header('authorization'));
  if (token) {
    const session = await sessionUserId(deps, token, now);
    // The owner's own session: served, and not kept (the next look asks again).
    if (session?.userId === file.userId) return c.body(toBody(file.bytes), 200, storedFileHeaders(file.contentType, 0));
  }
  const signature = checkFileSignature(
    deps.fileUrls,
    fileAddress(relPath),
    c.req.query('exp'),
    c.req.query('sig'),
    now,
  );
  if (signature.state !== 'valid')
    return signature.state === 'expired' ? c.json({ message: fileLinkExpiredMessage }, 403) : notFound();
  return c.body(toBody(file.bytes), 200, storedFileHeaders(file.contentType, signature.remainingMs / 1000));
});

const toBody = (bytes: Uint8Array) => bytes as Uint8Array<ArrayBuffer>;
