/**
 * The contract of spec §7: request and answer shapes of every call, shared by the SPA (which
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
/** The rule the reset page enforces (spec §5); the server applies it to every new password. */
export const NewPassword = v.pipe(
  v.string(),
  v.minLength(6, 'Password must be at least 6 characters long'),
  v.maxLength(256, 'Password is too long'),
);

export const ErrorBody = v.object({
  message: v.string(),
  details: v.optional(v.unknown()),
  expired: v.optional(v.boolean()),
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
});

export const User = v.object({
  id: v.string(),
  email: v.string(),
  credits: v.number(),
  subscription: v.nullable(Subscription),
  /** ISO date-time or null ('Never'). */
  lastPasswordChange: v.nullable(v.string()),
});
export type User = v.InferOutput<typeof User>;

// ---------- auth ----------
export const LoginBody = v.object({ email: Email, password: Password });
export const LoginAnswer = v.object({ token: v.string() });
export const RegisterBody = v.object({ email: Email, password: NewPassword });
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

// ---------- payments ----------
export const CreateSubscriptionBody = v.object({
  planId: v.picklist(['standard', 'pro', 'enterprise'], 'Unknown plan'),
  billingCycle: BillingCycle,
});
export const CreateCheckoutBody = v.object({
  priceId: v.pipe(v.string(), v.minLength(1)),
  /** Sent by the SPA as spec §7 says; the server prices from its own catalogue and ignores it. */
  credits: v.optional(v.number()),
});
export const CheckoutAnswer = v.object({ sessionId: v.string(), url: v.string() });
export const CancelAnswer = v.object({ success: v.boolean(), message: v.optional(v.string()) });

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
});
export type GenerateBody = v.InferOutput<typeof GenerateBody>;

export const GenerateAnswer = v.object({ id: v.string(), credits: v.optional(v.number()) });
export const PredictionStatus = v.picklist(['starting', 'processing', 'succeeded', 'failed', 'canceled']);
export const Prediction = v.object({
  id: v.string(),
  status: PredictionStatus,
  output: v.nullable(v.union([v.string(), v.array(v.string())])),
  error: v.nullable(v.string()),
  /** The model that made it; 'offline preview model' for the local provider. */
  model: v.optional(v.string()),
});
export type Prediction = v.InferOutput<typeof Prediction>;
export const ImageAnswer = v.object({ output: v.string(), credits: v.number() });
