import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { adminApi, api } from '@app/contracts';
import type { Page } from 'playwright-core';
import { type JourneyFn, pickLanguage, signIn } from './journeys.ts';
import { type TestUser, uniqueAccount } from './lib/api.ts';
import { expectCount, expectFitsWidth, expectPath, fail, type Journey, MOBILE } from './lib/harness.ts';
import { REPO_ROOT } from './lib/server.ts';

/** Where the screenshots go, `<language>-<screen>.png`: kept until the next run of these journeys. */
const SCREENS_DIR = path.join(REPO_ROOT, 'e2e/.tmp/screens');

type ScreenLanguage = 'en' | 'fr' | 'zh';
const LANGUAGE_NAMES: Record<ScreenLanguage, string> = { en: 'English', fr: 'French', zh: 'Chinese' };

/** A screen to look at: a name for its screenshot and its address. */
type Screen = [name: string, path: string];

/** The tab bar's pages (apps/web/src/components/TabLayout.tsx), and the honor tab. */
const TABS: Screen[] = [
  ['home', '/home/info'],
  ['products', '/product/list'],
  ['wallet', '/wallet/info'],
  ['contact', '/contactUs/info'],
  ['mine', '/mine/info'],
  ['honor', '/pages/tabbar/honor/index'],
];

/** The pages a user reaches from the tabs most: product, records, cash, team, messages, settings. */
function subPages(productId: number): Screen[] {
  return [
    ['product-info', `/product/info?id=${productId}`],
    ['my-products', '/product/myProduct'],
    ['order-records', '/product/orderRecord'],
    ['profit-records', '/wallet/profitRecord'],
    ['deposit-records', '/wallet/depositRecord'],
    ['withdraw-records', '/wallet/withdrawRecord'],
    ['points-records', '/wallet/pointsRecord'],
    ['deposit', '/wallet/deposit'],
    ['withdraw', '/wallet/withdraw'],
    ['payout-accounts', '/wallet/mobileMoney'],
    ['messages', '/pagesB/mine/message'],
    ['my-team', '/mine/myTeam'],
    ['invite', '/mine/inviteFriends'],
    ['level', '/mine/levelUser'],
    ['team-rank', '/pagesB/mine/teamRank'],
    ['settings', '/mine/settings'],
    ['user-info', '/mine/userInfo'],
    ['news', '/pagesB/home/news'],
  ];
}

const SIGNED_OUT: Screen[] = [
  ['sign-in', '/account/signIn'],
  ['sign-up', '/account/signUp'],
];

/**
 * Runs in the page, as plain text (tsx would wrap inner functions in a `__name` the page lacks):
 * every piece of text that reaches past the box of an element that hides what does not fit
 * (overflow hidden or clip: an ellipsis, a line clamp, a fixed height), so part of it cannot be
 * read, and every piece of text that runs out of its box over its neighbours (an action under the
 * bar's title). Carousels, tab strips and the scrolling notice bar move their text in and out of view by
 * design and are left out, as are a control folded shut (aria-expanded="false": the rest is a tap
 * away), boxes folded to nothing (a closed panel) and the 1 px boxes of text for screen readers.
 */
