/**
 * The `lighthouse` row group of `npm run bench` (issues 15 and 28): Lighthouse's mobile audit (its
 * default configuration: a mid-range phone, simulated slow 4G and a 4× slower CPU) of the production
 * build's tab pages, a product, the four draw games with their records, the record pages and the
 * statement of each wallet (20 pages), in Debian's Chromium, signed in as the demo user. Each page is measured as a
 * phone reaches production, over https through HAProxy (HTTP/2, `tlsProxy.ts`), which is what the
 * targets apply to; then as `npm start` serves it alone, over plain HTTP/1.1. Needs `npm run build`
 * and `haproxy` first; downloads no browser.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api } from '@app/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import { DEMO_USER } from '../apps/server/src/demo.ts';
import { STORAGE_KEY } from '../apps/web/src/store/session.ts';
import { Api } from '../e2e/lib/api.ts';
import { CHROMIUM } from '../e2e/lib/harness.ts';
import { REPO_ROOT, startServer } from '../e2e/lib/server.ts';
import { staleBecause } from '../scripts/build-if-stale.ts';
import { startTlsProxy, type TlsProxy } from './tlsProxy.ts';

export const LIGHTHOUSE_CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const;
export type LighthouseCategory = (typeof LIGHTHOUSE_CATEGORIES)[number];
/** Issue 15's target for each category on each page. */
export const LIGHTHOUSE_TARGET = 95;

/** The flags; chrome-launcher adds its own (a fresh profile, no first-run or extensions). */
const CHROME_FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
/** Lab metrics shown beside the scores, in the units Lighthouse measures them. */
const METRICS = {
  fcp: 'first-contentful-paint',
  lcp: 'largest-contentful-paint',
  tbt: 'total-blocking-time',
  cls: 'cumulative-layout-shift',
  si: 'speed-index',
} as const;

/** How the browser reaches the server: the targets are for `https`, the way a phone reaches production. */
export const TRANSPORTS = {
  https: 'https through HAProxy (HTTP/2)',
  http: 'plain HTTP/1.1, npm start alone',
} as const;
export type Transport = keyof typeof TRANSPORTS;

export interface PageScores {
  name: string;
  path: string;
  transport: Transport;
  /** Scores (0–100) of the run with the median performance score. */
  scores: Record<LighthouseCategory, number>;
  /** Every run's performance score, in run order. */
  performanceRuns: number[];
  metrics: Record<keyof typeof METRICS, number>;
  /** The audits that cost the most, biggest first: what to fix next. */
  losses: string[];
  benchmarkIndex: number;
  warnings: string[];
}

/** Runtime errors of a lost trace, not of the page, and how many of them a page's runs may retry. */
const TRACE_LOST = new Set(['NO_NAVSTART', 'NO_FCP', 'NO_TRACING_STARTED']);
const MAX_RETRIES = 5;

const log = (...args: unknown[]) => console.error(`[lighthouse ${new Date().toISOString().slice(11, 19)}]`, ...args);
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

/**
 * Runs Lighthouse `runs` times on each page and keeps the run with the median performance score
 * (Lighthouse's own advice for variable scores: five runs). The full reports go to
 * `bench/results/lighthouse/`. `only` names some of the pages, each by its name or the first word
 * of its name (`draw` is the four games and the draw records).
 */
