import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { webPageShell } from './pageShell.ts';

const INDEX = '<html><head><title>App</title></head><body></body></html>';
const PRELOADS = {
  pages: {
    '/': { scripts: ['/assets/HomePage-1.js', '/assets/shared-1.js'], styles: ['/assets/home-1.css'] },
    '/product/list': { scripts: ['/assets/ProductListPage-1.js'], styles: [] },
    '*': { scripts: ['/assets/NotFoundPage-1.js'], styles: [] },
  },
};

describe("the web app's page, as sent for an address", () => {
  let root: string;
  beforeEach(() => {
    root = mkdtempSync(path.join(os.tmpdir(), 'page-shell-'));
    writeFileSync(path.join(root, 'index.html'), INDEX);
    writeFileSync(path.join(root, 'page-preloads.json'), JSON.stringify(PRELOADS));
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("names the address's page chunks and styles in its head", () => {
    const page = webPageShell(root)?.('/') ?? '';
    expect(page).toContain('<link rel="stylesheet" href="/assets/home-1.css">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/HomePage-1.js">');
    expect(page).toContain('<link rel="modulepreload" crossorigin href="/assets/shared-1.js">');
    expect(page.indexOf('HomePage-1.js')).toBeLessThan(page.indexOf('</head>'));
    expect(page).not.toContain('ProductListPage');
  });

  it('takes an address with a trailing slash as the same page', () => {
    expect(webPageShell(root)?.('/product/list/')).toContain('ProductListPage-1.js');
  });

  it("gives an unknown address the not-found page's chunks", () => {
    const shell = webPageShell(root);
    expect(shell?.('/no/such/page')).toContain('NotFoundPage-1.js');
    expect(shell?.('/__proto__')).toContain('NotFoundPage-1.js');
  });

  it('is the plain index.html when the build lists no preloads', () => {
    rmSync(path.join(root, 'page-preloads.json'));
    expect(webPageShell(root)?.('/')).toBe(INDEX);
  });

  it('follows a new build without a restart', () => {
    const shell = webPageShell(root);
    expect(shell?.('/')).toContain('HomePage-1.js');
    const next = { pages: { '/': { scripts: ['/assets/HomePage-2.js'], styles: [] } } };
    writeFileSync(path.join(root, 'page-preloads.json'), JSON.stringify(next));
    writeFileSync(path.join(root, 'index.html'), INDEX.replace('App', 'App 2'));
    const later = new Date(Date.now() + 5_000);
    utimesSync(path.join(root, 'index.html'), later, later);
    const page = shell?.('/') ?? '';
    expect(page).toContain('HomePage-2.js');
    expect(page).toContain('App 2');
  });

  it('is null where there is no build', () => {
    expect(webPageShell(path.join(root, 'missing'))).toBeNull();
  });
});
