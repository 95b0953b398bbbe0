/**
 * AUTH-18: the registering browser's claim. Registering keeps a random value in this browser (localStorage) and
 * sends it with the registration, whose verify link stores only its hash; the verify page sends it back with
 * the link's token, and a match signs the person in.
 */
const CLAIM_KEY = 'atelier.verifyClaim';

function local(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

/** A new claim for a registration, kept in this browser (43 base64url characters). */
export function newVerifyClaim(storage: Storage | undefined = local()): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  const claim = btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
  try {
    storage?.setItem(CLAIM_KEY, claim);
  } catch {
    // Without storage the link verifies but does not sign in.
  }
  return claim;
}

/** The claim of this browser's last registration, when it has one. */
export function readVerifyClaim(storage: Storage | undefined = local()): string | undefined {
  try {
    const claim = storage?.getItem(CLAIM_KEY);
    return claim && /^[\w-]{43,128}$/.test(claim) ? claim : undefined;
  } catch {
    return undefined;
  }
}

export function forgetVerifyClaim(storage: Storage | undefined = local()): void {
  try {
    storage?.removeItem(CLAIM_KEY);
  } catch {
    // Nothing kept.
  }
}
