/**
 * The og:image of a shared creation (SHARE-2), as a worker-pool task: a 1200×630 PNG made from the
 * output itself (an image, cropped to cover), from a video's first frame (ffmpeg), or, for audio, 3D and
 * text, a card with the tool's name and the prompt drawn by sharp from an SVG (every text escaped).
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { runFfmpeg } from '../providers/media/video';
import { MAX_INPUT_PIXELS } from '../providers/media/image';
import type { TaskContext } from './context';

export const SHARE_IMAGE_WIDTH = 1200;
export const SHARE_IMAGE_HEIGHT = 630;

export interface ShareImageInput {
  readonly kind: 'image' | 'video' | 'card';
  /** The output's bytes (image, video); none for a card. */
  readonly bytes?: Uint8Array | undefined;
  /** The tool's name and the prompt, for a card. */
  readonly title: string;
  readonly text: string;
}

const escapeXml = (s: string) =>
  s.replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c] ?? c);

/** Up to `lines` lines of about `width` characters, the last one cut with an ellipsis. */
function wrap(text: string, width: number, lines: number): string[] {
  const out: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if ((line ? `${line} ${word}` : word).length > width && line) {
      out.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
    if (out.length === lines) break;
  }
  if (out.length < lines && line) out.push(line);
  if (out.length === lines && text.length > out.join(' ').length)
    out[lines - 1] = `${out[lines - 1]!.slice(0, width - 1)}…`;
  return out.map((l) => l.slice(0, width + 8));
}

function cardSvg(title: string, text: string): string {
  const lines = wrap(text, 44, 4);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SHARE_IMAGE_WIDTH}" height="${SHARE_IMAGE_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#1a1a23"/><stop offset="1" stop-color="#3b3b9a"/></linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>
<text x="80" y="120" font-family="sans-serif" font-size="30" font-weight="700" fill="#a0a0ff" letter-spacing="2">ATELIER</text>
<text x="80" y="200" font-family="sans-serif" font-size="52" font-weight="700" fill="#ffffff">${escapeXml(title.slice(0, 40))}</text>
${lines.map((l, i) => `<text x="80" y="${300 + i * 60}" font-family="sans-serif" font-size="40" fill="#e6e6f0">${escapeXml(l)}</text>`).join('\n')}
</svg>`;
}

const cover = (input: Uint8Array | Buffer) =>
  sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, animated: false })
    .resize(SHARE_IMAGE_WIDTH, SHARE_IMAGE_HEIGHT, { fit: 'cover' })
    .png()
    .toBuffer();

/** The first frame of a video, as PNG bytes, by ffmpeg on a file in a private temp folder. */
export async function posterFrame(video: Uint8Array, ctx: TaskContext): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'atelier-poster-'));
  try {
    const input = path.join(dir, 'in.bin');
    const output = path.join(dir, 'poster.png');
    await writeFile(input, video);
    await runFfmpeg(['-i', input, '-frames:v', '1', '-f', 'image2', output], ctx);
    return await readFile(output);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export async function shareImage(input: ShareImageInput, ctx: TaskContext): Promise<Uint8Array> {
  ctx.throwIfCancelled();
  try {
    if (input.kind === 'image' && input.bytes) return new Uint8Array(await cover(input.bytes));
    if (input.kind === 'video' && input.bytes) return new Uint8Array(await cover(await posterFrame(input.bytes, ctx)));
  } catch (error) {
    ctx.throwIfCancelled();
    // An output that cannot be read as a picture still gets a card.
    void error;
  }
  return new Uint8Array(
    await sharp(Buffer.from(cardSvg(input.title, input.text)))
      .png()
      .toBuffer(),
  );
}
