import os from 'node:os';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  test: {
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    restoreMocks: true,
    // Two files at a time even on two cores, where vitest's default (cores − 1) runs one and leaves
    // a core idle while its own process only gathers the results.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
