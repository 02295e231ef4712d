import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/** Issue 15: the JavaScript a phone fetches before the web app's first screen, gzipped. */
export const ENTRY_TARGET_KB = 150;

export interface EntrySize {
  /** The module script and every modulepreload of index.html, gzipped, in KB (1,000 bytes). */
  entryKb: number;
  /** That JavaScript with the home route's own chunks (its page and their static imports). */
  homeKb: number;
  files: { file: string; kb: number }[];
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

/**
 * Reads a built web app (`apps/web/dist` by default, after `npm run build`): the JavaScript its
 * index.html loads up front, each file gzipped at the level the build's `.gz` files use.
 */
export function measureEntrySize(dist = path.join(import.meta.dirname, '../apps/web/dist')): EntrySize {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  const upFront = [
    ...html.matchAll(/<script type="module"[^>]* src="\/([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]* href="\/([^"]+)"/g),
  ].map((match) => match[1] as string);
  if (upFront.length === 0) throw new Error(`${dist}/index.html loads no module script`);
  const gz = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  const files = upFront.map((file) => ({ file, kb: kb(gz(file)) }));

  const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >;
  const home = new Set(upFront);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || home.has(chunk.file)) return;
    home.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit('src/features/home/HomePage.tsx');
  const sum = (list: Iterable<string>) => kb([...list].reduce((total, file) => total + gz(file), 0));
  return { entryKb: sum(upFront), homeKb: sum(home), files };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const size = measureEntrySize(process.argv[2]);
  for (const { file, kb } of size.files) console.log(`${String(kb).padStart(7)} KB  ${file}`);
  console.log(`entry JS (gzip): ${size.entryKb} KB, target ≤ ${ENTRY_TARGET_KB} KB`);
  console.log(`entry and home route (gzip): ${size.homeKb} KB`);
}