const UNREADABLE_TEXT_SCRIPT = `(() => {
  const byDesign = '.adm-swiper, .adm-tabs-header, .adm-capsule-tabs-header, .adm-notice-bar-content, .adm-skeleton';
  const name = (el) => el.tagName.toLowerCase() + (el.dataset.testid ? '[' + el.dataset.testid + ']' : '') +
    (el.classList.length ? '.' + Array.from(el.classList).join('.') : '');
  const hides = (overflow) => overflow === 'hidden' || overflow === 'clip';
  const problems = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    const shown = node.textContent.replace(/\\s+/g, ' ').trim();
    if (!parent || !shown || parent.closest(byDesign) || parent.closest('[aria-expanded="false"]')) continue;
    if (getComputedStyle(parent).visibility !== 'visible') continue;
    const range = document.createRange();
    range.selectNodeContents(node);
    const text = range.getBoundingClientRect();
    if (text.width === 0 || text.height === 0) continue;
    // Past a scroll area, text beyond it in that direction is a scroll away, not cut off.
    let scrollsX = false;
    let scrollsY = false;
    // Text that runs out of a box that lets it show runs over its neighbours (a title under a button),
    // unless the box is placed on purpose (absolute or fixed: a badge over an icon).
    let placed = false;
    for (let box = parent; box && box !== document.documentElement; box = box.parentElement) {
      const style = getComputedStyle(box);
      placed = placed || style.position === 'absolute' || style.position === 'fixed';
      if (!placed && !scrollsX && style.overflowX === 'visible' && !style.display.startsWith('inline') &&
          style.display !== 'contents' && box.clientWidth > 1) {
        const outer = box.getBoundingClientRect();
        if (text.left < outer.left - 1 || text.right > outer.right + 1) {
          problems.push(name(box) + ' lets "' + shown.slice(0, 40) + '" run out of its side over what is next to it (text ' +
            Math.round(text.left) + '..' + Math.round(text.right) + ', box ' + Math.round(outer.left) + '..' +
            Math.round(outer.right) + ')');
          break;
        }
      }
      const clipsX = !scrollsX && hides(style.overflowX);
      const clipsY = !scrollsY && hides(style.overflowY);
      scrollsX = scrollsX || ['auto', 'scroll'].includes(style.overflowX);
      scrollsY = scrollsY || ['auto', 'scroll'].includes(style.overflowY);
      if (!clipsX && !clipsY) continue;
      if (box.clientWidth <= 1 || box.clientHeight <= 1) break;
      const outer = box.getBoundingClientRect();
      const left = outer.left + box.clientLeft;
      const top = outer.top + box.clientTop;
      const side = clipsX && (text.left < left - 1 || text.right > left + box.clientWidth + 1);
      const foot = clipsY && (text.top < top - 1 || text.bottom > top + box.clientHeight + 1);
      if (side || foot) {
        problems.push(name(box) + ' cuts "' + shown.slice(0, 40) + '" at its ' + (side ? 'side' : 'foot') +
          ' (text ' + Math.round(text.left) + '..' + Math.round(text.right) + ' x ' + Math.round(text.top) + '..' +
          Math.round(text.bottom) + ', box ' + Math.round(left) + '..' + Math.round(left + box.clientWidth) + ' x ' +
          Math.round(top) + '..' + Math.round(top + box.clientHeight) + ')');
        break;
      }
    }
  }
  return problems.slice(0, 8);
})()`;

/** The height the page's content needs: its longest scroll area unrolled. */
const CONTENT_HEIGHT_SCRIPT = `(() => {
  let height = document.documentElement.scrollHeight;
  for (const el of Array.from(document.querySelectorAll('body *'))) {
    const overflow = getComputedStyle(el).overflowY;
    if ((overflow === 'auto' || overflow === 'scroll') && el.scrollHeight > el.clientHeight) {
      height = Math.max(height, window.innerHeight + el.scrollHeight - el.clientHeight);
    }
  }
  return height;
})()`;

/**
 * Opens `screen`, waits until it has loaded, and answers what is wrong with it at the phone's
 * width: anything reaching past the screen's edge, any text cut off. Keeps a screenshot of the
 * whole page (its scroll area unrolled) to look at either way.
 */
async function lookAt(page: Page, [name, address]: Screen, language: ScreenLanguage): Promise<string[]> {
  await page.setViewportSize(MOBILE);
  await page.goto(address);
  await expectPath(page, address.split('?')[0] ?? address);
  await page.waitForLoadState('networkidle');
  await expectCount(page.locator('.adm-skeleton, [aria-busy="true"]'), 0);
  // The service tab rests tucked into the screen's edge: look at the page as it stays.
  if ((await page.getByTestId('service-button').count()) > 0) {
    await page.waitForSelector('[data-testid="service-button"].faded', { state: 'attached' });
  }
  const what = `${name} in ${LANGUAGE_NAMES[language]}`;
  const problems: string[] = [];
  await expectFitsWidth(page, what).catch((error: Error) => problems.push(error.message));
  const unreadable = (await page.evaluate(UNREADABLE_TEXT_SCRIPT)) as string[];
  if (unreadable.length > 0) problems.push(`${what} has text that cannot be read whole: ${unreadable.join('; ')}`);
  const height = (await page.evaluate(CONTENT_HEIGHT_SCRIPT)) as number;
  await page.setViewportSize({ width: MOBILE.width, height: Math.min(Math.max(height, MOBILE.height), 4000) });
  await page.screenshot({ path: path.join(SCREENS_DIR, `${language}-${name}.png`) });
  return problems;
}

