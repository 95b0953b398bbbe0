/**
 * The API contract: request and answer shapes of every call, shared by the SPA (which
 * parses answers) and server/ (which validates requests and generates OpenAPI from these).
 */
import * as v from 'valibot';
import { themeNames } from '../themes/names';

// ---------- shared pieces ----------
export const Email = v.pipe(
  v.string(),
  v.trim(),
  v.toLowerCase(),
  v.email('Please enter a valid email address'),
  v.maxLength(254),
);
export const Password = v.pipe(
  v.string(),
  v.minLength(1, 'Password is required'),
  v.maxLength(256, 'Password is too long'),
);
/** The rule the reset page enforces (RESET-4); the server applies it to every new password. */
export const NewPassword = v.pipe(
  v.string(),
  v.minLength(6, 'Password must be at least 6 characters long'),
  v.maxLength(256, 'Password is too long'),
);

export const ErrorBody = v.object({
  message: v.string(),
  details: v.optional(v.unknown()),
  expired: v.optional(v.boolean()),
  /** false when the call was refused before anything was charged (a busy model's 504, TOOL-44). */
  charged: v.optional(v.boolean()),
});
export type ErrorBody = v.InferOutput<typeof ErrorBody>;

export const MessageBody = v.object({ message: v.string() });

// ---------- entities ----------
export const PlanTier = v.picklist(['free', 'standard', 'pro', 'enterprise']);
export const BillingCycle = v.picklist(['monthly', 'annually']);

export const Subscription = v.object({
  plan: PlanTier,
  billingCycle: v.nullable(BillingCycle),
  /** ISO date-time; null on the free plan. */
  nextBillingDate: v.nullable(v.string()),
  /** Set when the user cancelled: access continues until this date. */
  cancelAt: v.optional(v.nullable(v.string())),
  /** Unspent credits of the current subscription cycle: they expire at `creditsExpireAt`. */
  subscriptionCredits: v.optional(v.number()),
  /** ISO date-time of the next subscription grant; null when none is due (free, or cancelled). */
  nextGrantAt: v.optional(v.nullable(v.string())),
  /** ISO date-time when the current cycle's subscription credits expire; null when none are left. */
  creditsExpireAt: v.optional(v.nullable(v.string())),
});

export const User = v.object({
  id: v.string(),
  email: v.string(),
  credits: v.number(),
  subscription: v.nullable(Subscription),
  /** ISO date-time or null ('Never'). */
  lastPasswordChange: v.nullable(v.string()),
  /**
   * Whether Settings › Billing offers "Manage billing" (CHECKOUT-9): the payment provider has a customer
   * portal (Stripe configured). False in local mode, and when an answer does not say.
   */
  billingPortal: v.optional(v.boolean(), false),
  /**
   * When the account was made (ISO date-time): Settings › Billing offers no month before it (CREDITS-9). Null when
   * an answer does not say.
   */
  createdAt: v.optional(v.nullable(v.string()), null),
});
export type User = v.InferOutput<typeof User>;

// ---------- auth ----------
export const LoginBody = v.object({ email: Email, password: Password });
export const LoginAnswer = v.object({ token: v.string() });
/**
 * AUTH-18: a random value the registering browser keeps; the server stores only its hash with the verify link,
 * and opening the link with it signs the person in. 43 to 128 base64url characters.
 */
export const VerifyClaim = v.pipe(v.string(), v.regex(/^[\w-]{43,128}$/, 'Invalid claim'));
export const RegisterBody = v.object({ email: Email, password: NewPassword, claim: v.optional(VerifyClaim) });
export const VerifyEmailQuery = v.object({ claim: v.optional(VerifyClaim) });
/** AUTH-18: with the registering browser's claim, the answer carries a session token, as a login's does. */
export const VerifyEmailAnswer = v.object({ message: v.string(), token: v.optional(v.string()) });
export const RegisterAnswer = v.object({ message: v.string(), email: v.string() });
export const ForgotPasswordBody = v.object({ email: Email });
export const ResetPasswordBody = v.object({ token: v.pipe(v.string(), v.minLength(1)), newPassword: NewPassword });
export const ResetPasswordAnswer = v.object({ message: v.string(), user: v.object({ email: v.string() }) });
export const ChangeEmailBody = v.object({ newEmail: Email, currentPassword: Password });
export const ChangeEmailAnswer = v.object({ message: v.string(), user: User });

// ---------- users ----------
export const ThemeName = v.picklist(themeNames, 'Unknown theme');
export const ThemeBody = v.object({ theme: ThemeName });
export const ThemeAnswer = v.object({ theme: v.nullable(v.string()) });
export const CreditsAnswer = v.object({ credits: v.number() });

