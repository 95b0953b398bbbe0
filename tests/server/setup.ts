/** Run before each server test file (vitest.config.ts setupFiles): what every file checks at its end. */
import { afterAll } from 'vitest';

// Imported when the file ends, not before it starts: a file's vi.mock must be in place before the server's
// modules load (helpers.ts imports them).
afterAll(async () => (await import('./helpers')).endOfFile());
