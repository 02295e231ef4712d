import type { Page } from 'playwright-core';
import { adminSignIn, type JourneyFn } from './journeys.ts';
import { expectPath, fail, type Journey } from './lib/harness.ts';

const DASHBOARD = ['/admin', '/admin/'];

/**
 * Opens every page of the owner's menu from `first` to before `end` with the keyboard (focus the
 * link, Enter); axe checks each.
 */
async function visitMenu(j: Journey, first: number, end?: number): Promise<void> {
  const page: Page = await j.page('desktop');
  await adminSignIn(page);
  const links = page.getByRole('navigation', { name: 'Main' }).getByRole('link');
  await links.first().waitFor();
  const targets = await links.evaluateAll((anchors) =>
    anchors.map((anchor) => new URL((anchor as HTMLAnchorElement).href).pathname),
  );
  if (targets.length < 20) fail(`the owner's menu shows ${targets.length} pages`);
  for (const [index, target] of targets.entries()) {
    if (index < first || (end !== undefined && index >= end)) continue;
    await links.nth(index).focus();
    await page.keyboard.press('Enter');
    await expectPath(page, DASHBOARD.includes(target) ? DASHBOARD : target);
    await j.axe(page);
  }
}

/**
 * The pages no other journey is sure to visit, for the run's axe check (`lib/accessibility.ts`):
 * the back office's menu, in two journeys to stay well within a journey's time limit. The web
 * app's routes are all visited by `routes.ts`.
 */
export const accessibilityJourneys: Record<string, JourneyFn> = {
  'accessibility (back office): the first half of the menu, opened with the keyboard': (j) => visitMenu(j, 0, 12),
  'accessibility (back office): the rest of the menu, opened with the keyboard': (j) => visitMenu(j, 12),
};
