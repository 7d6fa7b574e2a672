import os from 'node:os';
import { defineConfig } from 'vitest/config';

/**
 * API integration tests run against a fresh PGlite per file, and once more against the real
 * PostgreSQL of TEST_DATABASE_URL when it is set (each file in its own throwaway database).
 */
const postgres = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;

/**
 * Two test files at a time even on two cores, where vitest's default (cores − 1) runs one and
 * leaves a core idle: vitest's own process only gathers the results, while a file's PGlite runs in
 * its worker and PostgreSQL in its own processes. More cores, more files.
 */
const maxWorkers = Math.max(2, os.availableParallelism() - 1);

const shared = {
  include: ['src/**/*.test.ts'],
  exclude: ['src/**/*.redis.test.ts'],
  setupFiles: ['src/test/fail-on-console-error.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
  // What a test waits for in the background (a notice's mail, a web push) may take more than
  // expect.poll's default second while two files share two cores; the poll ends as soon as it holds.
  expect: { poll: { timeout: 10_000 } },
  pool: 'forks' as const,
  // A worker evaluates the server's modules once for all its files instead of once per file: the
  // app's module graph took about 1.9 s a file to import, 350 s of the suite's CPU. Every file makes
  // its own app and database; a test kit's hooks are registered by a call in each file that uses
  // it (`useConfirmWorld()`), since a module's top runs once a worker.
  isolate: false,
};

export default defineConfig({
  test: {
    maxWorkers,
    projects: [
      // One project after the other (groupOrder): start-up.test.ts of each, and the Redis project's
      // built-server.redis.test.ts, build the server into the same dist folder, which two builds at
      // once would write over each other.
      { test: { ...shared, name: 'pglite', env: { LOUPE_TEST_DB: 'pglite' }, sequence: { groupOrder: 0 } } },
      ...(postgres
        ? [
            {
              test: {
                ...shared,
                name: 'postgres',
                env: { LOUPE_TEST_DB: 'postgres' },
                sequence: { groupOrder: 1 },
              },
            },
          ]
        : []),
      // Several server instances sharing one Redis: only meaningful against a real one.
      ...(redis
        ? [
            {
              test: {
                ...shared,
                name: 'redis',
                sequence: { groupOrder: 2 },
                include: ['src/**/*.redis.test.ts'],
                exclude: [],
                // Several instances share a database the way production does: PostgreSQL when given.
                env: { LOUPE_TEST_DB: postgres ? 'postgres' : 'pglite' },
              },
            },
          ]
        : []),
    ],
  },
});
