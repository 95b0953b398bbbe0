/**
 * A prerendered page that React could not adopt as it was drawn (a hydration mismatch) is a bug: React
 * recovers by drawing it again in the browser, which the person sees as a flash. The app logs it as an
 * error with this prefix; the end-to-end suite fails on any.
 */
export const HYDRATION_ERROR_PREFIX = '[hydration error]';

export function reportHydrationError(error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`${HYDRATION_ERROR_PREFIX} ${message}`);
}