/** What changed the balance: a ledger row's reason. */
export const CreditEntryKind = v.picklist([
  'signup',
  'pack',
  'subscription',
  'spend',
  'refund',
  'expire',
  'pack_refunded',
]);
export const CreditEntry = v.object({
  id: v.string(),
  /** ISO date-time. */
  at: v.string(),
  kind: CreditEntryKind,
  /** Credits added (positive) or taken (negative). */
  delta: v.number(),
  /** The balance right after this entry. */
  balance: v.number(),
  /** Tool runs and their refunds: the prediction and the tool's title. */
  predictionId: v.optional(v.string()),
  tool: v.optional(v.string()),
  /** Packs: the pack's name. */
  pack: v.optional(v.string()),
});
export type CreditEntry = v.InferOutput<typeof CreditEntry>;
export const CreditHistoryQuery = v.object({
  /** The `nextCursor` of the previous page; none for the newest entries. */
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[1-9][0-9]{0,15}$/, 'Invalid cursor'))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9]{1,3}$/, 'Invalid limit'), v.transform(Number), v.minValue(1), v.maxValue(100)),
  ),
});
export const CreditHistoryAnswer = v.object({
  /** Newest first. */
  entries: v.array(CreditEntry),
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: v.nullable(v.string()),
});
export type CreditHistoryAnswer = v.InferOutput<typeof CreditHistoryAnswer>;
/** GET /api/users/spending?month=YYYY-MM (UTC; this month when absent). */
export const SpendingQuery = v.object({
  month: v.optional(v.pipe(v.string(), v.regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'The month is YYYY-MM'))),
});
/** What a month's runs cost, by tool (refunded runs cost nothing), most spent first (CREDITS-8). */
export const SpendingAnswer = v.object({
  month: v.string(),
  total: v.number(),
  tools: v.array(v.object({ tool: v.string(), title: v.string(), runs: v.number(), credits: v.number() })),
});
export type SpendingAnswer = v.InferOutput<typeof SpendingAnswer>;
/** An answer that is a file (CSV, ZIP), not JSON: documented as a string of its media type. */
export const FileBody = v.string();

// ---------- payments ----------
export const CreateSubscriptionBody = v.object({
  planId: v.picklist(['standard', 'pro', 'enterprise'], 'Unknown plan'),
  billingCycle: BillingCycle,
});
export const CreateCheckoutBody = v.object({
  priceId: v.pipe(v.string(), v.minLength(1)),
  /** Sent by the SPA as the API contract says; the server prices from its own catalogue and ignores it. */
  credits: v.optional(v.number()),
});
export const CheckoutAnswer = v.object({ sessionId: v.string(), url: v.string() });
export const CancelAnswer = v.object({ success: v.boolean(), message: v.optional(v.string()) });
/** Where the browser goes to manage billing: the payment provider's customer portal (card, invoices). */
export const BillingPortalAnswer = v.object({ url: v.pipe(v.string(), v.url()) });
/** A checkout the browser came back from: what it buys, and whether its credits have landed yet. */
export const CheckoutStatus = v.object({
  sessionId: v.string(),
  kind: v.picklist(['pack', 'subscription']),
  /** 'processing': a delayed payment not cleared yet; 'failed': it never cleared (nothing granted). */
  status: v.picklist(['open', 'processing', 'paid', 'failed', 'canceled']),
  /** The webhook has granted the credits (and, for a plan, switched the plan). */
  fulfilled: v.boolean(),
  credits: v.number(),
  planId: v.nullable(v.picklist(['standard', 'pro', 'enterprise'])),
  billingCycle: v.nullable(BillingCycle),
  priceId: v.nullable(v.string()),
  /** The user's balance now. */
  balance: v.number(),
});
export type CheckoutStatus = v.InferOutput<typeof CheckoutStatus>;

// ---------- upload ----------
export const UploadBody = v.object({
  image: v.pipe(v.string(), v.startsWith('data:', 'The image must be sent as a data URL')),
});
export const UploadAnswer = v.object({ url: v.string() });

// ---------- generation ----------
const Scalar = v.union([v.string(), v.number(), v.boolean(), v.null()]);
export const GenerationInput = v.record(v.string(), Scalar);

export const GenerateBody = v.object({
  modelId: v.pipe(v.string(), v.minLength(1)),
  /** Accepted for compatibility; never trusted (the server prices runs from its catalogue). */
  modelCost: v.optional(v.number()),
  cost: v.optional(v.number()),
  provider: v.optional(v.picklist(['replicate', 'openai'])),
  version: v.optional(v.string()),
  input: GenerationInput,
  /** COLLECT-6: one of the caller's collections the run is added to when it starts ("Save to"). */
  collectionId: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'Collection not found'))),
});
export type GenerateBody = v.InferOutput<typeof GenerateBody>;

