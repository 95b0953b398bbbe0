/** Starts and stops the real server (`scripts/start.mjs`) as a child process; used by global-setup and by tests. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const root = join(import.meta.dirname, '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export function waitForReady(child: ChildProcess, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`Server did not start:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Atelier is running at')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Server exited with ${code}:\n${output}`));
    });
  });
}

export interface ServerProcess {
  readonly baseUrl: string;
  stop(): Promise<void>;
}

/** Runs `npm start`'s script on a free port with a fresh DATA_DIR (embedded database, local outbox). */
export async function startServer(env: Record<string, string> = {}, timeoutMs = 90_000): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'atelier-e2e-'));
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    // Checkout and mail links must point at the address the browser uses.
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      NODE_ENV: 'production',
      // The one production build (global-setup.ts); the suite's pages ask it for dropped-event reports (browser.ts).
      DIST_DIR: join(root, 'dist'),
      // Every simulated person of the suite comes from 127.0.0.1: per-address limits sized for the
      // suite (the security tests check the limits themselves, in the server suite).
      RATE_LIMIT_REGISTER: '10000',
      RATE_LIMIT_FORGOT_PASSWORD: '10000',
      RATE_LIMIT_VERIFY: '10000',
      RATE_LIMIT_RESET: '10000',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '100000',
      // The browser suites check the app, not the offline models (tests/server/adapters/offline-models.test.ts does).
      MODELS: 'classic',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForReady(child, timeoutMs);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl: `http://127.0.0.1:${port}`, stop };
}
