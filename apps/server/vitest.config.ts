import { defineConfig } from 'vitest/config';

/**
 * API integration tests run against a fresh PGlite per file, and once more against the real
 * PostgreSQL of TEST_DATABASE_URL when it is set (each file in its own throwaway database).
 */
const postgres = process.env.TEST_DATABASE_URL;
const redis = process.env.TEST_REDIS_URL;

const shared = {
  include: ['src/**/*.test.ts'],
  exclude: ['src/**/*.redis.test.ts'],
  setupFiles: ['src/test/fail-on-console-error.ts'],
  testTimeout: 20_000,
  hookTimeout: 60_000,
  pool: 'forks' as const,
};

export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'pglite', env: { LOUPE_TEST_DB: 'pglite' } } },
      ...(postgres ? [{ test: { ...shared, name: 'postgres', env: { LOUPE_TEST_DB: 'postgres' } } }] : []),
      // Several server instances sharing one Redis: only meaningful against a real one.
      ...(redis
        ? [
            {
              test: {
                ...shared,
                name: 'redis',
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
