/**
 * The account's prompts (PROMPT-1 to PROMPT-6) and Enhance prompt (ENHANCE-1 to ENHANCE-4).
 *
 * History: every run's prompt, per tool, recorded by the run start's own transaction (`recordPrompt`, called by
 * generation/run.ts and batch.ts), so a refused start records nothing; a prompt run again counts a use and moves
 * to the top. At most PROMPT_HISTORY_CAP prompts per account and tool: the least recently used go. Deleting a
 * creation leaves its prompt here; only Clear prompt history (or deleting the account) forgets them.
 *
 * Styles: a name (1–40 characters, unique per account) and a template with `{prompt}` exactly once (≤ 1000
 * characters), ≤ 50 per account; another account's style is 404 and stays as it was.
 *
 * Enhance: free (no credit moves); the route takes one point of the account's hourly limit before this runs.
 */
import crypto from 'node:crypto';
import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import { enhanceOffline, MAX_STYLES, slotCount, STYLE_TEMPLATE_RULE, tools, type OutputKind } from '../../src/catalog';
import type { AppDeps } from '../context';
import type { Executor } from '../db/client';
import { promptHistory, promptStyles } from '../db/schema';
import { HttpError } from '../errors';

/** PROMPT-2: prompts kept per account and tool. */
export const PROMPT_HISTORY_CAP = 500;
export const styleNotFoundMessage = 'Style not found';
export const styleNameTakenMessage = 'You already have a style with this name.';
export const tooManyStylesMessage = `You can keep up to ${MAX_STYLES} styles. Delete one to save another.`;
export const unknownToolMessage = 'Unknown tool';
export const historyClearedMessage = 'Prompt history cleared';

const hashOf = (prompt: string) => crypto.createHash('sha256').update(prompt).digest('hex');

/**
 * PROMPT-1, PROMPT-2: records `prompt` for the tool inside the caller's transaction (the run start's): a new row
 * or one more use of the same prompt; then drops the least recently used beyond the cap.
 */
export async function recordPrompt(tx: Executor, userId: string, toolKey: string, prompt: unknown, at: Date) {
  if (typeof prompt !== 'string') return;
  const text = prompt.trim();
  if (!text) return;
  await tx
    .insert(promptHistory)
    .values({ userId, toolKey, prompt: text, promptHash: hashOf(text), uses: 1, lastUsedAt: at })
    .onConflictDoUpdate({
      target: [promptHistory.userId, promptHistory.toolKey, promptHistory.promptHash],
      set: { uses: sql`${promptHistory.uses} + 1`, lastUsedAt: at },
    });
  const [kept] = await tx
    .select({ n: count() })
    .from(promptHistory)
    .where(and(eq(promptHistory.userId, userId), eq(promptHistory.toolKey, toolKey)));
  const over = (kept?.n ?? 0) - PROMPT_HISTORY_CAP;
  if (over <= 0) return;
  const oldest = await tx
    .select({ id: promptHistory.id })
    .from(promptHistory)
    .where(and(eq(promptHistory.userId, userId), eq(promptHistory.toolKey, toolKey)))
    .orderBy(asc(promptHistory.lastUsedAt), asc(promptHistory.id))
    .limit(over);
  await tx.delete(promptHistory).where(
    inArray(
      promptHistory.id,
      oldest.map((row) => row.id),
    ),
  );
}

/** `%`, `_` and `\` of a search taken literally in ILIKE. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** PROMPT-4: the tool's prompts, most recently run first, those containing `q` when given. */
export async function listPromptHistory(
  db: Executor,
  userId: string,
  query: { toolKey: string; q?: string | undefined; limit?: number | undefined },
) {
  const q = query.q?.trim();
  const rows = await db
    .select({ prompt: promptHistory.prompt, uses: promptHistory.uses, lastUsedAt: promptHistory.lastUsedAt })
    .from(promptHistory)
    .where(
      and(
        eq(promptHistory.userId, userId),
        eq(promptHistory.toolKey, query.toolKey),
        q ? ilike(promptHistory.prompt, likePattern(q)) : undefined,
      ),
    )
    .orderBy(desc(promptHistory.lastUsedAt), desc(promptHistory.id))
    .limit(query.limit ?? 20);
  return { prompts: rows.map((row) => ({ ...row, lastUsedAt: row.lastUsedAt.toISOString() })) };
}

/** PROMPT-3: forgets every prompt of the account. */
export async function clearPromptHistory(db: Executor, userId: string) {
  const gone = await db
    .delete(promptHistory)
    .where(eq(promptHistory.userId, userId))
    .returning({ id: promptHistory.id });
  return { cleared: gone.length, message: historyClearedMessage };
}

