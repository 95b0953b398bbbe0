/** The bearer token kept in the browser (AUTH-16: local storage key 'token'). */
export const TOKEN_KEY = 'token';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes); the visitor stays signed out.
    return null;
  }
}

/**
 * The saved token. A storage the browser blocks throws here: the session machine's reading state
 * fails over to signed out (its onError), where the flows viewer and the path tests can see it.
 */
export function readToken(): string | null {
  const token = localStorage.getItem(TOKEN_KEY);
  return token === '' ? null : token;
}

export function storeToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

export function deleteToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}
