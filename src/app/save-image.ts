/**
 * Saving and sharing a result image (TOOL-23, TOOL-24): the image is read through the API client, then
 * saved as a timestamped PNG or handed to the device's native share. These are effects (a network
 * read, the document, the share sheet), so they live here and the result view calls them.
 */

import type { Endpoints } from '../api/endpoints';

export const DOWNLOAD_FAILED = 'Failed to download image';
export const SHARE_FAILED = 'Failed to share image. Please try again.';

/** The API as the app's effects call it (flowContext(app).api). */
export type ApiLoader = () => Promise<Endpoints>;

/** The stored image through the API client (a signed file address: no session token is sent with it). */
async function fetchImage(api: ApiLoader, url: string): Promise<Blob> {
  try {
    return await (await api()).getFile(url);
  } catch {
    throw new Error(DOWNLOAD_FAILED);
  }
}

/** Saves the image under `name` (a PNG with a timestamp, TOOL-24). */
export async function downloadImage(api: ApiLoader, url: string, name: string): Promise<void> {
  const blob = await fetchImage(api, url);
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // The click has started the download; the object URL can go on the next tick.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

export const timestampedName = (prefix: string, now = Date.now()): string => `${prefix}-${now}.png`;

/**
 * The device's native share with the image file where it exists; false when the page must
 * offer its own share dialog instead. A cancelled share is not an error.
 */
export async function shareImage(api: ApiLoader, url: string, title: string): Promise<boolean> {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  const blob = await fetchImage(api, url);
  const file = new File([blob], timestampedName('generated-ad'), { type: blob.type || 'image/png' });
  if (!navigator.canShare({ files: [file] })) return false;
  try {
    await navigator.share({ files: [file], title });
  } catch (error) {
    if ((error as { name?: unknown }).name !== 'AbortError') throw error;
  }
  return true;
}
