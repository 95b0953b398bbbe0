/**
 * Browser work on a chosen file before any call (TOOL-14 to TOOL-16): the size and format checks,
 * reading it as a data URL, and person-to-person's resize (longest side 800 px, flattened on
 * white, JPEG at 0.7). Nothing here reaches the API or the network; saving and sharing a result
 * fetch it, so they are effects of the app (src/app/save-image.ts).
 */
import { MAX_FILE_BYTES, type Accepts } from '../../catalog/uploads';

export { MAX_FILE_BYTES, acceptAttribute, type Accepts } from '../../catalog/uploads';
export const IMAGE_TOO_LARGE = 'Image is too large. Please choose a smaller image.';
export const POSE_TOO_LARGE = 'Pose image is too large. Please choose a smaller image.';
export const FORMAT_NOT_SUPPORTED =
  'This image format is not supported. Please take a new photo or choose a JPG/PNG image.';
export const READ_FAILED = 'Failed to read file';
export const LOAD_FAILED = 'Failed to load image';
export const COMPRESS_FAILED = 'Failed to compress image';

/** The server's words for a clip over its 15 MB limit (POST /api/upload). */
export const VIDEO_TOO_LARGE = 'Video is too large. Please choose a video of at most 15 MB.';
export const VIDEO_NOT_SUPPORTED = 'This video format is not supported. Please choose an MP4, WebM or MOV video.';
const isVideo = (file: File) =>
  /^video\/(mp4|webm|quicktime)$/i.test(file.type) || (file.type === '' && /\.(mp4|webm|mov)$/i.test(file.name));

const isHeic = (file: File) => /^image\/hei[cf]/i.test(file.type) || /\.hei[cf]$/i.test(file.name);
const isJpegPng = (file: File) =>
  /^image\/(jpeg|jpg|png)$/i.test(file.type) || (file.type === '' && /\.(jpe?g|png)$/i.test(file.name));
const isImage = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|gif|webp|bmp|avif)$/i.test(file.name);

/** The message that refuses this file, or null when it may be read. */
export function fileProblem(file: File, accepts: Accepts, which: 'main' | 'pose' = 'main'): string | null {
  if (accepts === 'video') {
    if (file.size > MAX_FILE_BYTES) return VIDEO_TOO_LARGE;
    return isVideo(file) ? null : VIDEO_NOT_SUPPORTED;
  }
  if (file.size > MAX_FILE_BYTES) return which === 'pose' ? POSE_TOO_LARGE : IMAGE_TOO_LARGE;
  if (isHeic(file)) return FORMAT_NOT_SUPPORTED;
  if (accepts === 'jpegPng' ? !isJpegPng(file) : !isImage(file)) return FORMAT_NOT_SUPPORTED;
  return null;
}

export function readAsDataURL(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error(READ_FAILED)));
    reader.onerror = () => reject(new Error(READ_FAILED));
    reader.readAsDataURL(file);
  });
}

export const MAX_SIDE = 800;
export const JPEG_QUALITY = 0.7;

/** The size that keeps the aspect and brings the longest side to at most `max`. */
export function fitWithin(width: number, height: number, max = MAX_SIDE): { width: number; height: number } {
  const scale = Math.min(1, max / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** Person to Person: the image at most 800 px on its longest side, on white, as a JPEG data URL. */
export async function compressForUpload(file: Blob): Promise<string> {
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file);
  } catch {
    throw new Error(LOAD_FAILED);
  }
  const { width, height } = fitWithin(bitmap.width, bitmap.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error(COMPRESS_FAILED);
  // Transparent pixels would turn black in a JPEG: flatten on white first.
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(bitmap, 0, 0, width, height);
  bitmap.close();
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', JPEG_QUALITY));
  if (!blob) throw new Error(COMPRESS_FAILED);
  return readAsDataURL(blob);
}

/** Mobile user agents get save-and-share, desktop the download button (TOOL-23). */
export const isMobileAgent = (agent: string = navigator.userAgent): boolean =>
  /Android|iPhone|iPad|iPod|Mobile|Opera Mini|IEMobile/i.test(agent);
