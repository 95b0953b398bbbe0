/**
 * A shared creation for anyone with its link (SHARE-1, SHARE-2): GET /share/{token} answers a complete page
 * the server writes (inline CSS, no script) with the output, its tool and its prompt, and the og:title,
 * og:description and og:image a link preview reads, as absolute addresses; /share/{token}/file serves the
 * output and /share/{token}/image.png the preview image (made in the worker pool, rate-limited per address).
 * None of them is indexed (meta robots and X-Robots-Tag: noindex), none shows anything of the account, and
 * after the link is revoked or the creation deleted all three answer 404 (SHARE-3).
 */
import { Hono, type Context } from 'hono';
import type { AppEnv } from '../context';
import { appLookStyle, brandLink } from '../lib/app-look';
import { escapeHtml, standalonePage } from '../lib/html';
import { limitByAddress } from '../middleware/rate-limit';
import { storedFileHeaders } from '../services/file-urls';
import {
  firstOutput,
  isTextKind,
  promptOf,
  sharedOutput,
  sharedPreview,
  sharedRun,
  toolOf,
  type SharedRun,
} from '../services/shares';
import { shareAddress, sharedFileAddress } from '../../src/api/operations/addresses';

export const shareNotFoundMessage = 'This link does not exist or was revoked.';

const noindex = { 'X-Robots-Tag': 'noindex' };

const notFoundPage = (c: Context<AppEnv>) =>
  c.html(
    page(
      'Not found',
      `${brandLink}<div class="card"><h1>Not found</h1><p>${escapeHtml(shareNotFoundMessage)}</p><a class="button" href="/">Go to Atelier</a></div>`,
      '',
    ),
    404,
    noindex,
  );

/** The shared page in the app's look (server/lib/app-look.ts): one card on the default theme's background. */
const STYLE = `${appLookStyle}
body{display:flex;align-items:center;justify-content:center;padding:var(--space-xxl) var(--space-lg)}
main{width:100%;max-width:880px}
.card{background:var(--color-card);border:1px solid var(--color-border);border-radius:var(--radius-lg);padding:var(--space-xxl)}
h1{font-size:var(--size-xl);margin:0 0 var(--space-lg);overflow-wrap:anywhere}
.output{margin:0 0 var(--space-lg);border-radius:var(--radius-md);overflow:hidden;background:var(--color-input)}
.output img,.output video{display:block;width:100%;height:auto;max-height:70vh;object-fit:contain}
.output audio{display:block;width:100%;padding:var(--space-lg)}
.output pre{margin:0;padding:var(--space-lg);white-space:pre-wrap;overflow-wrap:anywhere;font-family:inherit}
.output .file{padding:var(--space-lg);margin:0}
.prompt{margin:0 0 var(--space-xl);color:var(--color-textSecondary);overflow-wrap:anywhere}
`;

const page = (title: string, body: string, head: string) => standalonePage({ title, style: STYLE, body, head });

/** The shared page of a run: everything escaped, every address of the page absolute in its meta tags. */
export function renderSharePage(appUrl: string, token: string, run: SharedRun): string {
  const tool = toolOf(run);
  const title = tool?.title ?? run.toolKey;
  const prompt = promptOf(run);
  const base = shareAddress(token, appUrl);
  const description = prompt
    ? prompt.length > 200
      ? `${prompt.slice(0, 199)}…`
      : prompt
    : `Made with ${title} on Atelier`;
  const file = sharedFileAddress(token);
  const kind = tool?.output ?? 'image';
  const alt = escapeHtml(prompt || title);
  const output = isTextKind(kind)
    ? `<pre>${escapeHtml(firstOutput(run))}</pre>`
    : kind === 'video'
      ? `<video controls playsinline preload="metadata" src="${file}" aria-label="${alt}"></video>`
      : kind === 'audio'
        ? `<audio controls preload="metadata" src="${file}" aria-label="${alt}"></audio>`
        : kind === 'model3d'
          ? `<p class="file"><a class="button" href="${file}" download>Download the 3D model</a></p>`
          : `<img src="${file}" alt="${alt}">`;
  const meta = [
    ['og:title', `${title} on Atelier`],
    ['og:description', description],
    ['og:image', `${base}/image.png`],
    ['og:image:width', '1200'],
    ['og:image:height', '630'],
    ['og:url', base],
    ['og:type', 'website'],
    ['og:site_name', 'Atelier'],
  ]
    .map(([p, v]) => `<meta property="${p}" content="${escapeHtml(v)}">`)
    .join('\n');
  const head = `<meta name="description" content="${escapeHtml(description)}">
${meta}
<meta name="twitter:card" content="summary_large_image">
`;
  return page(
    `${title} on Atelier`,
    `${brandLink}
<div class="card">
<h1>${escapeHtml(title)}</h1>
<div class="output">${output}</div>
${prompt ? `<p class="prompt">${escapeHtml(prompt)}</p>` : ''}
<a class="button" href="/">Make your own with Atelier</a>
</div>`,
    head,
  );
}

export const shareRoutes = new Hono<AppEnv>();

shareRoutes.get('/:token', async (c) => {
  const token = c.req.param('token');
  const run = await sharedRun(c.var.deps, token);
  if (!run) return notFoundPage(c);
  return c.html(renderSharePage(c.var.deps.config.appUrl, token, run), 200, {
    ...noindex,
    // Revoking must take effect at once: nobody keeps the page.
    'Cache-Control': 'no-store',
  });
});

shareRoutes.get('/:token/file', async (c) => {
  const run = await sharedRun(c.var.deps, c.req.param('token'));
  const file = run ? await sharedOutput(c.var.deps, run) : undefined;
  if (!file) return c.json({ message: shareNotFoundMessage }, 404, noindex);
  return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, { ...storedFileHeaders(file.contentType, 0), ...noindex });
});

shareRoutes.get('/:token/image.png', limitByAddress('share-image'), async (c) => {
  const run = await sharedRun(c.var.deps, c.req.param('token'));
  if (!run) return c.json({ message: shareNotFoundMessage }, 404, noindex);
  const png = await sharedPreview(c.var.deps, run);
  return c.body(png as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'image/png',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'no-store',
    ...noindex,
  });
});
