/**
 * The addresses the server answers beside the calls of the table, written once: stored files (signed,
 * FILES-1, FILES-2), a run's public page and its file (SHARE-4 to SHARE-6), and the local payment provider's
 * hosted checkout. The server mounts its routes at these prefixes and builds every such address here; the
 * SPA recognises a stored file by it.
 */

/** Where each kind of address is mounted. */
export const addressRoots = {
  files: '/files',
  share: '/share',
  checkout: '/checkout',
  voicePreviews: '/voice-previews',
} as const;

/** A voice preset's short sample (TOOL-51): /voice-previews/{preset's last part}.wav, e.g. en_speaker_6.wav. */
export const voicePreviewAddress = (preset: string): string =>
  `${addressRoots.voicePreviews}/${encodeURIComponent(preset.split('/').pop() ?? preset)}.wav`;

/** A stored file: /files/{uploads|outputs}/<name> (`relPath` is its key in the store). */
export const fileAddress = (relPath: string): string => `${addressRoots.files}/${relPath}`;

/** Whether `url` (a path, or absolute on any origin) is a stored file's address. */
export const isFileAddress = (url: string): boolean => new RegExp(`^(https?://[^/]+)?${addressRoots.files}/`).test(url);

/** A run's public page: /share/{token}, absolute on `origin` when given. */
export const shareAddress = (token: string, origin = ''): string =>
  `${origin}${addressRoots.share}/${encodeURIComponent(token)}`;

/** The shared run's output file: /share/{token}/file. */
export const sharedFileAddress = (token: string): string => `${shareAddress(token)}/file`;

/** The local provider's hosted checkout page of a session, with the key that opens it. */
export const checkoutAddress = (sessionId: string, key: string, origin = ''): string =>
  `${origin}${addressRoots.checkout}/${encodeURIComponent(sessionId)}?key=${encodeURIComponent(key)}`;

/** Its Pay button's form action and its Cancel link. */
export const checkoutActionAddress = (sessionId: string, action: 'pay' | 'cancel'): string =>
  `${addressRoots.checkout}/${encodeURIComponent(sessionId)}/${action}`;
