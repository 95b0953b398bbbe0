/**
 * One log line, safe to write: CR, LF and other control characters are escaped (a request cannot forge
 * a line), and secrets are cut out — sign-in links' tokens, checkout session ids and keys, bearer tokens.
 */
const redactions: ReadonlyArray<[RegExp, string]> = [
  [/(verify-email|reset-password)\/[^\s/?#"']+/gi, '$1/[redacted]'],
  [/\/checkout\/[^\s/?#"']+/gi, '/checkout/[session]'],
  [/\bcs_(local|test|live)_[A-Za-z0-9_-]+/g, 'cs_[session]'],
  [/([?&](?:key|token)=)[^\s&#"']+/gi, '$1[redacted]'],
  [/\b(Bearer\s+)\S+/gi, '$1[redacted]'],
  [/\b(whsec|sk_live|sk_test|rk_live|rk_test)_[A-Za-z0-9]+/g, '$1_[redacted]'],
];

export function safeLogLine(line: string): string {
  let out = line;
  for (const [pattern, replacement] of redactions) out = out.replace(pattern, replacement);
  // eslint-disable-next-line no-control-regex
  return out.replace(/[\u0000-\u001f\u007f]/g, (ch) =>
    ch === '\n'
      ? '\\n'
      : ch === '\r'
        ? '\\r'
        : ch === '\t'
          ? '\\t'
          : `\\x${ch.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}
