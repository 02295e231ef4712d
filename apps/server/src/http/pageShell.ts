import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { PAGE_PRELOADS_FILE, type PagePreloads } from '@app/contracts';

/** The router's catch-all: an address it does not know shows the not-found page. */
const UNKNOWN = '*';

/**
 * The web app's index.html as sent for one address: with links to the chunks of that address's
 * page, so that a phone fetches them beside the entry instead of once the entry has run and asked
 * for them (docs/decisions.md). Read again when the build changes; `null` without a build.
 */
export function webPageShell(root: string): ((urlPath: string) => string) | null {
  const indexFile = path.join(root, 'index.html');
  if (!existsSync(indexFile)) return null;
  let built = 0;
  let html = '';
  let pages: PagePreloads['pages'] = {};
  const shells = new Map<string, string>();
  return (urlPath) => {
    const mtime = statSync(indexFile).mtimeMs;
    if (mtime !== built) {
      html = readFileSync(indexFile, 'utf8');
      const preloadsFile = path.join(root, PAGE_PRELOADS_FILE);
      pages = existsSync(preloadsFile) ? (JSON.parse(readFileSync(preloadsFile, 'utf8')) as PagePreloads).pages : {};
      shells.clear();
      built = mtime;
    }
    const trimmed = urlPath.length > 1 ? urlPath.replace(/\/+$/, '') : urlPath;
    const key = Object.hasOwn(pages, trimmed) ? trimmed : UNKNOWN;
    let shell = shells.get(key);
    if (shell === undefined) {
      shell = withPreloads(html, pages[key]);
      shells.set(key, shell);
    }
    return shell;
  };
}

function withPreloads(html: string, page: PagePreloads['pages'][string] | undefined): string {
  if (!page) return html;
  const links = [
    ...page.styles.map((href) => `<link rel="stylesheet" href="${href}">`),
    ...page.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  ];
  return html.replace('</head>', `${links.join('\n')}\n</head>`);
}
