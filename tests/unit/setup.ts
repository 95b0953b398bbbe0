import '@testing-library/jest-dom/vitest';
import { afterEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(cleanup);

// Role queries compute accessible names over the whole document: with the suites side by side on two
// cores, one can take more than Testing Library's default second (the phone drawer's dialog did, in a
// full run), so its find and waitFor calls wait up to five.
configure({ asyncUtilTimeout: 5000 });