export async function measureLighthouse(runs: number, only?: string[]): Promise<PageScores[]> {
  const stale = staleBecause(REPO_ROOT);
  if (stale?.endsWith('is missing')) throw new Error(`lighthouse: ${stale}: run npm run build first`);
  if (stale) log(`warning: the build is older than its sources (${stale}): the figures are of the build`);
  const reports = path.join(import.meta.dirname, 'results/lighthouse');
  mkdirSync(reports, { recursive: true });

  log(`load average ${load()}; starting the server (NODE_ENV=production, fresh PGlite)`);
  const server = await startServer({ production: true, logName: 'lighthouse-server.log' });
  let chrome: chromeLauncher.LaunchedChrome | undefined;
  let proxy: TlsProxy | undefined;
  try {
    proxy = await startTlsProxy(server.baseUrl);
    const origins: Record<Transport, string> = { https: proxy.url, http: server.baseUrl };
    const client = new Api(server.baseUrl);
    const session = await client.call(api.user.login, { account: DEMO_USER.account, password: DEMO_USER.password });
    const [product] = await client.call(api.products.list, {});
    if (!product) throw new Error('lighthouse: the demo content has no product on sale');
    const drawRecord = await aDrawRecord(client, session.token);
    const pages = [
      // The five entries of the tab bar (apps/web/src/components/TabLayout.tsx); `/` is home/info.
      { name: 'home', path: '/' },
      { name: 'product list', path: '/product/list' },
      { name: 'wallet', path: '/wallet/info' },
      { name: 'contact', path: '/contactUs/info' },
      { name: 'my', path: '/mine/info' },
      { name: 'product info', path: `/product/info?id=${product.id}` },
      // The four draw games, their record list and one record (docs/product.md#draws).
      { name: 'draw (turntable)', path: '/pagesB/draw/turntable' },
      { name: 'draw (nine-grid)', path: '/pagesB/draw/grid' },
      { name: 'draw (capsule)', path: '/pagesB/draw/capsule' },
      { name: 'draw (window)', path: '/pagesB/draw/window' },
      { name: 'draw records', path: '/pagesB/mine/drawRecord' },
      { name: 'draw record detail', path: `/pagesB/mine/drawRecordDetail?id=${drawRecord}` },
      // The record pages (docs/product.md#records) and the statement of each wallet.
      { name: 'order records', path: '/product/orderRecord' },
      { name: 'profit records', path: '/wallet/profitRecord' },
      { name: 'deposit records', path: '/wallet/depositRecord' },
      { name: 'withdrawal records', path: '/wallet/withdrawRecord' },
      { name: 'points records', path: '/wallet/pointsRecord' },
      { name: 'statement (deposit)', path: '/wallet/statement?wallet=deposit' },
      { name: 'statement (income)', path: '/wallet/statement?wallet=income' },
      { name: 'statement (points)', path: '/wallet/statement?wallet=points' },
    ];
    // What the app keeps right after a sign-in (apps/web/src/store/session.ts): every run starts from it.
    const signedIn = JSON.stringify({ token: session.token, user: session.user, language: 'en' });

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [...CHROME_FLAGS, `--ignore-certificate-errors-spki-list=${proxy.spki}`],
    });
    const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null });
    const page = await browser.newPage();
    const flags: Flags = {
      output: 'json',
      logLevel: 'error',
      locale: 'en',
      onlyCategories: [...LIGHTHOUSE_CATEGORIES],
    };

    const results: PageScores[] = [];
    const measured = (Object.keys(TRANSPORTS) as Transport[]).flatMap((transport) =>
      pages
        .filter((p) => !only || only.includes(p.name) || only.includes(p.name.split(' ')[0] as string))
        .map((target) => ({ ...target, transport })),
    );
    // One unmeasured visit of each page first: what a phone meets is a server that has already
    // answered these pages, not the first requests after its start (its code not yet compiled, its
    // database pages not yet read), which cost the first page measured some ten points.
    for (const target of measured) {
      const origin = origins[target.transport];
      await openOrigin(page, origin);
      await signIn(page, signedIn);
      await page.goto(origin + target.path, { waitUntil: 'networkidle0' });
    }
    for (const target of measured) {
      const origin = origins[target.transport];
      // Lighthouse clears the origin's caches and service workers before each run, not its local storage.
      await openOrigin(page, origin);
      const lhrs: Result[] = [];
      for (let run = 0, retries = 0; run < runs; run++) {
        await signIn(page, signedIn);
        const result = await lighthouse(origin + target.path, flags, undefined, page);
        if (!result) throw new Error(`lighthouse gave no result for ${target.path}`);
        const failure = result.lhr.runtimeError;
        // Lighthouse now and then loses its own trace (NO_NAVSTART, NO_FCP): its advice is to run again.
        if (failure && TRACE_LOST.has(failure.code) && retries++ < MAX_RETRIES) {
          log(`${target.name} (${target.transport}) run ${run + 1}: ${failure.code}, run again`);
          run--;
          continue;
        }
        if (failure) throw new Error(`${target.path}: ${failure.message}`);
        lhrs.push(result.lhr);
        log(
          `${target.name} (${target.transport}) run ${run + 1}/${runs}: ${scoresOf(result.lhr).join(' / ')} (load ${load()})`,
        );
      }
      const median = medianRun(lhrs);
      writeFileSync(
        path.join(reports, `${target.name.replace(/\W+/g, '-')}-${target.transport}.json`),
        `${JSON.stringify(median, null, 1)}\n`,
      );
      const [performance, accessibility, bestPractices] = scoresOf(median) as [number, number, number];
      results.push({
        name: target.name,
        path: target.path,
        transport: target.transport,
        scores: { performance, accessibility, 'best-practices': bestPractices },
        performanceRuns: lhrs.map((lhr) => scoresOf(lhr)[0] as number),
        metrics: Object.fromEntries(
          Object.entries(METRICS).map(([key, id]) => [key, median.audits[id]?.numericValue ?? Number.NaN]),
        ) as PageScores['metrics'],
        losses: lossesOf(median),
        benchmarkIndex: median.environment.benchmarkIndex,
        warnings: median.runWarnings,
      });
    }
    await browser.disconnect();
    printScores(results);
    log(`load average ${load()}`);
    const errors = server.errors();
    if (errors.length) log('server errors during the run', errors);
    return results;
  } finally {
    chrome?.kill();
    proxy?.stop();
    await server.stop();
  }
}

/**
 * The id of one of the demo user's draw records, for the record's page: the newest, or that of a
 * turntable draw made now with the demo user's points (a fresh database has none).
 */
