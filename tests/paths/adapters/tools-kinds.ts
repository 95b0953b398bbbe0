/**
 * The checkers of the named kinds of sight the tool run's states give (src/flows/tools/tool-run-facts.ts):
 * the form, the banner, the working button, the call out, the result.
 */
import { expect } from 'vitest';
import type { PathContext, StateCheck, TestServer } from '../harness';
import { fieldValue, visibility } from '../sights';
import { PREDICTION, banner, runContext, showsWorking, submit, viewOf } from './tools-page';
import { operations } from '../../../src/api/operations';
import type { Tool } from '../../../src/catalog/tools';
import { paragraphsOf } from '../../../src/components/ui/prose/prose';

/** The address the page's run posts to: its start operation's path. */
const startPath = (tool: Tool<string>) => operations[tool.startOperation].path;

/** The form as the run keeps it: the prompt typed, the size, Generate offered. */
async function showsForm(ctx: PathContext): Promise<string> {
  const context = runContext(ctx);
  const view = viewOf(context);
  const said: string[] = [];
  // 'Run it now?' (TOOL-49) is a modal dialog: while it asks, the form behind it is hidden from the
  // accessibility tree (aria-hidden), so its buttons are found by role with the hidden ones included.
  const behindDialog = ctx.state.hasTag('draftQuestion');
  if (view.prompt) {
    const prompt = ctx.page.locator('form textarea');
    await expect.poll(() => fieldValue(prompt)).toBe(context.prompt);
    await expect.poll(() => prompt.getAttribute('readonly')).toBeNull();
    said.push(
      context.prompt.trim() ? `the prompt reads "${context.prompt}"` : `the prompt is blank ("${context.prompt}")`,
    );
  }
  if (context.shape.freeSize) {
    await expect.poll(() => fieldValue(ctx.page.getByLabel('Width'))).toBe(String(context.width));
    await expect.poll(() => fieldValue(ctx.page.getByLabel('Height'))).toBe(String(context.height));
    said.push(`the size is ${context.width}×${context.height}`);
  }
  if (context.aspect) {
    const chosen = ctx.page.getByRole('button', {
      name: new RegExp(`^${context.aspect} \\(`),
      includeHidden: behindDialog,
    });
    await expect.poll(() => chosen.getAttribute('aria-pressed')).toBe('true');
    said.push(`${context.aspect} is chosen`);
  }
  if (view.upload) {
    const preview = ctx.page.getByAltText(`${view.upload.label} preview`, { exact: true });
    await expect.poll(() => preview.count()).toBe(context.image ? 1 : 0);
    said.push(context.image ? 'the image is shown' : 'no image');
  }
  if (view.pose) {
    const preview = ctx.page.getByAltText('Pose image (optional) preview', { exact: true });
    await expect.poll(() => preview.count()).toBe(context.poseImage ? 1 : 0);
    said.push(context.poseImage ? 'the pose image is shown' : 'no pose image');
  }
  if (context.signedIn) {
    // COLLECT-6: 'Save to' shows the collection the run keeps (none: 'No collection').
    await expect.poll(() => fieldValue(ctx.page.getByLabel('Save to'))).toBe(context.collectionId ?? '');
    said.push(`Save to ${context.collectionId ? `"${context.collectionId}"` : 'no collection'}`);
  }
  const generate = behindDialog
    ? ctx.page.getByRole('button', { name: view.submit, exact: true, includeHidden: true })
    : submit(ctx.page, view);
  await expect.poll(() => visibility(generate)).toBe('visible');
  await expect.poll(() => ctx.page.getByRole('region', { name: 'Result' }).count()).toBe(0);
  return said.concat(`${view.submit} is offered`).join(', ');
}

/** The generation calls the server saw, in order: the path, the Idempotency-Key and the input sent. */
interface Call {
  path: string;
  key: string;
  input: Record<string, unknown>;
  /** COLLECT-6: the collection the start names, or null. */
  collectionId: string | null;
}
export const callsSeen = new WeakMap<TestServer, Call[]>();

export function recordCalls({ page, server }: Omit<PathContext, 'state'>): Call[] {
  const calls: Call[] = [];
  callsSeen.set(server, calls);
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'POST' || !path.startsWith('/api/generate')) return;
    const body = request.postDataJSON() as { input?: Record<string, unknown>; collectionId?: string } | null;
    calls.push({
      path,
      key: request.headers()['idempotency-key'] ?? '',
      input: body?.input ?? {},
      collectionId: body?.collectionId ?? null,
    });
  });
  return calls;
}

