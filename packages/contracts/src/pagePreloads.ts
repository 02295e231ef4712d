/**
 * What the web app's build tells the server about its pages (apps/web/plugins/pagePreloads.ts writes
 * it, apps/server/src/http/pageShell.ts reads it): for each path of the router, the page's scripts
 * and styles beyond the entry's own.
 */
export const PAGE_PRELOADS_FILE = 'page-preloads.json';

export interface PagePreloads {
  pages: Record<string, { scripts: string[]; styles: string[] }>;
}