async function aDrawRecord(client: Api, token: string): Promise<number> {
  const [newest] = (await client.call(api.draws.records, { limit: 1 }, { token })).items;
  if (newest) return newest.id;
  const campaign = (await client.call(api.draws.list, {}, { token })).find((c) => c.kind === 'turntable');
  if (!campaign) throw new Error('lighthouse: the demo content has no turntable campaign');
  const { recordId } = await client.call(api.draws.draw, {}, { token, params: { id: campaign.id } });
  return recordId;
}

/** Puts the page on `origin`, whose local storage `signIn` then writes. */
async function openOrigin(page: Page, origin: string): Promise<void> {
  if (!page.url().startsWith(origin)) await page.goto(`${origin}/healthz`);
}

/** Puts the signed-in session, and nothing else, into the origin's local storage. */
async function signIn(page: Page, session: string): Promise<void> {
  await page.evaluate(
    (key, value) => {
      localStorage.clear();
      localStorage.setItem(key, value);
    },
    STORAGE_KEY,
    session,
  );
}

function scoresOf(lhr: Result): number[] {
  return LIGHTHOUSE_CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100));
}

function medianRun(lhrs: Result[]): Result {
  const sorted = [...lhrs].sort((a, b) => (scoresOf(a)[0] as number) - (scoresOf(b)[0] as number));
  return sorted[Math.floor((sorted.length - 1) / 2)] as Result;
}

/**
 * What the page loses points on: each scored audit's share of its category (weight × missing
 * score, in points of 100), then the performance opportunities by the time they would save.
 */
function lossesOf(lhr: Result): string[] {
  const scored = LIGHTHOUSE_CATEGORIES.flatMap((id) => {
    const category = lhr.categories[id];
    if (!category) return [];
    const total = category.auditRefs.reduce((sum, ref) => sum + ref.weight, 0);
    return category.auditRefs.flatMap((ref) => {
      const score = lhr.audits[ref.id]?.score;
      const lost = ref.weight > 0 && typeof score === 'number' ? ((1 - score) * ref.weight * 100) / total : 0;
      return lost >= 0.5 ? [{ text: `${id}: ${ref.id} −${lost.toFixed(1)}`, lost }] : [];
    });
  });
  const opportunities = Object.values(lhr.audits).flatMap((audit) => {
    const details = audit.details as { type?: string; overallSavingsMs?: number } | undefined;
    const saving = details?.type === 'opportunity' ? (details.overallSavingsMs ?? 0) : 0;
    return saving >= 50 ? [{ text: `opportunity: ${audit.id} ${Math.round(saving)} ms`, lost: saving }] : [];
  });
  return [...scored, ...opportunities].sort((a, b) => b.lost - a.lost).map((loss) => loss.text);
}

/** One line a page: its figures over https (HTTP/2), which the targets apply to, and over plain HTTP/1.1 beside. */
function printScores(results: PageScores[]) {
  const ms = (x: number) => `${Math.round(x)} ms`;
  const scores = (r: PageScores | undefined, marked: boolean) =>
    LIGHTHOUSE_CATEGORIES.map((id) =>
      r ? `${r.scores[id]}${marked && r.scores[id] < LIGHTHOUSE_TARGET ? ' ✗' : ''}` : '-',
    );
  const header = [
    'page',
    'h2 perf',
    'a11y',
    'best pr.',
    'FCP',
    'LCP',
    'TBT',
    'CLS',
    'SI',
    'perf runs',
    'h1.1 perf',
    'a11y',
    'best pr.',
    'LCP',
    'TBT',
    'perf runs',
  ];
  const names = [...new Set(results.map((r) => r.name))];
  const table = names.map((name) => {
    const h2 = results.find((r) => r.name === name && r.transport === 'https');
    const h1 = results.find((r) => r.name === name && r.transport === 'http');
    const path = (h2 ?? h1)?.path.split('?')[0];
    return [
      `${name} (${path})`,
      ...scores(h2, true),
      ...(h2
        ? [
            ms(h2.metrics.fcp),
            ms(h2.metrics.lcp),
            ms(h2.metrics.tbt),
            h2.metrics.cls.toFixed(3),
            ms(h2.metrics.si),
            h2.performanceRuns.join(' '),
          ]
        : ['-', '-', '-', '-', '-', '-']),
      ...scores(h1, false),
      ...(h1 ? [ms(h1.metrics.lcp), ms(h1.metrics.tbt), h1.performanceRuns.join(' ')] : ['-', '-', '-']),
    ];
  });
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] as string).length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] as number)).join(' | ')} |`;
  console.log(
    '\nLighthouse 12, mobile (the run with the median performance score of each page): h2 over',
    `${TRANSPORTS.https} (target >= ${LIGHTHOUSE_TARGET} each, ✗ under it), h1.1 over ${TRANSPORTS.http}`,
  );
  console.log(line(header));
  console.log(`|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`);
  for (const row of table) console.log(line(row));
  for (const r of results) {
    console.log(`\n${r.name} over ${TRANSPORTS[r.transport]}: benchmark index ${r.benchmarkIndex}; biggest losses:`);
    for (const loss of r.losses.slice(0, 8)) console.log(`  ${loss}`);
    for (const warning of r.warnings) console.log(`  warning: ${warning}`);
  }
}