const styleColumns = { id: promptStyles.id, name: promptStyles.name, template: promptStyles.template };

export async function listPromptStyles(db: Executor, userId: string) {
  const styles = await db
    .select(styleColumns)
    .from(promptStyles)
    .where(eq(promptStyles.userId, userId))
    .orderBy(asc(promptStyles.name));
  return { styles };
}

/** PROMPT-5: `{prompt}` exactly once (the schema caps the lengths). */
function checkTemplate(template: string) {
  if (slotCount(template) !== 1) throw new HttpError(400, STYLE_TEMPLATE_RULE);
}

const isUniqueViolation = (error: unknown): boolean => {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
};

/** A unique name violation answers 409; anything else goes on. */
async function nameChecked<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, styleNameTakenMessage);
    throw error;
  }
}

export async function createPromptStyle(deps: AppDeps, userId: string, body: { name: string; template: string }) {
  checkTemplate(body.template);
  return deps.db.transaction(async (tx) => {
    // Two saves at once count each other: the account's styles are counted under a lock of the account.
    await tx.execute(sql`SELECT id FROM users WHERE id = ${userId} FOR UPDATE`);
    const [kept] = await tx.select({ n: count() }).from(promptStyles).where(eq(promptStyles.userId, userId));
    if ((kept?.n ?? 0) >= MAX_STYLES) throw new HttpError(409, tooManyStylesMessage);
    const taken = await tx
      .select({ id: promptStyles.id })
      .from(promptStyles)
      .where(and(eq(promptStyles.userId, userId), eq(promptStyles.name, body.name)));
    if (taken.length) throw new HttpError(409, styleNameTakenMessage);
    const [made] = await nameChecked(() =>
      tx
        .insert(promptStyles)
        .values({ id: crypto.randomUUID(), userId, name: body.name, template: body.template, createdAt: deps.now() })
        .returning(styleColumns),
    );
    return made!;
  });
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ownStyle = (userId: string, id: string) => and(eq(promptStyles.id, id), eq(promptStyles.userId, userId));

/** PROMPT-6: another account's style (or none) is 404, and nothing changes. */
export async function updatePromptStyle(
  db: Executor,
  userId: string,
  id: string,
  body: { name: string; template: string },
) {
  if (!uuid.test(id)) throw new HttpError(404, styleNotFoundMessage);
  checkTemplate(body.template);
  const [changed] = await nameChecked(() =>
    db
      .update(promptStyles)
      .set({ name: body.name, template: body.template })
      .where(ownStyle(userId, id))
      .returning(styleColumns),
  );
  if (!changed) throw new HttpError(404, styleNotFoundMessage);
  return changed;
}

export async function deletePromptStyle(db: Executor, userId: string, id: string) {
  if (!uuid.test(id)) throw new HttpError(404, styleNotFoundMessage);
  const gone = await db.delete(promptStyles).where(ownStyle(userId, id)).returning({ id: promptStyles.id });
  if (gone.length === 0) throw new HttpError(404, styleNotFoundMessage);
  return { message: 'Style deleted' };
}

/** The system message of the text model's rewrite (ENHANCE-1): one prompt back, nothing else. */
export const enhanceInstruction = (kind: OutputKind) =>
  `You improve prompts for a ${kind} generation tool. Rewrite the user's prompt into one richer prompt that keeps ` +
  'its subject and meaning and adds concrete details of subject, style, lighting and composition. ' +
  'Answer with the prompt alone, in the language of the request, without quotes or explanations.';

/**
 * ENHANCE-1, ENHANCE-2: the text model's rewrite when OpenAI is configured, else the offline word table's. A
 * failing text model falls back to the offline suggestion (labelled so), never to an error.
 */
export async function enhancePrompt(deps: AppDeps, toolKey: string, prompt: string) {
  const tool = tools.find((t) => t.key === toolKey);
  if (!tool?.page.prompt) throw new HttpError(400, unknownToolMessage);
  const openai = deps.providers.openai;
  if (openai?.enhancePrompt) {
    try {
      const text = (await openai.enhancePrompt(enhanceInstruction(tool.output), prompt)).trim();
      if (text) return { prompt: text.slice(0, 4000), source: 'openai' as const };
    } catch (error) {
      deps.log(
        `Enhance prompt fell back to the offline suggestion: ${error instanceof Error ? error.message : 'error'}`,
      );
    }
  }
  return { prompt: enhanceOffline(tool.output, prompt), source: 'offline' as const };
}
