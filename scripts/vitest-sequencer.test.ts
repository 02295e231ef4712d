import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { TestSpecification, Vitest } from 'vitest/node';
import TestOrder from './vitest-sequencer.ts';

const root = path.join(import.meta.dirname, '..');

/** The parts of a test file the order reads: its project, the project's environment (all are Node), its path. */
function file(project: string, relative: string): TestSpecification {
  return {
    project: { name: project, config: { environment: 'node' } },
    moduleId: path.join(root, relative),
  } as unknown as TestSpecification;
}

/** A run with no durations from a last run, as in a fresh clone. */
const freshClone = {
  config: { root },
  cache: { getFileTestResults: () => undefined, getFileStats: () => undefined },
} as unknown as Vitest;

const order = async (files: TestSpecification[]) =>
  (await new TestOrder(freshClone).sort(files)).map((f) => `${f.project.name} ${path.basename(f.moduleId)}`);

describe('the order test files run in', () => {
  it('runs the clients and the units before the server, whatever the names', async () => {
    expect(
      await order([
        file('server', 'apps/server/test/edge.test.ts'),
        file('unit', 'scripts/build-if-stale.test.ts'),
        file('admin', 'apps/admin/src/nav.test.ts'),
        file('web', 'apps/web/src/lib/format.test.ts'),
      ]),
    ).toEqual(['web format.test.ts', 'admin nav.test.ts', 'unit build-if-stale.test.ts', 'server edge.test.ts']);
  });

  it("keeps a project's page tests (jsdom) together, so one worker runs them all", async () => {
    const web = await order([
      file('web', 'apps/web/src/lib/format.test.ts'),
      file('web', 'apps/web/src/features/account/SignInPage.test.tsx'),
      file('web', 'apps/web/src/lib/cash.test.ts'),
      file('web', 'apps/web/src/components/Field.test.tsx'),
    ]);
    const pages = web.map((name) => /Page|Field/.test(name));
    expect(pages.indexOf(false) === 2 || pages.indexOf(true) === 2, web.join(', ')).toBe(true);
  });

  it('in a fresh clone, weighs a share of a suite as the suite, so it starts before a shorter file', async () => {
    expect(
      await order([
        file('server', 'apps/server/test/edge.test.ts'),
        file('server', 'apps/server/test/money-model.1.test.ts'),
      ]),
    ).toEqual(['server money-model.1.test.ts', 'server edge.test.ts']);
  });
});
