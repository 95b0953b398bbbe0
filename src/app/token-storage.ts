/** The bearer token kept in the browser (spec §6, §9: local storage key 'token'). */
export const TOKEN_KEY = 'token';

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage can throw when the browser blocks it (privacy modes); the visitor stays signed out.
    return null;
  }
}

export function readToken(): string | null {
  const token = storage()?.getItem(TOKEN_KEY) ?? null;
  return token === '' ? null : token;
}

export function storeToken(token: string): void {
  storage()?.setItem(TOKEN_KEY, token);
}

export function deleteToken(): void {
  storage()?.removeItem(TOKEN_KEY);
}
