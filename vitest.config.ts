import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import { apiRoutes } from './apps/web/plugins/apiRoutes.ts';
import TestOrder from './scripts/vitest-sequencer.ts';

/**
 * One process runs file after file (isolate: false), so Node and the packages load once per
 * worker, not once per file; each file still loads the repository's own modules afresh
 * (scripts/vitest-fresh-modules.ts).
 */
const SHARED_WORKER = { pool: 'forks', isolate: false, setupFiles: ['scripts/vitest-fresh-modules.ts'] } satisfies Pick<
  NonNullable<TestProjectInlineConfiguration['test']>,
  'pool' | 'isolate' | 'setupFiles'
>;

/**
 * The web app's or the back office's units. In Node: a DOM costs about a second per file, so a test
 * that renders or needs the browser's globals starts with the line `// @vitest-environment jsdom`.
 * Sharing a worker halved these two projects' time (49 to 25 CPU-seconds, issue 11).
 */
const clientProject = (name: 'web' | 'admin'): TestProjectInlineConfiguration => ({
  // The web app's screens call the API through `virtual:api-routes`.
  plugins: name === 'web' ? [apiRoutes()] : [],
  test: { name, include: [`apps/${name}/src/**/*.test.{ts,tsx}`], environment: 'node', ...SHARED_WORKER },
});

export default defineConfig({
  test: {
    // Vitest's default is all cores but one: one worker on a 2-core machine, the files one after
    // another. Each file's database runs inside its own worker, so one worker per core uses both.
    maxWorkers: '100%',
    // Compiled files kept in node_modules/.experimental-vitest-cache by content: a second run
    // compiles only what changed (issue 11: 86 s to 72 s; CONTRIBUTING.md).
    experimental: { fsModuleCache: true },
    sequence: { sequencer: TestOrder },
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
          // Loading PGlite's compiled WebAssembly and the app's packages once per worker saved a
          // third of the tier's time. Its PGlite databases outlive a file too: a worker empties the
          // one an app closes and hands it to the next (openTestDatabase in test/setup.ts).
          ...SHARED_WORKER,
          globalSetup: ['apps/server/test/global-setup.ts'],
        },
      },
      clientProject('web'),
      clientProject('admin'),
    ],
  },
});
