/**
 * The outbound guard of a server process the e2e suite starts (`NODE_OPTIONS=--import <this file>`): it wraps
 * `globalThis.fetch` (the OpenAI and Replicate SDKs, output downloads) and node's `http`/`https` `request` and
 * `get` (stripe-node, mail), writes each host outside loopback to the file named by `OUTBOUND_GUARD_LOG` (one
 * a line) and refuses the request before any byte leaves. The test reads the file and expects it empty.
 */
import { appendFileSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';

const log = process.env.OUTBOUND_GUARD_LOG;
const loopback = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|::1)$/i;

/** The host of a request target: a URL, its string, or http.request's options. */
function hostOf(target, fallback) {
  if (typeof target === 'string' || target instanceof URL) return new URL(target).hostname;
  if (target && typeof target === 'object' && 'url' in target && typeof target.url === 'string')
    return new URL(target.url).hostname;
  return (target && (target.hostname ?? target.host)) || fallback;
}

function check(host) {
  const name = String(host).replace(/:\d+$/, '');
  if (loopback.test(name)) return;
  if (log) appendFileSync(log, `${name}\n`);
  throw new Error(`The outbound guard refused a request to ${name}`);
}

if (log) {
  const realFetch = globalThis.fetch;
  globalThis.fetch = (input, init) => {
    try {
      check(hostOf(input, 'localhost'));
    } catch (error) {
      return Promise.reject(error);
    }
    return realFetch(input, init);
  };
  for (const mod of [http, https]) {
    for (const name of ['request', 'get']) {
      const real = mod[name];
      mod[name] = (...args) => {
        check(hostOf(args[0], 'localhost'));
        return real(...args);
      };
    }
  }
  // `import { request } from 'node:http'` sees the wrapped functions too.
  syncBuiltinESMExports();
}
