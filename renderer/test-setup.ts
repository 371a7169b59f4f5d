import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// vitest runs without globals, so testing-library cannot register its own cleanup.
afterEach(() => cleanup());
// Several helpers share a 2-core machine: generous per-test time, the waits themselves are on state.
vi.setConfig({ testTimeout: 30_000, hookTimeout: 30_000 });
