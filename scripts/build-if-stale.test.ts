import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { staleBecause } from './build-if-stale.ts';

let root: string;
const BUILD_TIME = new Date('2026-11-20T10:00:00Z');
const BEFORE = new Date('2026-11-20T09:00:00Z');
const AFTER = new Date('2026-11-20T11:00:00Z');

function file(relative: string, at: Date): void {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, '');
  utimesSync(full, at, at);
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'build-stale-'));
  file('package-lock.json', BEFORE);
  file('apps/web/src/main.tsx', BEFORE);
  file('apps/admin/src/main.tsx', BEFORE);
  file('packages/contracts/src/index.ts', BEFORE);
  file('apps/web/dist/index.html', BUILD_TIME);
  file('apps/admin/dist/index.html', BUILD_TIME);
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('npm start builds only when the build is missing or stale', () => {
  it('serves a build newer than every source and the lock file as it is', () => {
    expect(staleBecause(root)).toBeNull();
  });

  it('builds on a fresh clone, where either app has no build', () => {
    rmSync(path.join(root, 'apps/admin/dist'), { recursive: true });
    expect(staleBecause(root)).toBe('apps/admin/dist/index.html is missing');
  });

  it('builds when a source of the web app, the back office or the contracts changed after the build', () => {
    file('packages/contracts/src/money.ts', AFTER);
    expect(staleBecause(root)).toBe(`${path.join('packages', 'contracts', 'src', 'money.ts')} changed`);
  });

  it('builds when the lock file changed after the build', () => {
    file('package-lock.json', AFTER);
    expect(staleBecause(root)).toBe('package-lock.json changed');
  });

  it('ignores installed packages and the build itself', () => {
    file('apps/web/node_modules/some-package/index.js', AFTER);
    file('apps/web/dist/assets/index.js', AFTER);
    expect(staleBecause(root)).toBeNull();
  });
});
