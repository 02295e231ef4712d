import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { ImpactValue } from 'axe-core';
import type { Page } from 'playwright-core';

const IMPACTS = ['critical', 'serious', 'moderate', 'minor'] as const satisfies readonly ImpactValue[];
type Impact = (typeof IMPACTS)[number];
/** The impacts that fail the run (issue 15: none on any page of the web app or the back office). */
const BLOCKING: readonly Impact[] = ['critical', 'serious'];

/** One axe rule broken on one page, with the elements that break it. */
interface Finding {
  rule: string;
  impact: Impact;
  page: string;
  journey: string;
  help: string;
  nodes: { target: string; summary: string }[];
}

/**
 * The page a URL shows, as one key for the whole run: its path with numeric segments as `:id`
 * (every user's `/admin/users/12` is one page), without the query. Null for the API's own pages
 * (its documentation) and for what is not served over HTTP (a blank page).
 */
function pageKey(url: string): string | null {
  const { protocol, pathname } = new URL(url);
  if (!protocol.startsWith('http') || pathname.startsWith('/api/')) return null;
  return pathname.replace(/\/\d+(?=\/|$)/g, '/:id');
}

/**
 * Runs in the page: resolves once the page has loaded and stands still, or after `limitMs` anyway.
 * Loaded: no skeleton or spinner of antd-mobile or antd. Still: no change to the document for
 * 250 ms and no toast or mask part-way through fading in or out, so that a sheet sliding in or a
 * toast fading is not measured half-transparent (a toast left from the page before, fading while
 * the next page loads, made axe read its text at 1.6:1). A string,
 * because tsx's name helpers do not exist in the browser.
 */
const SETTLE_SCRIPT = `(limitMs) => new Promise((resolve) => {
  const loading = '.adm-skeleton, .ant-skeleton, .ant-spin-spinning, .adm-spin-loading';
  const fading = () => [...document.querySelectorAll('.adm-toast-mask, .adm-mask')].some((el) => {
    const opacity = Number(getComputedStyle(el).opacity);
    return opacity > 0 && opacity < 1;
  });
  let last = performance.now();
  const observer = new MutationObserver(() => { last = performance.now(); });
  observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
  const started = performance.now();
  const tick = () => {
    const now = performance.now();
    if (now - started > limitMs || (now - last > 250 && !document.querySelector(loading) && !fading())) {
      observer.disconnect();
      resolve();
    } else setTimeout(tick, 50);
  };
  tick();
})`;

/**
 * The run's accessibility audit: axe checks every page of the web app and the back office once per
 * run (the first time a journey sees it loaded) and keeps what it found. The harness's waits
 * (`expectPath`, `expectText`…) and the end of each journey call `check`; a journey may also name a
 * state of a page worth its own check (a dialog open, another language).
 */
export class AccessibilityAudit {
  private readonly checked = new Set<string>();
  private readonly visited = new Set<string>();
  private readonly journeys = new WeakMap<Page, string>();
  private readonly findings: Finding[] = [];
  private interrupted = 0;
  private spentMs = 0;

  /** Follows `page` for `journey`: the pages it visits count as visited, checked or not. */
  watch(page: Page, journey: string): void {
    this.journeys.set(page, journey);
    page.on('framenavigated', (frame) => {
      const key = frame === page.mainFrame() ? pageKey(frame.url()) : null;
      if (key) this.visited.add(key);
    });
  }

