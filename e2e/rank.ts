import { api, groupThousands } from '@app/contracts';
import { type JourneyFn, openTab, signIn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import { expectPath, expectText, expectToast, fail } from './lib/harness.ts';

const TEAM_RANK = '/pagesB/mine/teamRank';
/** Friday 10:00 in Lagos (UTC+1): 2 days and 14 hours before the week's cycle ends on Monday 00:00. */
const FRIDAY_10_LAGOS = '2026-11-27T09:00:00Z';

/** The team rank journeys (docs/product.md#team-rank). */
export const rankJourneys: Record<string, JourneyFn> = {
  'team rank: the page shows the time left and my team after naming it': async (j) => {
    await j.api.setClock(FRIDAY_10_LAGOS);
    try {
      const leader = await j.api.createUser(uniqueAccount('leader'));
      const member = await j.api.createUser(uniqueAccount('member'), 'Secret123', leader.inviteCode);
      const [product] = await j.api.call(api.products.list, {});
      if (!product) fail('no product on sale to buy');
      await j.api.adjust(member.id, 'deposit', product.price, 'team rank journey');
      await j.api.call(api.products.purchase, { productId: product.id }, { token: member.token });

      const page = await j.page();
      await signIn(page, leader);
      await openTab(page, 'mine', '/mine/info');
      await page.getByTestId('mine-team-rank').click();
      await expectPath(page, TEAM_RANK);
      const timeLeft = page.getByTestId('rank-time-left');
      await expectText(timeLeft, /^2d 1[34]:\d\d:\d\d$/);
      // It counts down while the page is open.
      const before = (await timeLeft.textContent()) ?? '';
      await expectText(timeLeft, new RegExp(`^(?!${before}$)2d `));
      await page.getByTestId('my-team-unnamed').waitFor();
      await j.shot(page, 'unnamed');

      await page.getByTestId('team-name-open').click();
      await page.getByTestId('team-name-input').fill('A name far too long for a team');
      await page.getByTestId('team-name-save').click();
      await expectText(page.getByTestId('team-name-error'), 'A team name must be 2 to 20 characters long.');
      const name = `Lions ${Date.now().toString(36).slice(-6)}`;
      await page.getByTestId('team-name-input').fill(name);
      await page.getByTestId('team-name-save').click();
      await expectToast(page, `Your team is now “${name}”`);
      await expectText(page.getByTestId('my-team-name'), name);
      await expectText(page.getByTestId('my-team-points'), groupThousands(product.price.split('.')[0] ?? ''));
      await expectText(page.getByTestId('my-team-size'), '1');
      await expectText(page.getByTestId('my-team-rank'), /^No\. \d+$/);
      await page.getByTestId('ranking').getByText(name).waitFor();
      await j.shot(page, 'named');
    } finally {
      await j.api.setClock(new Date().toISOString());
    }
  },
};
