/** What a tool's upload area takes (TOOL-12, TOOL-14, TOOL-17): its kinds of file and their size limit. */

/** Which files an upload area takes: video editing takes a clip the server can probe. */
export type Accepts = 'jpegPng' | 'anyImage' | 'video';

export const MAX_FILE_BYTES = 15 * 1024 * 1024;

export const acceptAttribute: Readonly<Record<Accepts, string>> = {
  jpegPng: 'image/jpeg,image/png,.jpg,.jpeg,.png',
  anyImage: 'image/*',
  video: 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov',
};
