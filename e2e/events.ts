import { adminApi, api } from '@app/contracts';
import { adminSignIn, type JourneyFn, openTab, signIn } from './journeys.ts';
import { type Api, uniqueAccount } from './lib/api.ts';
import { expectPath, expectSettled, expectText, expectToast, fail } from './lib/harness.ts';

/** Friday 10:00 in Lagos (UTC+1): machines accrue; Monday 11:00: collection is open. */
const FRIDAY_10_LAGOS = '2026-11-27T09:00:00Z';
// Half past: the e2e server's clock runs on from each move, so the seconds between the purchase
// and the accrual must not decide whether a 73rd hour is due (72 at the accrual, 73 a moment later
// when the server's own accrual ran, and the page disagreed with the figures read before it).
const MONDAY_11_30_LAGOS = '2026-11-30T10:30:00Z';
const DAY_MS = 86_400_000;

/** Puts the server clock back on real time, so later journeys see today's date again. */
async function realTime(api: Api): Promise<void> {
  await api.setClock(new Date().toISOString());
}

/** Events and statistics (docs/product.md#events, docs/product.md#statistics). */
export const eventJourneys: Record<string, JourneyFn> = {
  'events: sign up for a press conference, then it shows Already Apply': async (j) => {
    const now = Date.now();
    const title = `E2E press conference ${now}`;
    const { id } = await j.api.call(
      adminApi.events.create,
      {
        kind: 'conference',
        title: { en: title, fr: `Conférence E2E ${now}` },
        body: { en: 'Meet the founders and see the new machines.' },
        startsAt: new Date(now + 7 * DAY_MS).toISOString(),
        endsAt: new Date(now + 7 * DAY_MS + 3 * 3_600_000).toISOString(),
        capacity: 30,
        status: 'on',
        reward: { kind: 'points', amount: '25' },
      },
      { token: await j.api.adminLogin() },
    );
    const user = await j.api.createUser(uniqueAccount('conference'));
    const page = await j.page();
    await signIn(page, user);
    await expectText(page.getByTestId('home-event-conference'), 'Press conference');
    await openTab(page, 'mine', '/mine/info');
    await page.getByTestId('mine-event-conference').click();
    await expectPath(page, '/pagesB/mine/conference');
    const card = page.getByTestId(`event-${id}`);
    await expectText(card, title);
    await expectText(card.getByTestId('event-state'), 'Open');
    await expectText(card.getByTestId('event-seats'), '30 of 30 left');
    await expectText(card.getByTestId('event-reward'), '25 points');
    await card.scrollIntoViewIfNeeded();
    await j.shot(page, 'open');

    await card.getByTestId('event-signup').click();
    await expectToast(page, 'You are signed up');
    await expectText(card.getByTestId('event-state'), 'Already Apply');
    await expectText(card.getByTestId('event-signup'), 'Already Apply');
    if (!(await card.getByTestId('event-signup').isDisabled())) fail('the sign-up button stays enabled once applied');
    await expectText(card.getByTestId('event-seats'), '29 of 30 left');
    await j.shot(page, 'applied');
    const bill = await j.api.bill(user.token);
    if (bill.points !== '25') fail(`the sign-up reward left ${bill.points} points, not 25`);

    // The narrowest phone keeps the card whole.
    await page.setViewportSize({ width: 320, height: 700 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth);
    if (overflow > 320) fail(`the conference page is ${overflow} px wide at 320 px`);
    await j.shot(page, 'narrow');

    // The operator finds the sign-up in the back office.
    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.getByTestId('nav-events').click();
    await expectPath(admin, '/admin/events');
    await admin.getByTestId(`event-edit-${id}`).click();
    await expectSettled(admin.getByTestId('event-save'));
    if ((await admin.getByTestId('event-form-title-fr').inputValue()) !== `Conférence E2E ${now}`)
      fail('the edit drawer does not show the French title');
    await j.shot(admin, 'edit');
    await admin.keyboard.press('Escape');
    await admin.getByTestId('event-form-title-fr').waitFor({ state: 'detached' });
    await admin.getByTestId(`event-signups-${id}`).click();
    await expectPath(admin, `/admin/events/${id}/signups`);
    await expectText(admin.getByTestId('event-signup-row').first(), user.account);
    await j.shot(admin, 'signups');
  },

  "statistics: a day's income shows after a collection": async (j) => {
    try {
      await j.api.setClock(FRIDAY_10_LAGOS);
      const user = await j.api.createUser(uniqueAccount('stats'));
      await j.api.adjust(user.id, 'deposit', '500.00', 'e2e: money for a machine');
      const products = await j.api.call(api.products.list, { cycle: 'hour' }, { token: user.token });
      const miner = products.find((p) => p.name === 'Starter Miner') ?? fail('no Starter Miner on sale');
      await j.api.call(api.products.purchase, { productId: miner.id, wallet: 'deposit' }, { token: user.token });
      await j.api.setClock(MONDAY_11_30_LAGOS);
      await j.api.runJob('accrual');
      const { collected } = await j.api.call(api.products.collect, {}, { token: user.token });
      if (!/[1-9]/.test(collected)) fail(`nothing was collected (${collected})`);
      const stats = await j.api.call(api.statistics.get, { days: 7 }, { token: user.token });
      const earned = stats.days.filter((day) => /[1-9]/.test(day.income));
      if (earned.length === 0) fail('the statistics show no day with income');

      const page = await j.page();
      await signIn(page, user);
      await openTab(page, 'mine', '/mine/info');
      await page.getByTestId('mine-statistics').click();
      await expectPath(page, '/pagesB/mine/statistics');
      await expectText(page.getByTestId('statistics-total'), stats.total);
      for (const day of earned) {
        await page.getByTestId(`income-bar-${day.date}`).waitFor();
        await expectText(page.getByTestId(`statistics-day-${day.date}`), day.income);
      }
      await expectText(page.getByTestId('statistics-type-product_profit'), stats.total);
      await j.shot(page, 'week');
      await page.getByTestId('statistics-period-30').click();
      await page.locator('[data-testid="income-chart"][data-days="30"]').waitFor();
      if ((await page.getByTestId('statistics-period-30').getAttribute('aria-pressed')) !== 'true')
        fail('the 30-day switch is not shown as chosen');
      await expectText(page.getByTestId('statistics-total'), stats.total);
      await page.setViewportSize({ width: 320, height: 700 });
      await j.shot(page, 'month-narrow');
    } finally {
      await realTime(j.api);
    }
  },
};
