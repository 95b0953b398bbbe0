/**
 * The text a picture file carries beside its pixels, read from its bytes without decoding the
 * image: a PNG's text chunks (tEXt, and iTXt when not compressed) and a JPEG's comment segments
 * (COM). The offline provider looks for its error markers there ([fail], [busy], [slow]), so the
 * tools without a prompt (restore, image to text) can be failed on purpose too. Only the chunk and
 * segment headers are walked (each body is skipped by its length), so it is cheap enough for the
 * event loop; a truncated or odd file just yields what was read before the damage.
 */

const PNG_SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];

const latin1 = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('latin1');
const utf8 = (bytes: Uint8Array, start: number, end: number) =>
  Buffer.from(bytes.subarray(start, end)).toString('utf8');

/** Index of the first 0 byte in [from, end), or -1. */
function nul(bytes: Uint8Array, from: number, end: number): number {
  const at = bytes.indexOf(0, from);
  return at >= 0 && at < end ? at : -1;
}

function pngTexts(bytes: Uint8Array): string[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const texts: string[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset + 8 <= bytes.length) {
    const length = view.getUint32(offset);
    const type = latin1(bytes, offset + 4, offset + 8);
    const start = offset + 8;
    const end = start + length;
    if (end > bytes.length || type === 'IEND') break;
    if (type === 'tEXt') {
      // keyword NUL text (Latin-1)
      const k = nul(bytes, start, end);
      if (k >= 0) texts.push(`${latin1(bytes, start, k)}: ${latin1(bytes, k + 1, end)}`);
    } else if (type === 'iTXt') {
      // keyword NUL, compression flag, method, language NUL, translated keyword NUL, text (UTF-8)
      const k = nul(bytes, start, end);
      const compressed = k >= 0 && bytes[k + 1] !== 0;
      const language = k >= 0 ? nul(bytes, k + 3, end) : -1;
      const translated = language >= 0 ? nul(bytes, language + 1, end) : -1;
      if (!compressed && translated >= 0) texts.push(`${latin1(bytes, start, k)}: ${utf8(bytes, translated + 1, end)}`);
    }
    offset = end + 4; // the CRC
  }
  return texts;
}

function jpegComments(bytes: Uint8Array): string[] {
  const texts: string[] = [];
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    if (marker === 0xff) {
      offset += 1; // fill byte
      continue;
    }
    // Start of scan or end of image: no more header segments.
    if (marker === 0xda || marker === 0xd9) break;
    // Markers without a length.
    if (marker === 0x01 || (marker >= 0xd0 && marker <= 0xd7)) {
      offset += 2;
      continue;
    }
    const length = (bytes[offset + 2]! << 8) | bytes[offset + 3]!;
    const end = offset + 2 + length;
    if (length < 2 || end > bytes.length) break;
    if (marker === 0xfe) texts.push(utf8(bytes, offset + 4, end));
    offset = end;
  }
  return texts;
}

/** The text metadata of a PNG or JPEG file ('keyword: text' for PNG chunks); [] for anything else. */
export function imageTexts(bytes: Uint8Array): string[] {
  if (bytes.length >= 8 && PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return pngTexts(bytes);
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8) return jpegComments(bytes);
  return [];
}
