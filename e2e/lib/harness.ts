import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from 'playwright-core';
import { accessibility } from './accessibility.ts';
import { Api } from './api.ts';
import { REPO_ROOT } from './server.ts';

export const CHROMIUM = '/usr/bin/chromium';
export const SCREENSHOT_DIR = path.join(REPO_ROOT, 'e2e/screenshots');
export const MOBILE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 800 };

/** Launches Debian Chromium, waiting a while if apt is still installing it. */
export async function launchChromium(waitMs = 120_000): Promise<Browser> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing`);
      return await chromium.launch({
        executablePath: CHROMIUM,
        args: [
          '--headless',
          '--no-sandbox',
          '--disable-gpu',
          '--disable-background-networking',
          '--disable-component-update',
          '--no-first-run',
        ],
      });
    } catch (error) {
      if (Date.now() > deadline) throw error;
      console.log(`waiting for Chromium: ${(error as Error).message.split('\n')[0]}`);
      await new Promise((resolve) => setTimeout(resolve, 5000));
    }
  }
}

/** What a journey opened: its contexts and pages, what went wrong in them, and what to undo at its end. */
interface Held {
  contexts: BrowserContext[];
  pages: Page[];
  problems: string[];
  cleanups: (() => Promise<unknown>)[];
}

/** What a journey gets: the API shortcuts and pages in its own fresh browser context. */
export class Journey {
  private readonly contexts: BrowserContext[];
  private readonly pages: Page[];
  /** Uncaught page errors and failed asset loads, added to a failure's message. */
  readonly problems: string[];

  constructor(
    readonly name: string,
    readonly baseUrl: string,
    readonly api: Api,
    private readonly browser: Browser,
    private readonly held: Held = { contexts: [], pages: [], problems: [], cleanups: [] },
  ) {
    this.contexts = held.contexts;
    this.pages = held.pages;
    this.problems = held.problems;
  }

  /**
   * This journey against another server, one it started itself (a server deployment): its pages
   * open there and are still this journey's, screenshotted on failure, checked and closed with it.
   */
  on(baseUrl: string, api = new Api(baseUrl)): Journey {
    return new Journey(this.name, baseUrl, api, this.browser, this.held);
  }

  /**
   * Undone when the journey ends, however it ends (a timeout included), after its pages close;
   * the last deferred first: a server it started, a stand-in.
   */
  defer(cleanup: () => Promise<unknown>): void {
    this.held.cleanups.unshift(cleanup);
  }

  /** A page in a fresh context: the mobile web app (375×812) by default, the back office at 1280×800. */
  async page(kind: 'mobile' | 'desktop' = 'mobile', viewport = kind === 'mobile' ? MOBILE : DESKTOP): Promise<Page> {
    const context = await this.browser.newContext({
      baseURL: this.baseUrl,
      viewport,
      isMobile: kind === 'mobile',
      hasTouch: kind === 'mobile',
      locale: 'en-US',
      extraHTTPHeaders: this.api.clientAddress ? { 'X-Forwarded-For': this.api.clientAddress } : {},
    });
    context.setDefaultTimeout(10_000);
    await context.addInitScript({ content: recordToasts });
    this.contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => this.problems.push(`page error: ${error.message.split('\n')[0]}`));
    page.on('response', (response) => {
      if (response.status() >= 400) this.problems.push(`HTTP ${response.status()} ${new URL(response.url()).pathname}`);
    });
    this.pages.push(page);
    accessibility.watch(page, this.name);
    return page;
  }

  /**
   * Checks the page with axe now, in a state worth its own check (`state`: a dialog open, another
   * language); without one, the page is checked the first time the run sees it (`accessibility.ts`).
   */
  async axe(page: Page, state?: string): Promise<void> {
    await accessibility.check(page, state);
  }

  /** At the end of a journey that passed: the pages it left open, as the user last saw them. */
  async checkOpenPages(): Promise<void> {
    for (const page of this.pages) await accessibility.check(page);
  }

  async shot(page: Page, step: string): Promise<void> {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${this.name}-${step}.png`) });
  }

  /** On failure: a screenshot of every open page, to see what the user saw. */
  async shotOnFailure(): Promise<void> {
    await Promise.all(
      this.pages.map((page, index) =>
        page.isClosed() ? undefined : this.shot(page, `FAILED${index ? `-${index}` : ''}`).catch(() => undefined),
      ),
    );
  }

  async close(): Promise<void> {
    await Promise.all(this.contexts.map((context) => context.close().catch(() => undefined)));
    for (const cleanup of this.held.cleanups.splice(0)) {
      await cleanup().catch((error: unknown) => console.log(`    (${this.name}: cleanup failed: ${String(error)})`));
    }
  }
}

/**
 * Runs in the page: keeps the text of every toast (antd-mobile `.adm-toast-main`) shown since the page
 * loaded, in `window.__toasts`, so a journey can check a toast that has already faded. A string, because
 * tsx's name helpers do not exist in the browser.
 */
const recordToasts = `
  window.__toasts = [];
  new MutationObserver(() => {
    for (const toast of document.querySelectorAll('.adm-toast-main')) {
      const text = toast.textContent || '';
      if (text && window.__toasts[window.__toasts.length - 1] !== text) window.__toasts.push(text);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
`;