  /** Checks the page `page` shows (in `state`, when named) unless the run has checked it already. */
  async check(page: Page, state?: string): Promise<void> {
    if (page.isClosed()) return;
    const path = pageKey(page.url());
    if (!path) return;
    const key = state ? `${path} (${state})` : path;
    if (this.checked.has(key)) return;
    this.checked.add(key);
    this.visited.add(path);
    const started = Date.now();
    // Legacy mode runs axe in the page itself (the default opens a blank page per check to merge the
    // results of cross-origin frames, which neither app has); axe lists only the violations, not the
    // elements that pass, which halves a check of a back-office table.
    const results = await page
      .evaluate(`(${SETTLE_SCRIPT})(3000)`)
      .then(() =>
        new AxeBuilder({ page })
          .setLegacyMode()
          .options({ resultTypes: ['violations'] })
          .analyze(),
      )
      .catch(() => null);
    this.spentMs += Date.now() - started;
    // A page that moved on (a redirect, a closed page) during the check is left for a later one.
    if (!results || page.isClosed() || pageKey(page.url()) !== path) {
      this.checked.delete(key);
      this.interrupted += 1;
      return;
    }
    for (const violation of results.violations) {
      this.findings.push({
        rule: violation.id,
        impact: (violation.impact ?? 'minor') as Impact,
        page: key,
        journey: this.journeys.get(page) ?? '?',
        help: violation.help,
        nodes: violation.nodes.map((node) => ({
          target: node.target.join(' '),
          summary: (node.failureSummary ?? '').split('\n').slice(1).join(' ').trim(),
        })),
      });
    }
  }

  /**
   * The run's summary for the CI log, and whether it fails the run: the pages checked, the
   * violations (a rule broken on a page) by impact, then each serious or critical one by rule and
   * element with the pages it is on. Every finding, with axe's explanation, goes to `file`.
   */
  report(file: string): { lines: string[]; failed: boolean } {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, `${JSON.stringify(this.findings, null, 2)}\n`);
    const byImpact = IMPACTS.map((impact) => {
      const found = this.findings.filter((finding) => finding.impact === impact);
      const rules = [...new Set(found.map((finding) => finding.rule))].map(
        (rule) => `${rule} ×${found.filter((finding) => finding.rule === rule).length}`,
      );
      return `${impact} ${found.length}${rules.length ? ` (${rules.join(', ')})` : ''}`;
    });
    const unchecked = [...this.visited].filter((visited) => !this.checked.has(visited)).sort();
    const lines = [
      `accessibility: ${this.checked.size} pages checked in ${Math.round(this.spentMs / 1000)} s, violations by impact: ${byImpact.join('; ')}`,
      ...(this.interrupted ? [`  ${this.interrupted} checks left for later: the page moved on`] : []),
      ...(unchecked.length
        ? [`  visited but never checked (a redirect, or left before a wait): ${unchecked.join(', ')}`]
        : []),
    ];
    const blocking = byElement(this.findings.filter((found) => BLOCKING.includes(found.impact)));
    for (const [key, entry] of blocking) lines.push(...describeElement('✗', key, entry));
    // AXE_DETAIL=1 lists the moderate and minor ones the same way, for whoever is fixing them.
    const detailed = process.env.AXE_DETAIL === '1';
    const others = detailed ? byElement(this.findings.filter((found) => !BLOCKING.includes(found.impact))) : new Map();
    for (const [key, entry] of others) lines.push(...describeElement('·', key, entry));
    if (blocking.size || others.size) lines.push(`  every finding: ${file}`);
    return { lines, failed: blocking.size > 0 };
  }
}

/** The findings by rule and element, each with the pages (and journeys) it is on. */
function byElement(findings: Finding[]): Map<string, { pages: Set<string>; summary: string }> {
  const elements = new Map<string, { pages: Set<string>; summary: string }>();
  for (const finding of findings) {
    for (const node of finding.nodes) {
      const key = `${finding.rule} (${finding.impact}) at ${node.target}: ${finding.help}`;
      const entry = elements.get(key) ?? { pages: new Set(), summary: node.summary };
      entry.pages.add(`${finding.page} [${finding.journey}]`);
      elements.set(key, entry);
    }
  }
  return elements;
}

function describeElement(mark: string, key: string, { pages, summary }: { pages: Set<string>; summary: string }) {
  const shown = [...pages].slice(0, 3).join(', ');
  return [
    `${mark} accessibility: ${key}`,
    `    ${summary}`,
    `    on ${pages.size} page${pages.size > 1 ? 's' : ''}: ${shown}${pages.size > 3 ? ', …' : ''}`,
  ];
}

/** The one audit of the run, shared by every journey. */
export const accessibility = new AccessibilityAudit();
