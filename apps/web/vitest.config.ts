import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/** The test files that replace a module (`vi.mock`) need that module evaluated afresh. */
const replacesModules = [
  'src/features/bidding/components/new-arrival-bidding.test.tsx',
  'src/app/shell/app-shell.test.tsx',
];

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Two files at a time even on two cores, where vitest's default (cores − 1) runs one and leaves
    // a core idle while its own process only gathers the results.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: replacesModules,
          // A worker sets up its DOM and evaluates the app's modules once for all its files, not once
          // a file: 13-15 s for the suite against 73 s. The setup file still runs before each file and
          // clears what a test leaves (the DOM, storage, stubbed globals); the suite passes in
          // shuffled order too.
          isolate: false,
        },
      },
      { extends: true, test: { name: 'web-replaced-modules', include: replacesModules } },
      // The build's own plugins, in Node.
      { test: { name: 'web-build', include: ['*.test.ts'], environment: 'node' } },
    ],
  },
});
