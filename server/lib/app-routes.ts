/**
 * The app's routes as the build lists them (dist/pages/routes.json, written from the router's route tree
 * by scripts/page-heads.ts), so the server can tell an address the app has a page for from one it has
 * not: the latter still gets the app, which draws its not-found page, but with status 404, so crawlers,
 * link checkers and monitors see a missing page as missing.
 * In a route, `$name` stands for one segment, `{-$name}` for one or none, and a trailing `/` (an index
 * route) for nothing. Like the router, matching ignores letter case and trailing slashes.
 */
export type RouteMatcher = (urlPath: string) => boolean;

const segments = (p: string) => p.toLowerCase().split('/').filter(Boolean);
const optional = /^\{-\$[\w]+\}$/;
const required = /^\$[\w]+$/;

function matches(pattern: readonly string[], path: readonly string[]): boolean {
  if (pattern.length === 0) return path.length === 0;
  const [part, ...rest] = pattern as [string, ...string[]];
  if (optional.test(part)) return matches(rest, path) || (path.length > 0 && matches(rest, path.slice(1)));
  if (path.length === 0) return false;
  return (required.test(part) || part === path[0]) && matches(rest, path.slice(1));
}

export function routeMatcher(fullPaths: readonly string[]): RouteMatcher {
  // Parameter names keep their case: only literal segments are compared, lowercased.
  const patterns = fullPaths.map((p) =>
    p
      .split('/')
      .filter(Boolean)
      .map((s) => (optional.test(s) || required.test(s) ? s : s.toLowerCase())),
  );
  return (urlPath) => {
    const path = segments(urlPath);
    return patterns.some((pattern) => matches(pattern, path));
  };
}

/** The matcher of a routes.json body; undefined when it is not a list of paths (an older or a test build). */
export function parseRoutes(body: string): RouteMatcher | undefined {
  try {
    const list: unknown = JSON.parse(body);
    if (!Array.isArray(list) || list.length === 0 || !list.every((p) => typeof p === 'string' && p.startsWith('/'))) {
      return undefined;
    }
    return routeMatcher(list as string[]);
  } catch {
    return undefined;
  }
}
