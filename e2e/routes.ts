import { api, LANGUAGES, type Language } from '@app/contracts';
import type { Page } from 'playwright-core';
import { type JourneyFn, signIn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import { expectPath, expectText, fail, type Journey } from './lib/harness.ts';

const HOME = '/home/info';
const NARROW = { width: 320, height: 640 };

/** A route to visit and where it must stay (an alias lands on the page it stands for). */
interface Visit {
  path: string;
  landsOn?: string;
}

/** The spec's §2 tab bar, with Home at / too, and the honor tab. */
const TABS: Visit[] = [
  { path: '/' },
  { path: '/home/info' },
  { path: '/product/list' },
  { path: '/wallet/info' },
  { path: '/contactUs/info' },
  { path: '/mine/info' },
  { path: '/pages/tabbar/honor/index' },
];

/** The spec's §2 "other pages", with a query where the page needs one. */
function specPages(productId: number): Visit[] {
  return [
    { path: `/product/info?id=${productId}` },
    { path: '/product/myProduct' },
    { path: '/product/orderRecord' },
    { path: '/home/information?id=1' },
    { path: '/mine/updatePassword' },
    { path: '/mine/redeem' },
    { path: '/mine/levelUser' },
    { path: '/mine/inviteFriends' },
    { path: '/mine/myTeam' },
    { path: '/mine/money', landsOn: '/wallet/info' },
    { path: '/mine/mtn', landsOn: '/wallet/mobileMoney' },
    { path: '/wallet/mobileMoney' },
    { path: '/wallet/mobileMoneyUpdate' },
    { path: '/wallet/deposit' },
    { path: '/wallet/withdraw' },
    { path: '/wallet/withdrawRecord' },
    { path: '/wallet/profitRecord' },
    { path: '/wallet/depositRecord' },
    { path: '/wallet/pointsRecord' },
    { path: '/contactUs/aboutUs' },
  ];
}

/** The spec's §2 system pages and its pagesB pages. */
const SPEC_SYSTEM_AND_B_PAGES: Visit[] = [
  { path: '/system/maintenance/info' },
  { path: '/system/network-error/info' },
  { path: '/system/location/choose' },
  { path: '/system/location/open' },
  { path: '/pagesB/home/comment?postId=1' },
  { path: '/pagesB/home/postDetails?id=1' },
  { path: '/pagesB/mine/anniversaire' },
  { path: '/pagesB/mine/conference' },
  { path: '/pagesB/mine/drawRecord' },
  { path: '/pagesB/mine/drawRecordDetail?id=1' },
  { path: '/pagesB/mine/statistics' },
  { path: '/pagesB/mine/message' },
  { path: '/pagesB/mine/teamRank' },
  { path: '/pagesB/honor/details?id=1' },
  { path: '/pagesB/wallet/myAddress' },
];

/** The screens the spec names without a route, at the routes the team chose for them. */
const NAMED_SCREENS: Visit[] = [
  { path: '/mine/coupons' },
  { path: '/mine/payPassword' },
  { path: '/pagesB/draw/turntable' },
  { path: '/pagesB/draw/grid' },
  { path: '/pagesB/draw/capsule' },
  { path: '/pagesB/draw/window' },
  { path: '/pagesB/home/news' },
  { path: '/pagesB/home/posts' },
  { path: '/pagesB/home/guideTypes' },
  { path: '/pagesB/home/guides?typeId=1' },
  { path: '/pagesB/home/guideDetails?id=1' },
  { path: '/pagesB/home/history' },
  { path: '/pagesB/home/leadership' },
  { path: '/pagesB/mine/agreement' },
  { path: '/pagesB/mine/privacy' },
  { path: '/mine/settings' },
  { path: '/mine/userInfo' },
];

/** The signed-out pages: a signed-in user is sent on from them. */
const SIGNED_OUT: Visit[] = [
  { path: '/account/signIn' },
  { path: '/account/signUp?code=DEMO2026' },
  { path: '/account/forgot' },
];

/**
 * Opens `visit` and fails unless its own page rendered there (no redirect home, no not-found, no crash);
 * then axe checks it.
 */
async function expectRendered(j: Journey, page: Page, visit: Visit): Promise<void> {
  const expected = visit.landsOn ?? visit.path.split('?')[0] ?? visit.path;
  await page.goto(visit.path);
  const rendered = () => (document.getElementById('root')?.textContent ?? '').trim().length > 0;
  await page.waitForFunction(rendered).catch(() => fail(`${visit.path} rendered nothing`));
  await page.waitForLoadState('networkidle');
  const landed = new URL(page.url()).pathname;
  if (landed !== expected) {
    fail(`${visit.path} ${landed === HOME ? 'redirected to Home' : `went to ${landed}`}, expected ${expected}`);
  }
  if (await page.getByTestId('not-found-page').count()) fail(`${visit.path} shows the not-found page`);
  if (await page.getByTestId('route-error').count()) fail(`${visit.path} shows the route error page`);
  await j.axe(page);
}

/** Sets the app's language as the language picker does, then reloads. */
async function useLanguage(page: Page, language: Language): Promise<void> {
  await page.evaluate((lang) => {
    const key = 'earnings.session';
    localStorage.setItem(key, JSON.stringify({ ...JSON.parse(localStorage.getItem(key) ?? '{}'), language: lang }));
  }, language);
  await page.reload();
}

/** Visits `visits` as a new signed-in user: each journey a share of the routes, well within its time limit. */
async function visitSignedIn(j: Journey, visits: (productId: number) => Visit[]): Promise<void> {
  const [product] = await j.api.call(api.products.list, {});
  if (!product) fail('no product on sale to open');
  const page = await j.page();
  const user = await j.api.createUser(uniqueAccount('routes'));
  await signIn(page, user);
  for (const visit of visits(product.id)) await expectRendered(j, page, visit);
}

export const routeJourneys: Record<string, JourneyFn> = {
  'routes: the signed-out pages and the tab bar render their own pages': async (j) => {
    const page = await j.page();
    for (const visit of SIGNED_OUT) await expectRendered(j, page, visit);
    await visitSignedIn(j, () => TABS);
  },

  "routes: the spec's product, mine and wallet pages render their own pages, none lands on Home or on not-found":
    async (j) => {
      await visitSignedIn(j, specPages);
    },

  "routes: the spec's system and pagesB pages render their own pages": async (j) => {
    await visitSignedIn(j, () => SPEC_SYSTEM_AND_B_PAGES);
  },

  'routes: the screens the spec names without a route render their own pages': async (j) => {
    await visitSignedIn(j, () => NAMED_SCREENS);
  },

  'routes: an unknown address says so in each language at 320 px, with a way home, in a page marked as in that language':
    async (j) => {
      const page = await j.page('mobile', NARROW);
      const unknown = '/wallet/no-such-page-with-a-rather-long-mistyped-address-1234567890';
      await page.goto(unknown);
      await expectPath(page, '/wallet/no-such-page-with-a-rather-long-mistyped-address-1234567890');
      const headings: Record<Language, string> = {
        en: 'This page does not exist',
        es: 'Esta página no existe',
        fr: 'Cette page n’existe pas',
        vi: 'Trang này không tồn tại',
        th: 'ไม่มีหน้านี้',
        zh: '找不到此页面',
      };
      for (const language of LANGUAGES) {
        await useLanguage(page, language);
        await expectText(page.getByTestId('not-found-page').locator('h1'), headings[language]);
        const lang = await page.evaluate(() => document.documentElement.lang);
        if (lang !== language) fail(`the page says its language is ${JSON.stringify(lang)} in ${language}`);
        await j.axe(page, language);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        if (overflow > 0) fail(`the not-found page is ${overflow} px wider than a 320 px screen in ${language}`);
        await j.shot(page, language);
      }
      await page.getByTestId('not-found-home').click();
      await expectPath(page, HOME);
    },
};
