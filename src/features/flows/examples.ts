/**
 * What the flows viewer starts each machine with and what it suggests as each effect's answer, so
 * every registered machine can be stepped from its first state without writing JSON by hand. Each
 * is only a starting point: the page shows it in an editable field.
 */
import { tools, toolByKey, type ToolKey } from '../../catalog';

const user = { id: 'u1', email: 'maker@example.com', credits: 120, subscription: null, lastPasswordChange: null };

/** The input each machine starts with (JSON as typed in the page). toolRun names its tool by catalogue key. */
export const exampleInputs: Readonly<Record<string, unknown>> = {
  resetPassword: { token: 'reset-token-1' },
  verifyEmail: { token: 'verify-token-1' },
  checkoutReturn: { outcome: 'success', sessionId: 'cs_test_1' },
  creations: { only: null, category: null },
  spending: { current: '2026-11' },
  sidebar: { width: 1280 },
  toolPoll: { id: 'prediction-1', maxPolls: 3 },
  toolProgress: { from: 80 },
  toolRequest: {
    endpoint: '/api/generate/image',
    body: { prompt: 'A red fox in the snow' },
    idempotencyKey: 'key-1',
    retryOn504: false,
    timeoutMs: 55000,
  },
  toolRun: { tool: 'text-to-image', signedIn: true, credits: 120 },
};

export const exampleInputText = (machine: string): string => JSON.stringify(exampleInputs[machine] ?? {}, null, 1);

/**
 * The machine's input from what the person typed: toolRun's `tool` is a catalogue key (a tool is code,
 * not JSON), turned into the catalogue's tool here.
 */
export function machineInput(
  machine: string,
  typed: unknown,
): { ok: true; value: unknown } | { ok: false; message: string } {
  if (machine !== 'toolRun') return { ok: true, value: typed };
  const given = (typeof typed === 'object' && typed !== null ? typed : {}) as Record<string, unknown>;
  const key = typeof given['tool'] === 'string' ? given['tool'] : 'text-to-image';
  if (!tools.some((t) => t.key === key))
    return { ok: false, message: `No tool "${key}": use one of ${tools.map((t) => t.key).join(', ')}` };
  return { ok: true, value: { ...given, tool: toolByKey(key as ToolKey) } };
}

/** A successful answer for each effect (an invoked actor, by its src). */
const outputs: Readonly<Record<string, unknown>> = {
  // null: no stored token, so the session starts signed out.
  readToken: null,
  loadUser: user,
  login: { token: 'token-1' },
  register: { message: 'Check your email to verify your account', email: 'maker@example.com' },
  logout: null,
  cancelSubscription: { success: true, message: 'Your subscription is cancelled' },
  changeEmail: { message: 'Email changed', user },
  deleteAccount: null,
  forgotPassword: { message: 'If the address has an account, a reset link is on its way' },
  resetPassword: { message: 'Password reset', user: { email: 'maker@example.com' } },
  verifyEmail: { message: 'Email verified' },
  checkoutStatus: {
    sessionId: 'cs_test_1',
    kind: 'pack',
    status: 'paid',
    fulfilled: true,
    credits: 100,
    planId: null,
    billingCycle: null,
    priceId: 'price_pack_100',
    balance: 220,
  },
  createSubscription: { sessionId: 'cs_test_1', url: 'https://checkout.example.com/cs_test_1' },
  createCheckoutSession: { sessionId: 'cs_test_1', url: 'https://checkout.example.com/cs_test_1' },
  loadHistory: { entries: [], nextCursor: null },
  fetchCsv: 'date,description,change,balance\r\n2026-11-01T10:00:00.000Z,Sign-up credits,50,50\r\n',
  loadSpending: {
    month: '2026-11',
    total: 25,
    tools: [{ tool: 'text-to-image', title: 'Text to Image', runs: 3, credits: 25 }],
  },
  loadPage: { items: [], nextCursor: null },
  deleteCreation: null,
  readStoredTheme: 'dark',
  loadRemoteTheme: 'dark',
  saveRemoteTheme: null,
  fetchPrediction: { status: 'succeeded', output: 'https://example.com/result.png' },
  attempt: { output: 'https://example.com/result.png', credits: 117 },
  syncRequest: { ok: true, answer: { output: 'https://example.com/result.png', credits: 117 }, attempts: 1 },
  startRequest: { ok: true, answer: { id: 'prediction-1', credits: 117 }, attempts: 1 },
  poll: { ok: true, output: 'https://example.com/result.mp4' },
  upload: { url: 'https://example.com/upload.png' },
  progress: null,
};

/** The example answer of an effect, as JSON text ('null' when there is none). */
export const exampleOutputText = (src: string): string => JSON.stringify(outputs[src] ?? null);

/** An example payload for an event, where the machine reads one. */
const payloads: Readonly<Record<string, object>> = {
  'tool.prompt': { prompt: 'A red fox in the snow' },
  'tool.balance': { signedIn: true, credits: 120 },
  'viewport.resized': { width: 390 },
  'theme.select': { theme: 'dark' },
};

export const exampleEventText = (type: string): string => JSON.stringify({ type, ...payloads[type] });