export const GenerateAnswer = v.object({ id: v.string(), credits: v.optional(v.number()) });
/** 'queued': a batch's run waiting for a place of its account (POST /api/generate/batch), already paid for. */
export const PredictionStatus = v.picklist(['queued', 'starting', 'processing', 'succeeded', 'failed', 'canceled']);
export const Prediction = v.object({
  id: v.string(),
  status: PredictionStatus,
  output: v.nullable(v.union([v.string(), v.array(v.string())])),
  error: v.nullable(v.string()),
  /** The model that made it; 'offline preview model' for the local provider. */
  model: v.optional(v.string()),
  /** A queued run's place in its account's queue (1 = next to start); absent otherwise. */
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
  /** A working run's whole percentage (RUNS-26), when its provider reported one; absent otherwise. */
  progress: v.optional(v.number()),
});
export type Prediction = v.InferOutput<typeof Prediction>;
/** The synchronous image answer; `id` is the run's (REFINE-6: its result links to its creation and can be refined). */
export const ImageAnswer = v.object({ id: v.optional(v.string()), output: v.string(), credits: v.number() });

// ---------- my creations ----------
export const CreationCategory = v.picklist(['Image', 'Video', 'Text', '3D', 'Audio'], 'Unknown category');
/** GET /api/creations?cursor&category&limit: newest first; `cursor` is the previous page's nextCursor. */
/** A day of the calendar, YYYY-MM-DD (UTC), that exists. */
const Day = (message: string) =>
  v.pipe(
    v.string(),
    v.regex(/^\d{4}-\d{2}-\d{2}$/, message),
    v.check(
      (d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d),
      message,
    ),
  );
