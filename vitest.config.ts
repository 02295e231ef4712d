import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default is all cores but one: one worker on a 2-core machine, the files one after
    // another. Each file's database runs inside its own worker, so one worker per core uses both.
    maxWorkers: '100%',
    projects: [
      {
        // Pure functions only (no database, no global setup), so its files may share a worker's
        // loaded modules (isolate: false): importing the contracts once per worker instead of once
        // per file more than halves the tier's time.
        test: {
          name: 'unit',
          include: ['apps/server/src/**/*.unit.test.ts', 'packages/contracts/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          pool: 'threads',
          isolate: false,
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: [...configDefaults.exclude, '**/*.unit.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One process runs file after file, so Node, the app's packages and PGlite's compiled
          // WebAssembly load once per worker, not once per file (a third of the tier's time); each
          // file still loads the app's own modules afresh (test/fresh-modules.ts).
          isolate: false,
          setupFiles: ['apps/server/test/fresh-modules.ts'],
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      {
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          // A DOM costs a second per file; a test that renders or needs the browser's globals
          // starts with the line `// @vitest-environment jsdom`.
          environment: 'node',
        },
      },
      {
        test: {
          name: 'admin',
          include: ['apps/admin/src/**/*.test.{ts,tsx}'],
          // A DOM costs a second per file; a test that renders or needs the browser's globals
          // starts with the line `// @vitest-environment jsdom`.
          environment: 'node',
        },
      },
    ],
  },
});