/** What the server sees of the call out: the form as the run keeps it, with a new key for this click. */
async function sentCall(ctx: PathContext): Promise<string> {
  const context = runContext(ctx);
  const calls = callsSeen.get(ctx.server)!;
  await expect.poll(() => calls.at(-1)?.path).toBe(startPath(context.tool));
  const call = calls.at(-1)!;
  const earlier = calls.slice(0, -1).map((c) => c.key);
  expect(call.key, 'a new Idempotency-Key for each click').not.toBe('');
  expect(earlier, 'a new Idempotency-Key for each click').not.toContain(call.key);
  const prompt = context.prompt.trim() || context.shape.defaultPrompt;
  expect(call.input['prompt']).toBe(prompt ?? undefined);
  // COLLECT-6: the collection 'Save to' names goes with the start.
  expect(call.collectionId, "the collection 'Save to' names").toBe(context.collectionId);
  const said = [`the server has POST ${startPath(context.tool)} with prompt "${String(prompt)}"`];
  if (context.shape.aspect !== null || context.shape.freeSize) {
    expect([call.input['width'], call.input['height']]).toEqual([context.width, context.height]);
    said.push(`${context.width}×${context.height}`);
  }
  if (context.shape.uploadsFirst) {
    expect([call.input['image'], call.input['pose_image']]).toEqual([
      context.uploaded.image,
      context.uploaded.poseImage ?? undefined,
    ]);
    said.push(`the uploaded ${context.uploaded.poseImage ? 'images' : 'image'}`);
  }
  return `${said.join(', ')} and a new Idempotency-Key`;
}

/** What each state of the tool run shows is said by its machine (meta.sees); these check its named kinds. */
export const toolRunKinds: Record<string, StateCheck> = {
  form: showsForm,
  async noBanner({ page }) {
    await expect.poll(() => banner(page).count()).toBe(0);
    return 'no banner';
  },
  async errorBanner(ctx) {
    const { error, signedIn, credits, tool, refunded } = runContext(ctx);
    await expect.poll(() => banner(ctx.page).textContent()).toContain(error);
    const lacks = signedIn && credits < tool.cost;
    await expect.poll(() => banner(ctx.page).getByRole('link', { name: 'Buy credits' }).count()).toBe(lacks ? 1 : 0);
    // TOOL-38: a run the server charged and failed says its credits came back, on a second line.
    const returned = ctx.page.getByRole('status').filter({ hasText: 'been returned' });
    const line = refunded === null ? null : `Your ${refunded} credits have been returned.`;
    await expect.poll(() => returned.count()).toBe(line ? 1 : 0);
    if (line) await expect.poll(() => returned.textContent()).toBe(line);
    return `the red banner says "${error}"${lacks ? ' with Buy credits and See plans' : ''}${line ? `, then "${line}"` : ''}`;
  },
  working: (ctx) => showsWorking(ctx.page, viewOf(runContext(ctx))),
  async callOut(ctx) {
    const endpoint = startPath(runContext(ctx).tool);
    await expect.poll(() => ctx.server.holds('POST', endpoint)).toBe(true);
    return sentCall(ctx);
  },
  async upload(ctx) {
    await expect.poll(() => ctx.server.holds('POST', '/api/upload')).toBe(true);
    const which = ctx.state.matches({ working: { uploading: 'pose' } }) ? 'pose' : 'main';
    return `the server has POST /api/upload (${which} image)`;
  },
  async statusCheck(ctx) {
    await expect.poll(() => ctx.server.holds('GET', PREDICTION)).toBe(true);
    return `the page checks GET ${PREDICTION}`;
  },
  async result(ctx) {
    const { result } = runContext(ctx);
    const view = viewOf(runContext(ctx));
    const region = ctx.page.getByRole('region', { name: 'Result' });
    // Text reads as prose (a paragraph for each block of the text); the other kinds by their address.
    if (view.result === 'text')
      await expect.poll(() => region.locator('p').allTextContents()).toEqual(paragraphsOf(result ?? ''));
    else {
      const media = view.result === 'image' ? region.getByAltText(view.resultAlt) : region.locator(view.result);
      await expect.poll(() => media.getAttribute('src')).toBe(result);
    }
    await expect.poll(() => visibility(region.getByRole('button', { name: view.another }))).toBe('visible');
    await expect.poll(() => visibility(region.getByRole('button', { name: 'Run again' }))).toBe('visible');
    await expect.poll(() => visibility(region.getByRole('button', { name: 'Edit', exact: true }))).toBe('visible');
    await expect.poll(() => banner(ctx.page).count()).toBe(0);
    return `the result shows ${result} with ${view.another}, Run again and Edit`;
  },
  /** TOOL-41: Download (named from the definition) or Copy, and the link to the run when its id is known. */
  async resultActions(ctx) {
    const { predictionId } = runContext(ctx);
    const view = viewOf(runContext(ctx));
    const region = ctx.page.getByRole('region', { name: 'Result' });
    const said: string[] = [];
    if (view.result === 'text' || view.result === 'code') {
      await expect.poll(() => visibility(region.getByRole('button', { name: 'Copy' }))).toBe('visible');
      said.push('Copy');
    } else if (view.result === 'image') {
      await expect.poll(() => visibility(region.getByRole('button', { name: 'Download' }))).toBe('visible');
      said.push('Download');
    } else {
      const link = region.getByRole('link', { name: 'Download' });
      const { prefix, extension } = view.download!;
      await expect.poll(() => link.getAttribute('download')).toMatch(new RegExp(`^${prefix}-\\d+\\.${extension}$`));
      said.push(`Download (${prefix}-….${extension})`);
    }
    const creation = region.getByRole('link', { name: 'See it in My creations' });
    await expect.poll(() => creation.count()).toBe(predictionId ? 1 : 0);
    if (predictionId) {
      await expect.poll(() => creation.getAttribute('href')).toBe(`/creations/${predictionId}`);
      said.push(`a link to /creations/${predictionId}`);
    }
    return `the result offers ${said.join(' and ')}`;
  },
};