export const CreationStatus = v.picklist(
  ['starting', 'processing', 'succeeded', 'failed', 'canceled'],
  'The status is one of starting, processing, succeeded, failed, canceled',
);
export const CreationsQuery = v.object({
  cursor: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,200}$/, 'Invalid cursor'))),
  category: v.optional(CreationCategory),
  /** Words of the prompt; each also matches as the start of a word (CREATIONS-4). */
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'The search is at most 200 characters'))),
  /** A catalogue key (src/catalog/tools.ts). */
  tool: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/, 'Unknown tool'))),
  status: v.optional(CreationStatus),
  /** Made on or after this day (UTC). */
  from: v.optional(Day('The from date is YYYY-MM-DD')),
  /** Made on or before this day (UTC). */
  to: v.optional(Day('The to date is YYYY-MM-DD')),
  /** COLLECT-7: '1' lists only the starred ones. */
  starred: v.optional(v.picklist(['1'], 'starred is 1 or absent')),
  /** COLLECT-7: only the creations of this collection of the caller's. */
  collection: v.optional(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'Collection not found'))),
  limit: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,2}$/, 'The limit must be 1 to 50'),
      v.transform(Number),
      v.minValue(1),
      v.maxValue(50),
    ),
  ),
});
export const Creation = v.object({
  id: v.string(),
  /** The catalogue key of the tool (src/catalog/tools.ts). */
  tool: v.string(),
  title: v.string(),
  category: CreationCategory,
  prompt: v.nullable(v.string()),
  /** The parameters and uploaded file URLs the run was given. */
  input: v.record(v.string(), Scalar),
  /** A queued run (a batch's, waiting for a place) is listed here as 'starting': in progress, not begun. */
  status: v.picklist(['starting', 'processing', 'succeeded', 'failed', 'canceled']),
  cost: v.number(),
  /** The run failed, was canceled or timed out, and its cost went back to the balance. */
  refunded: v.boolean(),
  output: v.nullable(v.union([v.string(), v.array(v.string())])),
  /** What the output is: image, video, text, code, model3d, audio. */
  outputKind: v.picklist(['image', 'video', 'text', 'code', 'model3d', 'audio']),
  /**
   * A small picture of the output (a WebP of at most 384 px on its long side; a video's first frame, an audio's
   * waveform) with its size in pixels, its address signed like the output's; absent for text, code, 3D and older runs.
   */
  thumb: v.optional(
    v.object({ url: v.string(), width: v.pipe(v.number(), v.integer()), height: v.pipe(v.number(), v.integer()) }),
  ),
  /** Text and code: the start of the text (at most about 240 characters), for the list's tile. */
  snippet: v.optional(v.string()),
  error: v.nullable(v.string()),
  createdAt: v.string(),
  completedAt: v.nullable(v.string()),
  /** COLLECT-1: the caller starred it. */
  starred: v.optional(v.boolean()),
  /** COLLECT-4: the caller's collections that hold it. */
  collectionIds: v.optional(v.array(v.string())),
});
export type Creation = v.InferOutput<typeof Creation>;
export const CreationsPage = v.object({ items: v.array(Creation), nextCursor: v.nullable(v.string()) });
export type CreationsPage = v.InferOutput<typeof CreationsPage>;
/** A creation's public link (SHARE-1): its token and the absolute address of its page. */
export const ShareAnswer = v.object({ token: v.string(), url: v.string() });
export type ShareAnswer = v.InferOutput<typeof ShareAnswer>;
/** GET /api/creations/{id}: the run with what its page shows besides the list's card (CREATIONS-3). */
export const CreationDetail = v.object({
  ...Creation.entries,
  /** The input without its uploads (the prompt, the sizes, the seed, …). */
  parameters: v.optional(v.record(v.string(), Scalar)),
  /** The files it was given, by input field, each a signed address. */
  uploads: v.optional(v.array(v.object({ field: v.string(), url: v.string() }))),
  seed: v.optional(v.nullable(v.number())),
  /** completedAt − createdAt, when it has ended. */
  durationMs: v.optional(v.nullable(v.number())),
  /** Its public link while shared, else null. */
  shared: v.optional(v.nullable(ShareAnswer)),
  /** CREATIONS-18: the id of the run before it in My creations (newer), null for the newest. */
  previous: v.optional(v.nullable(v.string())),
  /** CREATIONS-18: the id of the run after it in My creations (older), null for the oldest. */
  next: v.optional(v.nullable(v.string())),
  /** REFINE-5: the creation an Upscale 2× or a Vary was made from (its prompt, or its tool's title), else null. */
  source: v.optional(v.nullable(v.object({ id: v.string(), label: v.string() }))),
});
export type CreationDetail = v.InferOutput<typeof CreationDetail>;
/** POST /api/creations/{id}/vary (REFINE-3): how far the new picture moves from its source. */
export const VaryBody = v.object({
  strength: v.picklist(['subtle', 'strong'], 'The strength is subtle or strong'),
});
export type VaryBody = v.InferOutput<typeof VaryBody>;
const CreationIds = v.pipe(
  v.array(v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]{1,64}$/, 'Unknown creation'))),
  v.minLength(1, 'Choose 1 to 100 creations'),
  v.maxLength(100, 'Choose 1 to 100 creations'),
);
/** POST /api/creations/zip and /api/creations/delete: which of the caller's creations. */
export const CreationIdsBody = v.object({ ids: CreationIds });
export const DeletedAnswer = v.object({ deleted: v.number(), message: v.string() });

// ---------- stars and collections (COLLECT) ----------
/** A collection's name: 1 to 60 characters once trimmed (COLLECT-3). */
export const CollectionName = v.pipe(
  v.string('Name the collection'),
  v.trim(),
  v.minLength(1, 'Name the collection'),
  v.maxLength(60, 'A collection name is at most 60 characters'),
);
export const CollectionBody = v.object({ name: CollectionName });
export const Collection = v.object({
  id: v.string(),
  name: v.string(),
  /** How many creations it holds. */
  count: v.number(),
  createdAt: v.string(),
});
export type Collection = v.InferOutput<typeof Collection>;
export const CollectionsAnswer = v.object({ items: v.array(Collection) });
export type CollectionsAnswer = v.InferOutput<typeof CollectionsAnswer>;
/** Stars, unstars, adds or removes: how many creations, and a sentence to show. */
export const ChangedAnswer = v.object({ changed: v.number(), message: v.string() });
export type ChangedAnswer = v.InferOutput<typeof ChangedAnswer>;

