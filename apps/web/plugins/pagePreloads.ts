import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '../../../packages/contracts/src/pagePreloads.ts';

type OutputChunk = Rolldown.OutputChunk;

/** A route of `src/router.tsx`: its path and the module its page comes from. */
export interface RoutePage {
  path: string;
  module: string;
}

/**
 * The routes of `src/router.tsx`, read from its source: each `{ path: '…', ...page(Name…` and the
 * `import('…')` behind `Name`, directly (`lazyPage(() => import('…'))`) or through a loader shared by
 * several pages (`const loader = () => import('…')`). `pagePreloads.test.ts` checks that it finds
 * every route the router has.
 */
export function routePages(routerSource: string): RoutePage[] {
  const loaders = new Map<string, string>();
  for (const [, name, module] of routerSource.matchAll(/const (\w+) = \(\) => import\('([^']+)'\);/g)) {
    loaders.set(name as string, module as string);
  }
  const pages = new Map<string, string>();
  for (const [, name, body] of routerSource.matchAll(/const (\w+) = lazyPage\(\(\) =>\s*([^;]+)\);/g)) {
    const direct = /^import\('([^']+)'\)$/.exec((body as string).trim());
    const shared = /^(\w+)\(\)\.then/.exec((body as string).trim());
    const module = direct?.[1] ?? (shared ? loaders.get(shared[1] as string) : undefined);
    if (module) pages.set(name as string, module);
  }
  const routes: RoutePage[] = [];
  for (const [, routePath, name] of routerSource.matchAll(/\{ path: '([^']+)', \.\.\.page\((\w+)/g)) {
    const module = pages.get(name as string);
    if (module) routes.push({ path: routePath as string, module });
  }
  return routes;
}

/**
 * Writes `page-preloads.json`: for each route, the chunks its first screen needs that the entry does
 * not already name in index.html (the page's own, their imports, and antd-mobile's renderer that
 * main.tsx loads beside it). The server puts them in the page it sends for that path, so a phone
 * fetches them with the entry instead of after it has run (docs/decisions.md).
 */
export function pagePreloads(): Plugin {
  let root = '';
  let outDir = '';
  return {
    name: 'page-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // Once written: before that, Vite still removes the chunks that only carried styles.
    writeBundle(options, bundle) {
      const chunks = chunksOf(bundle);
      const byModule = new Map<string, OutputChunk>();
      for (const chunk of chunks.values()) if (chunk.facadeModuleId) byModule.set(chunk.facadeModuleId, chunk);
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      if (!entry) return;
      const stylesOf = (files: Iterable<string>) =>
        new Set([...files].flatMap((file) => [...(chunks.get(file)?.viteMetadata?.importedCss ?? [])]));
      const loaded = closure(chunks, [entry.fileName]);
      const loadedStyles = stylesOf(loaded);
      const chunkOf = (module: string) =>
        ['.tsx', '.ts'].map((ext) => byModule.get(path.resolve(root, 'src', `${module}${ext}`))).find(Boolean);
      const beside = chunkOf('lib/antdRender');
      const router = readFileSync(path.resolve(root, 'src/router.tsx'), 'utf8');
      const pages: PagePreloads['pages'] = {};
      for (const route of routePages(router)) {
        const page = chunkOf(route.module.replace(/^\.\//, ''));
        if (!page) continue;
        const needed = [...closure(chunks, [page.fileName, ...(beside ? [beside.fileName] : [])])].filter(
          (file) => !loaded.has(file),
        );
        const styles = [...stylesOf(needed)].filter((css) => !loadedStyles.has(css));
        pages[route.path] = { scripts: needed.map((file) => `/${file}`), styles: styles.map((css) => `/${css}`) };
      }
      const dir = options.dir ?? outDir;
      const missing = Object.values(pages)
        .flatMap((page) => [...page.scripts, ...page.styles])
        .find((file) => !existsSync(path.join(dir, file)));
      if (missing) this.error(`${PAGE_PRELOADS_FILE} would name ${missing}, which the build did not write`);
      const preloads: PagePreloads = { pages };
      writeFileSync(path.join(dir, PAGE_PRELOADS_FILE), `${JSON.stringify(preloads)}\n`);
    },
  };
}

function chunksOf(bundle: Rolldown.OutputBundle): Map<string, OutputChunk> {
  const chunks = new Map<string, OutputChunk>();
  for (const output of Object.values(bundle)) if (output.type === 'chunk') chunks.set(output.fileName, output);
  return chunks;
}

/** The chunks and every chunk they import statically, in the order a browser would meet them. */
function closure(chunks: Map<string, OutputChunk>, start: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const imported of chunks.get(file)?.imports ?? []) visit(imported);
  };
  for (const file of start) visit(file);
  return seen;
}
