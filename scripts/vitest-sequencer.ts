import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * Projects first to last: the two clients and the pure units are many short files, done while the
 * server's first files start; the server's long files then keep both workers busy to the end.
 * Vitest's own order runs the projects by name (admin, server, unit, web), which left the web
 * app's files, and the start of a worker for them, queued behind the server's last file.
 */
const PROJECT_ORDER = ['web', 'admin', 'unit', 'server'];

/** `money-model.2.test.ts`: one share of the suite in `money-model.ts`. */
const SHARE = /^(.+)\.\d+\.test\.ts$/;

/** A file's own test environment, named in its first lines (`// @vitest-environment jsdom`). */
const ENVIRONMENT = /@vitest-environment\s+([\w-]+)/;

/**
 * Within a project, the files of one test environment together: a worker that shares its files
 * (isolate: false) is kept only while the next file queued runs in the same environment, so a
 * page test (jsdom) between two plain ones stopped it and started another; the web project's 34
 * files took ten processes.
 *
 * Then the longest first, as Vitest does: by the last run's durations when every file has one,
 * otherwise (a fresh clone, as in CI) by size. A share file is four lines that run a third of a
 * long suite, so it weighs what its suite does; by its own size it came last, and the run ended
 * waiting on one worker.
 */
export default class TestOrder extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const timed = files.every((file) => this.ctx.cache.getFileTestResults(this.keyOf(file)));
    const longestFirst = timed ? await super.sort(files) : bySize(files);
    const groups = new Map<string, TestSpecification[]>();
    for (const file of longestFirst) {
      const key = `${file.project.name} ${environmentOf(file)}`;
      const group = groups.get(key);
      if (group) group.push(file);
      else groups.set(key, [file]);
    }
    const rank = (group: TestSpecification[]) => PROJECT_ORDER.indexOf(group[0]?.project.name ?? '');
    return [...groups.values()].sort((a, b) => rank(a) - rank(b)).flat();
  }

  private keyOf(file: TestSpecification): string {
    return `${file.project.name}:${path.relative(this.ctx.config.root, file.moduleId)}`;
  }
}

function environmentOf(file: TestSpecification): string {
  const head = readFileSync(file.moduleId, 'utf8').slice(0, 300);
  return ENVIRONMENT.exec(head)?.[1] ?? file.project.config.environment;
}

/** Largest first, each file's weight read once. */
function bySize(files: TestSpecification[]): TestSpecification[] {
  const weights = new Map(files.map((file) => [file, weightOf(file)]));
  return [...files].sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0));
}

function weightOf(file: TestSpecification): number {
  const share = SHARE.exec(path.basename(file.moduleId));
  const suite = share ? path.join(path.dirname(file.moduleId), `${share[1]}.ts`) : file.moduleId;
  return statSync(suite, { throwIfNoEntry: false })?.size ?? statSync(file.moduleId).size;
}