async function lookAtAll(page: Page, screens: Screen[], language: ScreenLanguage): Promise<string[]> {
  mkdirSync(SCREENS_DIR, { recursive: true });
  const problems: string[] = [];
  for (const screen of screens) problems.push(...(await lookAt(page, screen, language)));
  return problems;
}

/** Fails with everything found on every screen, on one line: the run prints a failure's first lines only. */
function expectNoProblems(problems: string[]): void {
  if (problems.length > 0) fail(problems.join(' | '));
}

/**
 * A user with something on every page: a machine bought, income accrued and an operator's
 * credit, points, and a message from the operator in the languages looked at.
 */
async function userWithData(j: Journey): Promise<{ user: TestUser; productId: number }> {
  const user = await j.api.createUser(uniqueAccount('screens'));
  await j.api.adjust(user.id, 'deposit', '12500.00', 'E2E screens: a top-up');
  const products = await j.api.call(api.products.list, {});
  const product = products.find((p) => p.cycle === 'hour') ?? products[0] ?? fail('no product on sale');
  await j.api.call(
    api.products.purchase,
    { productId: product.id, quantity: 1, wallet: 'deposit' },
    { token: user.token },
  );
  try {
    // Two hours on the server clock, so the machine has paid income into the uncollected wallet.
    await j.api.advanceClock(2 * 3600);
    await j.api.runJob('accrual');
  } finally {
    await j.api.setClock(new Date().toISOString());
  }
  await j.api.adjust(user.id, 'income', '1234.56', 'E2E screens: income');
  await j.api.call(
    adminApi.messages.broadcast,
    {
      title: { en: 'Scheduled maintenance tonight', fr: 'Maintenance programmée ce soir', zh: '今晚系统维护' },
      body: {
        en: 'The app pauses from 23:00 to 23:30 while we upgrade the servers. Your machines keep earning.',
        fr: 'L’application s’interrompt de 23 h 00 à 23 h 30 pendant la mise à niveau des serveurs. Vos machines continuent de rapporter.',
        zh: '我们将在 23:00 至 23:30 升级服务器，期间应用暂停使用。您的矿机会继续产生收益。',
      },
      audience: { userIds: [user.id] },
    },
    { token: await j.api.adminLogin() },
  );
  return { user, productId: product.id };
}

/** Signs the user in and switches the app to `language` from My, as a user does. */
async function signedInIn(j: Journey, user: TestUser, language: ScreenLanguage): Promise<Page> {
  const page = await j.page();
  await signIn(page, user);
  if (language !== 'en') {
    await page.goto('/mine/info');
    await pickLanguage(page, 'mine-language', language);
  }
  return page;
}

function tabsJourney(language: ScreenLanguage): JourneyFn {
  return async (j) => {
    const signedOut = await j.page();
    await signedOut.goto('/account/signIn');
    if (language !== 'en') await pickLanguage(signedOut, 'lang-switch', language);
    const problems = await lookAtAll(signedOut, SIGNED_OUT, language);
    const { user } = await userWithData(j);
    const page = await signedInIn(j, user, language);
    expectNoProblems([...problems, ...(await lookAtAll(page, TABS, language))]);
  };
}

function subPagesJourney(language: ScreenLanguage): JourneyFn {
  return async (j) => {
    const { user, productId } = await userWithData(j);
    const page = await signedInIn(j, user, language);
    expectNoProblems(await lookAtAll(page, subPages(productId), language));
  };
}

/** Issue 15's "looked at, nothing cut off": the journeys leave their screenshots in e2e/.tmp/screens. */
export const screenJourneys: Record<string, JourneyFn> = {
  'screens: the tabs and sign-in at 375 px in English, nothing cut off': tabsJourney('en'),
  'screens: the main pages at 375 px in English, nothing cut off': subPagesJourney('en'),
  'screens: the tabs and sign-in at 375 px in French, nothing cut off': tabsJourney('fr'),
  'screens: the main pages at 375 px in French, nothing cut off': subPagesJourney('fr'),
  'screens: the tabs and sign-in at 375 px in Chinese, nothing cut off': tabsJourney('zh'),
  'screens: the main pages at 375 px in Chinese, nothing cut off': subPagesJourney('zh'),
};
