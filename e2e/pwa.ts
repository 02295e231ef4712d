import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { JourneyFn } from './journeys.ts';
import { expectPath, fail } from './lib/harness.ts';
import { REPO_ROOT } from './lib/server.ts';

const HOME = '/home/info';
const NETWORK_ERROR = '/system/network-error/info';

/** Waits until sw.js has installed its copy of the app and serves this page's requests. */
async function waitForServiceWorker(page: Page): Promise<void> {
  await page
    .waitForFunction(() => navigator.serviceWorker?.controller?.state === 'activated', undefined, { timeout: 30_000 })
    .catch(() => fail('no service worker took control of the page within 30 s'));
}

/** Serves `sw.js` changed by one comment, as a release would change it; returns how to put it back. */
function releaseNewWorker(): () => void {
  const file = path.join(REPO_ROOT, 'apps/web/dist/sw.js');
  const built = readFileSync(file);
  writeFileSync(file, Buffer.concat([built, Buffer.from(`\n// released ${Date.now()}\n`)]));
  return () => writeFileSync(file, built);
}

/** The installable app: its offline copy (sw.js) and how its files are cached. */
export const pwaJourneys: Record<string, JourneyFn> = {
  'offline: the installed app opens on its network-error page, and works again once back online': async (j) => {
    const page = await j.page();
    await page.goto(HOME);
    await page.getByTestId('tab-home').waitFor();
    await waitForServiceWorker(page);

    await page.context().setOffline(true);
    await page.reload();
    await expectPath(page, NETWORK_ERROR, 20_000);
    await page.getByTestId('network-error-page').waitFor();
    await j.shot(page, 'offline');

    await page.context().setOffline(false);
    await page.getByTestId('network-retry').click();
    await expectPath(page, HOME);
    await page.getByTestId('tab-home').waitFor();
  },

  'offline: a new version waits for the user, who is asked, and reloads into it on Reload': async (j) => {
    const page = await j.page();
    await page.goto(HOME);
    await page.getByTestId('tab-home').waitFor();
    await waitForServiceWorker(page);
    await page.evaluate(() => {
      (window as { beforeRelease?: boolean }).beforeRelease = true;
    });

    const restore = releaseNewWorker();
    try {
      await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
      const prompt = page.getByRole('dialog').filter({ hasText: 'A new version of the app has been downloaded' });
      await prompt.waitFor({ timeout: 30_000 }).catch(() => fail('no prompt to reload after a new sw.js'));
      // Until the user agrees, the page stays as it is, still served by the worker that opened it.
      if (!(await page.evaluate(() => (window as { beforeRelease?: boolean }).beforeRelease)))
        fail('the page reloaded before the user agreed');
      await j.shot(page, 'new-version');
      await prompt.getByRole('button', { name: 'Reload' }).click();
      await page
        .waitForFunction(() => !(window as { beforeRelease?: boolean }).beforeRelease, undefined, { timeout: 20_000 })
        .catch(async () => {
          const state = await page.evaluate(async () => {
            const r = await navigator.serviceWorker.getRegistration();
            return { waiting: r?.waiting?.state, active: r?.active?.state, installing: r?.installing?.state };
          });
          fail(`no reload within 20 s of Reload; the workers: ${JSON.stringify(state)}`);
        });
      await page.getByTestId('tab-home').waitFor();
      const waiting = await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => !!r?.waiting));
      if (waiting) fail('after Reload the new worker is still waiting');
      if (!(await page.evaluate(() => !!navigator.serviceWorker.controller)))
        fail('after Reload no worker serves the page: it would not open offline');
    } finally {
      restore();
    }
  },

  'offline: hashed files are cached for a year and sent compressed, the page and sw.js are revalidated': async (j) => {
    const page = await j.page();
    const response = await page.goto('/');
    await page.getByTestId('tab-home').waitFor();
    const script = await page.evaluate(
      () => document.querySelector<HTMLScriptElement>('script[type="module"]')?.getAttribute('src') ?? '',
    );
    if (!script.startsWith('/assets/')) fail(`the page's module script is ${script}`);
    const asset = await page.request.get(script, { headers: { 'accept-encoding': 'br' } });
    const worker = await page.request.get('/sw.js');
    const headers = {
      page: response?.headers()['cache-control'],
      asset: asset.headers()['cache-control'],
      assetEncoding: asset.headers()['content-encoding'],
      worker: worker.headers()['cache-control'],
    };
    const expected = {
      page: 'no-cache',
      asset: 'public, max-age=31536000, immutable',
      assetEncoding: 'br',
      worker: 'no-cache',
    };
    if (JSON.stringify(headers) !== JSON.stringify(expected))
      fail(`cache headers ${JSON.stringify(headers)}, expected ${JSON.stringify(expected)}`);
  },
};
