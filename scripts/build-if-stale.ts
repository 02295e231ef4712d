/**
 * `npm start`'s first step: builds the web app and the back office only when their build is missing
 * or stale, so a second start serves at once (docs/decisions.md, "npm start builds when stale").
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The files a build is made from: a change to any of them means the build no longer shows it. */
const SOURCES = ['apps/web', 'apps/admin', 'packages/contracts'];
const BUILDS = ['apps/web/dist/index.html', 'apps/admin/dist/index.html'];
const NOT_SOURCES = new Set(['node_modules', 'dist']);

const mtime = (file: string) => statSync(file, { throwIfNoEntry: false })?.mtimeMs;

/** The first file under `dir` changed after `since`, if any. */
function changedSince(dir: string, since: number): string | undefined {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (NOT_SOURCES.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    const found = entry.isDirectory() ? changedSince(file, since) : (mtime(file) ?? 0) > since ? file : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Why `root`'s build must be made again, or null when it is up to date. */
export function staleBecause(root: string): string | null {
  const built = BUILDS.map((file) => mtime(path.join(root, file)));
  const missing = BUILDS.find((_, index) => built[index] === undefined);
  if (missing) return `${missing} is missing`;
  // index.html is the last file Vite writes: the older of the two is when the build finished.
  const builtAt = Math.min(...(built as number[]));
  if ((mtime(path.join(root, 'package-lock.json')) ?? 0) > builtAt) return 'package-lock.json changed';
  for (const dir of SOURCES) {
    const file = changedSince(path.join(root, dir), builtAt);
    if (file) return `${path.relative(root, file)} changed`;
  }
  return null;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const reason = staleBecause(root);
  if (reason === null) {
    console.log('The web app and back office build is up to date: not rebuilding.');
  } else {
    console.log(`Building the web app and back office (${reason}).`);
    const { status } = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
    process.exitCode = status ?? 1;
  }
}
