/**
 * Saving and sharing a result image (TOOL-23, TOOL-24): the image is fetched, then
 * saved as a timestamped PNG or handed to the device's native share. These are effects (a network
 * read, the document, the share sheet), so they live here and the result view calls them.
 */

export const DOWNLOAD_FAILED = 'Failed to download image';
export const SHARE_FAILED = 'Failed to share image. Please try again.';

async function fetchImage(url: string): Promise<Blob> {
  const response = await fetch(url);
  if (!response.ok) throw new Error(DOWNLOAD_FAILED);
  return response.blob();
}

/** Saves the image under `name` (a PNG with a timestamp, TOOL-24). */
export async function downloadImage(url: string, name: string): Promise<void> {
  const blob = await fetchImage(url);
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
export async function shareImage(url: string, title: string): Promise<boolean> {
  if (typeof navigator.share !== 'function' || typeof navigator.canShare !== 'function') return false;
  const blob = await fetchImage(url);
  const file = new File([blob], timestampedName('generated-ad'), { type: blob.type || 'image/png' });
  if (!navigator.canShare({ files: [file] })) return false;
  try {
    await navigator.share({ files: [file], title });
  } catch (error) {
    if ((error as { name?: unknown }).name !== 'AbortError') throw error;
  }
  return true;
}
