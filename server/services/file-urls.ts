/**
 * Signed addresses of stored files (FILES-1, FILES-2): a file is served to its owner's session, or to
 * whoever holds an address signed at answer time that has not expired, like an S3 presigned URL:
 * `/files/outputs/<name>?exp=<ms since epoch>&sig=<HMAC-SHA256 of path and exp, base64url>`.
 * The key is FILE_URL_SECRET, else one derived from the secret the server keeps in DATA_DIR
 * (bootstrap.ts, webhookSecretFor), so every instance sharing the data directory signs alike.
 * Stored inputs keep the bare path (the query is dropped, storage.ts relPathOfUrl); every answer of the
 * API that carries one of these addresses is signed afresh as it is sent (signFileUrls, lib/operation.ts).
 */
import crypto from 'node:crypto';

/** A file address of this server as stored: the path /files/{uploads|outputs}/<32 hex>.<ext>, maybe with a query. */
const fileUrlRe = /^(\/files\/(?:uploads|outputs)\/[a-f0-9]{32}\.[a-z0-9]{2,5})(?:\?[^#]*)?$/;

export interface FileUrlSigner {
  /** The key of the HMAC. */
  readonly secret: string;
  /** How long an address stays valid (FILE_URL_TTL_MS). */
  readonly ttlMs: number;
}

/** FILE_URL_SECRET, else an HMAC of the server's kept secret under a label of its own (never the secret itself). */
export function fileUrlSecretFor(configured: string | undefined, keptSecret: string): string {
  return configured ?? crypto.createHmac('sha256', keptSecret).update('atelier:file-urls').digest('base64url');
}

const signatureOf = (secret: string, pathname: string, exp: number) =>
  crypto.createHmac('sha256', secret).update(`${pathname}\n${exp}`).digest('base64url');

/** `pathname` signed until now + ttl: the address handed out. */
export function signFilePath(signer: FileUrlSigner, pathname: string, now: Date): string {
  const exp = now.getTime() + signer.ttlMs;
  return `${pathname}?exp=${exp}&sig=${signatureOf(signer.secret, pathname, exp)}`;
}

/**
 * What a signed address's query says of `pathname` at `now`: 'valid' (with the milliseconds left),
 * 'expired' (a true signature past its time: 403), 'invalid' (no, a malformed or a wrong signature: 404).
 */
export function checkFileSignature(
  signer: FileUrlSigner,
  pathname: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date,
): { readonly state: 'valid'; readonly remainingMs: number } | { readonly state: 'expired' | 'invalid' } {
  if (!exp || !sig || !/^\d{1,15}$/.test(exp) || !/^[A-Za-z0-9_-]{43}$/.test(sig)) return { state: 'invalid' };
  const expected = Buffer.from(signatureOf(signer.secret, pathname, Number(exp)));
  const offered = Buffer.from(sig);
  if (expected.length !== offered.length || !crypto.timingSafeEqual(expected, offered)) return { state: 'invalid' };
  const remainingMs = Number(exp) - now.getTime();
  return remainingMs > 0 ? { state: 'valid', remainingMs } : { state: 'expired' };
}

/** The bare path of one of our file addresses (signed or not), or undefined. */
export function filePathOf(url: string): string | undefined {
  return fileUrlRe.exec(url)?.[1];
}

/**
 * A copy of an answer with every file address in it signed afresh (strings anywhere in objects and arrays).
 * Everything else is left as it is.
 */
export function signFileUrls<T>(value: T, signer: FileUrlSigner, now: Date): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') {
      const pathname = v.length < 400 ? filePathOf(v) : undefined;
      return pathname ? signFilePath(signer, pathname, now) : v;
    }
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x)]));
    return v;
  };
  return walk(value) as T;
}

/** The headers of a stored file's bytes: its type, never sniffed or run, cached privately for `maxAgeS`. */
export const storedFileHeaders = (contentType: string, maxAgeS: number) => ({
  'Content-Type': contentType,
  'X-Content-Type-Options': 'nosniff',
  'Cache-Control': `private, max-age=${Math.max(0, Math.floor(maxAgeS))}`,
  'Content-Security-Policy': "default-src 'none'; sandbox",
  Vary: 'Authorization',
});
