/**
 * How each answer the test server holds and gives could be caused on a real server: every adapter
 * lists, per event type whose driver answers a request (`causes`, keyed like `events`, a trailing `*`
 * matching a prefix), what a tester does to get that answer from a running deployment (the offline
 * provider's `[fail]`, `[busy]` and `[slow]` prompt markers, a wrong password, the outbox link, an
 * account with no credits) or why it cannot be caused there. The report shows the cause next to the
 * answer's status and body; a path whose driver answers without one fails (runPath), and
 * tests/flows/path-causes.test.ts checks every driver that answers has one without a browser.
 */
import type { EventObject } from 'xstate';

/** A request as a driver answered it. */
export interface AnsweredRequest {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

/** How to cause an answer on a real server: a sentence, or one chosen from the event and the answer given. */
export type Cause = string | ((event: EventObject, answer: AnsweredRequest) => string);

/** Said of an answer no real server gives on purpose: a 500 with no body. */
export const SERVER_FAULT =
  'cannot be caused on purpose: a real server answers 500 only on a fault of its own (a database down, a bug)';

/** The entry of `causes` for an event type: its own, else the longest `prefix*` that matches it. */
export function causeKey(causes: Readonly<Record<string, Cause>>, type: string): string | undefined {
  if (type in causes) return type;
  return Object.keys(causes)
    .filter((k) => k.endsWith('*') && type.startsWith(k.slice(0, -1)))
    .sort((a, b) => b.length - a.length)[0];
}

/** The cause of `answer`, given while the path drove `event` (undefined when the adapter names none). */
export function causeOf(
  causes: Readonly<Record<string, Cause>> | undefined,
  event: EventObject,
  answer: AnsweredRequest,
): string | undefined {
  const key = causes ? causeKey(causes, event.type) : undefined;
  if (key === undefined) return undefined;
  const cause = causes![key]!;
  return typeof cause === 'string' ? cause : cause(event, answer);
}

/**
 * Whether a driver's code answers the server: it calls `answer(` on the test server (directly or
 * through a helper whose name says so: `answer…(`, `…Answer(`). Read from the function's source, so
 * the check runs without a page; runPath's own check covers what a helper hides.
 */
export const answersServer = (driver: (...args: never[]) => unknown): boolean =>
  /\.answer\(|\banswer\w*\(|\w+Answers?\(/.test(String(driver));

/** The status-and-message kind of an answer, to choose a sentence by. */
const messageOf = (answer: AnsweredRequest) =>
  typeof (answer.body as { message?: unknown } | undefined)?.message === 'string'
    ? (answer.body as { message: string }).message
    : '';

/**
 * A cause by outcome: `done` for a success (below 300), `refused` for an answer with a message (a
 * sentence, or chosen from the answer), SERVER_FAULT (or `fault`) for an error with no body.
 */
export const byOutcome =
  (
    done: string,
    refused: string | ((answer: AnsweredRequest, message: string) => string),
    fault = SERVER_FAULT,
  ): Cause =>
  (_event, answer) => {
    if (answer.status < 300) return done;
    if (answer.body === undefined) return fault;
    return typeof refused === 'string' ? refused : refused(answer, messageOf(answer));
  };

/** A cause per invoked actor, for a driver that answers the outcomes of several (`xstate.*`). */
export const perActor =
  (table: Record<string, Cause>): Cause =>
  (event, answer) => {
    const actor = event.type.split('.').slice(3).join('.');
    const cause = table[actor];
    if (cause === undefined) throw new Error(`No cause for the answer to ${actor} (${event.type})`);
    return typeof cause === 'string' ? cause : cause(event, answer);
  };

/**
 * How a generation start or status check fails on a real server with the offline provider
 * (server/providers/local.ts): by the status and message the path made the server answer.
 */
export function toolFailure(answer: AnsweredRequest): string {
  const message = messageOf(answer);
  if (answer.body === undefined && answer.status >= 500) return SERVER_FAULT;
  if (answer.status === 402)
    return 'an account with fewer credits than the run costs (a new account after its free credits are spent)';
  if (/time[d\s-]*out/i.test(message) && answer.status !== 504)
    return 'put [slow] in the prompt: the offline run takes LOCAL_SLOW_MS (set it past the client’s wait), so the call times out';
  if (answer.status === 504)
    return 'put [busy] in the prompt: the offline provider refuses the run with 504 before charging';
  if (answer.status === 502)
    return 'cannot be caused with the offline provider: a 502 comes from a configured AI service that fails';
  if (/too large/i.test(message))
    return 'choose a picture over the upload limit (22 MB on /api/upload; the page refuses larger files itself)';
  return 'put [fail] in the prompt (or in a picture’s text metadata for the tools without one): the offline provider fails the run';
}

/** How a status check of a started run answers on a real server, by the status the answer reports. */
export function predictionCause(body: unknown): string {
  const { status, output } = (body ?? {}) as { status?: unknown; output?: unknown };
  if (status === 'processing' || status === 'starting')
    return 'check a run the offline provider is still working on (a longer run: a longer duration, or video)';
  if (status === 'failed')
    return 'put [fail] in the prompt: the offline provider fails the run and refunds its credits';
  if (status === 'canceled')
    return 'cannot be caused: the app offers no way to cancel a run, and the offline provider never cancels one';
  if (status === 'succeeded' && (output === null || (Array.isArray(output) && output[0] == null)))
    return 'cannot be caused: the offline provider always writes an output (this checks the page against a broken answer)';
  return 'generate with an ordinary prompt: the offline provider finishes the run';
}
