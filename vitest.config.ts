import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { LINUX_ONLY_TESTS, skipsLinuxOnly } from './test/linux-only-tests.js';

// The Windows pipeline leaves out what needs Linux-only tools (test/linux-only-tests.ts says which
// and why); every other run, .ci/run's included, has the whole suite.
const skipLinuxOnly = skipsLinuxOnly();
const linuxOnly = skipLinuxOnly ? LINUX_ONLY_TESTS.map((t) => t.path) : [];
const e2e = {
  test: {
    name: 'e2e',
    include: ['test/e2e/**/*.test.ts'],
    environment: 'node' as const,
    testTimeout: 90_000,
    hookTimeout: 90_000,
    fileParallelism: false,
  },
};

export default defineConfig({
  test: {
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/vitest.json' },
    projects: [
      {
        test: {
          name: 'node',
          include: ['test/**/*.test.ts', 'main/**/*.test.ts', 'sandbox/**/*.test.ts'],
          exclude: ['test/e2e/**', 'node_modules/**', ...linuxOnly],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        plugins: [react()],
        test: {
          name: 'renderer',
          include: ['renderer/**/*.test.ts', 'renderer/**/*.test.tsx'],
          environment: 'jsdom',
          setupFiles: ['renderer/test-setup.ts'],
        },
      },
      // Every e2e test drives Debian's Chromium: the project goes as a whole.
      ...(skipLinuxOnly ? [] : [e2e]),
    ],
  },
});
