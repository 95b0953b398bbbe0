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
