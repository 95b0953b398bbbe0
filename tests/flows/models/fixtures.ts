/** The shape ApiError has (src/api/client.ts): a server message, a status, maybe details. */
export const serverError = (message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { status: 400, ...extra });
/** A failure without any message: the flows must fall back to their own texts. */
export const silentError = {};