/** Waits until a toast containing `text` has been shown on the current document. */
export async function expectToast(page: Page, text: string, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let seen: string[] = [];
  for (;;) {
    seen = await page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []).catch(() => seen);
    if (seen.some((toast) => toast.includes(text))) return accessibility.check(page);
    if (Date.now() > deadline) fail(`expected a toast ${JSON.stringify(text)}, saw ${JSON.stringify(seen)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * What `expectFitsWidth` runs in the page, as plain text: tsx would wrap a function's inner
 * helpers in its `__name`, which the page does not have.
 */
const FITS_WIDTH_SCRIPT = `(() => {
  const width = document.documentElement.clientWidth;
  const name = (el) => el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : '') +
    '.' + Array.from(el.classList).join('.');
  const byDesign = (el) => Array.from(el.classList).some((c) => c.startsWith('adm-tabs') || c.startsWith('adm-capsule-tabs'));
  const sideways = (el) => ['auto', 'scroll'].includes(getComputedStyle(el).overflowX);
  const clipped = (el) => {
    for (let up = el.parentElement; up; up = up.parentElement) {
      const overflow = getComputedStyle(up).overflowX;
      if (overflow !== 'visible') return overflow === 'hidden' || overflow === 'clip' || byDesign(up);
    }
    return false;
  };
  const problems = [];
  for (const el of [document.documentElement, ...Array.from(document.querySelectorAll('body *'))]) {
    if ((el === document.documentElement || sideways(el)) && !byDesign(el) && el.scrollWidth > el.clientWidth + 1) {
      problems.push(name(el) + ' scrolls sideways (' + el.scrollWidth + ' > ' + el.clientWidth + ')');
    }
    const box = el.getBoundingClientRect();
    if (box.width > 0 && box.height > 0 && (box.right > width + 0.5 || box.left < -0.5) && !clipped(el)) {
      problems.push(name(el) + ' spans ' + Math.round(box.left) + '..' + Math.round(box.right) + ' of ' + width);
    }
  }
  return problems.slice(0, 8);
})()`;

/**
 * Nothing on the page reaches past the phone's width or scrolls sideways: no scroll container
 * (the page's own included) wider than it shows, and no element out of the viewport unless an
 * ancestor clips it. Tab strips that scroll sideways by design (antd-mobile's) are left out.
 */
export async function expectFitsWidth(page: Page, what: string): Promise<void> {
  const found = (await page.evaluate(FITS_WIDTH_SCRIPT)) as string[];
  if (found.length > 0) fail(`${what} does not fit ${page.viewportSize()?.width} px: ${found.join('; ')}`);
  await accessibility.check(page);
}

export function fail(message: string): never {
  throw new Error(message);
}

/** Waits until the locator's text contains `expected` (or matches it). */
export async function expectText(locator: Locator, expected: string | RegExp, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  // The last text read, kept across a read that timed out: the last try has almost no time left,
  // and reporting its empty answer hid what the page showed.
  let last: string | null = null;
  for (;;) {
    const text = await locator
      .first()
      .textContent({ timeout: Math.max(1, deadline - Date.now()) })
      .catch(() => null);
    if (text !== null) last = text;
    if (text !== null && (typeof expected === 'string' ? text.includes(expected) : expected.test(text))) {
      return accessibility.check(locator.page());
    }
    if (Date.now() > deadline) {
      fail(
        `expected ${locator} to show ${String(expected)}, saw ${last === null ? 'no such element' : JSON.stringify(last)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the locator matches exactly `count` elements. */
export async function expectCount(locator: Locator, count: number, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const seen = await locator.count();
    if (seen === count) return accessibility.check(locator.page());
    if (Date.now() > deadline) fail(`expected ${count} of ${locator}, saw ${seen}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the text is visible somewhere on the page. */
export async function expectVisible(page: Page, text: string | RegExp, timeoutMs = 10_000): Promise<void> {
  await page
    .getByText(text)
    .first()
    .waitFor({ state: 'visible', timeout: timeoutMs })
    .catch(() => fail(`expected to see ${String(text)} on ${page.url()}`));
  await accessibility.check(page);
}

/** Waits until the address is `pathname` (or one of several). */
export async function expectPath(page: Page, pathname: string | string[], timeoutMs = 10_000): Promise<void> {
  const wanted = typeof pathname === 'string' ? [pathname] : pathname;
  await page
    .waitForURL((url) => wanted.includes(url.pathname), { timeout: timeoutMs })
    .catch(() => fail(`expected to be on ${wanted.join(' or ')}, still on ${new URL(page.url()).pathname}`));
  await accessibility.check(page);
}

/** Asserts the page stays on `pathname` (a refused form must not navigate). */
export function expectStillOn(page: Page, pathname: string): void {
  const current = new URL(page.url()).pathname;
  if (current !== pathname) fail(`expected to stay on ${pathname}, went to ${current}`);
}

/** Waits until the locator is visible and stands still (a sheet or modal has finished sliding in). */
export async function expectSettled(locator: Locator, timeoutMs = 10_000): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: timeoutMs });
  const deadline = Date.now() + timeoutMs;
  let last = '';
  for (;;) {
    const box = JSON.stringify(await locator.first().boundingBox());
    const opacity = await locator
      .first()
      .evaluate((node) => {
        let total = 1;
        for (let el: Element | null = node; el; el = el.parentElement) total *= Number(getComputedStyle(el).opacity);
        return total;
      })
      .catch(() => 0);
    if (box === last && opacity === 1) return accessibility.check(locator.page());
    if (Date.now() > deadline) fail(`${locator} did not settle`);
    last = box;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Sets the phone's width and fails when the page is wider than it (a horizontal scroll). */
export async function expectNoOverflow(page: Page, width: number, what: string): Promise<void> {
  await page.setViewportSize({ width, height: 760 });
  const scrolled = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrolled > width) fail(`${what} is ${scrolled} px wide at ${width} px`);
}
