import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md is the map a newcomer trusts, so it must name every folder of the server and no
 * path that is not there. Its convention: a path in backticks is relative to `apps/server/src/`
 * unless its first folder is a root folder of the repository; a folder ends in "/"; a bare file
 * name is a pattern, not a path.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const serverSrc = path.join(root, 'apps/server/src');
const map = readFileSync(path.join(root, 'ARCHITECTURE.md'), 'utf8');

const rootFolders = new Set(
  readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name),
);

/** Backticked tokens that are paths: names (a letter, digit or "_" first) joined by "/", at least one "/". */
const namedPaths = [...map.matchAll(/`([^`\s]+)`/g)]
  .map((match) => match[1] as string)
  .filter((token) => /^\w[\w.-]*(\/\w[\w.-]*)*\/?$/.test(token) && token.includes('/'));

function resolveNamed(named: string): string {
  const first = named.split('/')[0] as string;
  return path.join(rootFolders.has(first) ? root : serverSrc, named);
}

function foldersUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const full = path.join(dir, entry.name);
      return [full, ...foldersUnder(full)];
    });
}

/** Source files of the repository's code, outside dependencies and builds. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return ['node_modules', 'dist', 'screenshots'].includes(entry.name) ? [] : codeFiles(full);
    return /\.(ts|tsx|mjs)$/.test(entry.name) ? [full] : [];
  });
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to "-". */
const anchorOf = (heading: string) =>
  heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');

describe('docs/product.md, the rules that code comments cite', () => {
  it('has every section that the code cites', () => {
    const product = readFileSync(path.join(root, 'docs/product.md'), 'utf8');
    const sections = new Set([...product.matchAll(/^#{1,6} (.+)$/gm)].map((match) => anchorOf(match[1] as string)));
    const citations = ['apps', 'packages', 'e2e', 'bench', 'faults'].flatMap((folder) =>
      codeFiles(path.join(root, folder)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/docs\/product\.md#([\w-]+)/g)].map((match) => ({
          file: path.relative(root, file),
          section: match[1] as string,
        })),
      ),
    );
    expect(citations.length).toBeGreaterThan(20);
    expect(citations.filter((citation) => !sections.has(citation.section))).toEqual([]);
  });
});

describe('ARCHITECTURE.md, the map of the code', () => {
  it('names paths in backticks, so there is something to check', () => {
    expect(namedPaths.length).toBeGreaterThan(50);
  });

  it('names no file or folder that does not exist', () => {
    const missing = namedPaths.filter((named) => !existsSync(resolveNamed(named)));
    expect(missing).toEqual([]);
  });

  it('names every folder of apps/server/src, modules included', () => {
    const named = new Set(namedPaths.map((entry) => path.normalize(resolveNamed(entry).replace(/\/$/, ''))));
    const unnamed = [serverSrc, ...foldersUnder(serverSrc)]
      .filter((folder) => !named.has(path.normalize(folder)))
      .map((folder) => `${path.relative(root, folder)}/`);
    expect(unnamed).toEqual([]);
  });

  it('names every file of each module folder', () => {
    const named = new Set(namedPaths.map((entry) => path.normalize(resolveNamed(entry))));
    const modules = path.join(serverSrc, 'modules');
    const unnamed = readdirSync(modules).flatMap((module) =>
      readdirSync(path.join(modules, module))
        .filter((file) => !file.endsWith('.test.ts'))
        .map((file) => path.join(modules, module, file))
        .filter((file) => !named.has(path.normalize(file)))
        .map((file) => path.relative(root, file)),
    );
    expect(unnamed).toEqual([]);
  });
});