// ---------- runs (the tray: batches, the queue, the list, cancel) ----------
/** POST /api/generate/batch: one tool, its shared parameters, and one run per prompt (1 to 10). */
export const BatchBody = v.object({
  modelId: v.pipe(v.string(), v.minLength(1)),
  prompts: v.pipe(
    v.array(v.string()),
    v.minLength(1, 'A batch takes 1 to 10 prompts.'),
    v.maxLength(10, 'A batch takes 1 to 10 prompts.'),
  ),
  /** Shared by every run (no files); each run's `prompt` is one of `prompts`. */
  input: v.optional(GenerationInput),
});
export type BatchBody = v.InferOutput<typeof BatchBody>;
export const BatchRun = v.object({
  id: v.string(),
  /** 'processing': started now; 'queued': waits at `position` (1 = next) for a place of the account. */
  status: v.picklist(['queued', 'starting', 'processing']),
  position: v.optional(v.pipe(v.number(), v.integer(), v.minValue(1))),
});
export const BatchAnswer = v.object({ runs: v.array(BatchRun), credits: v.number() });
export const Run = v.object({
  id: v.string(),
  /** The catalogue key of the tool (src/catalog/tools.ts). */
  toolKey: v.string(),
  prompt: v.nullable(v.string()),
  status: PredictionStatus,
  /**
   * A whole percentage, 0–100 (RUNS-26): how far a working run has got as its provider reports it (the offline
   * model's steps, Replicate's log), never lower than before; 100 once succeeded; null when nothing was reported.
   * Read as any number: the tray rounds and clamps it.
   */
  progress: v.nullable(v.number()),
  /** A queued run's place in its account's queue (1 = next to start); null otherwise. */
  position: v.nullable(v.number()),
  cost: v.number(),
  /** Credits given back (a failed, canceled or timed-out run); 0 otherwise. */
  refunded: v.number(),
  error: v.nullable(v.string()),
  createdAt: v.string(),
  finishedAt: v.nullable(v.string()),
  /** A succeeded run's output: its file URL(s), or the text of a text or code run. */
  output: v.nullable(v.union([v.string(), v.array(v.string())])),
});
export type Run = v.InferOutput<typeof Run>;
export const RunList = v.object({ runs: v.array(Run) });

/** GET /api/prediction/{id} as the SPA reads it: status, output, error, and a queued run's place. */
export const PredictionReply = v.object({
  status: v.string(),
  output: v.optional(v.nullable(v.union([v.string(), v.array(v.string())]))),
  error: v.optional(v.nullable(v.string())),
  /** A queued run's place in its account's queue (RUNS-4, RUNS-15). */
  position: v.optional(v.nullable(v.number())),
});

// ---------- prompts: history, styles, enhance (PROMPT, ENHANCE) ----------

/** A tool's key as the catalogue spells it (the server refuses one it does not know). */
const ToolKeyText = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/, 'Unknown tool'));

export const PromptHistoryQuery = v.object({
  toolKey: ToolKeyText,
  /** Words the prompts must contain (case-insensitive); none for every prompt. */
  q: v.optional(v.pipe(v.string(), v.maxLength(200, 'The search is too long'))),
  limit: v.optional(
    v.pipe(v.string(), v.regex(/^[0-9]{1,3}$/, 'Invalid limit'), v.transform(Number), v.minValue(1), v.maxValue(100)),
  ),
});
export const PromptHistoryEntry = v.object({
  prompt: v.string(),
  uses: v.number(),
  lastUsedAt: v.string(),
});
export type PromptHistoryEntry = v.InferOutput<typeof PromptHistoryEntry>;
export const PromptHistoryAnswer = v.object({
  /** Most recently run first. */
  prompts: v.array(PromptHistoryEntry),
});
export type PromptHistoryAnswer = v.InferOutput<typeof PromptHistoryAnswer>;
export const ClearPromptHistoryAnswer = v.object({ cleared: v.number(), message: v.string() });

export const PromptStyle = v.object({ id: v.string(), name: v.string(), template: v.string() });
export type PromptStyle = v.InferOutput<typeof PromptStyle>;
export const PromptStylesAnswer = v.object({ styles: v.array(PromptStyle) });
export type PromptStylesAnswer = v.InferOutput<typeof PromptStylesAnswer>;
export const PromptStyleBody = v.object({
  name: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, "A style's name takes 1 to 40 characters."),
    v.maxLength(40, "A style's name takes 1 to 40 characters."),
  ),
  template: v.pipe(
    v.string(),
    v.trim(),
    v.maxLength(1000, 'A style holds {prompt} exactly once, in at most 1000 characters.'),
  ),
});
export type PromptStyleBody = v.InferInput<typeof PromptStyleBody>;

export const EnhanceBody = v.object({
  toolKey: ToolKeyText,
  prompt: v.pipe(
    v.string(),
    v.trim(),
    v.minLength(1, 'Please enter a prompt'),
    v.maxLength(4000, 'The prompt is too long (at most 4000 characters).'),
  ),
});
export type EnhanceBody = v.InferInput<typeof EnhanceBody>;
export const EnhanceAnswer = v.object({
  prompt: v.string(),
  /** 'offline': the word table's suggestion (ENHANCE-2); 'openai': the text model's. */
  source: v.picklist(['offline', 'openai']),
});
export type EnhanceAnswer = v.InferOutput<typeof EnhanceAnswer>;
