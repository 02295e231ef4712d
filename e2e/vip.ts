import { adminApi, api } from '@app/contracts';
import { type JourneyFn, openTab, signIn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import { expectPath, expectText, expectToast, fail } from './lib/harness.ts';

const LEVEL_USER = '/mine/levelUser';
const NONE = { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' };

/** The level journeys (docs/product.md#levels). */
export const vipJourneys: Record<string, JourneyFn> = {
  'vip: activate SVIP from the level page, paid from the recharge balance': async (j) => {
    await j.api.call(
      adminApi.vip.saveLevels,
      {
        levels: [
          {
            level: 1,
            name: { en: 'VIP 1' },
            kind: 'vip',
            requirement: { kind: 'recharge', amount: '500.00' },
            price: null,
            benefits: { ...NONE, withdrawFeeDiscount: '0.1' },
          },
          {
            level: 2,
            name: { en: 'SVIP Gold' },
            kind: 'svip',
            requirement: null,
            price: '300.00',
            benefits: { extraDraws: 5, withdrawFeeDiscount: '0.5', extraWithdrawals: 2, incomeBonusRate: '0.05' },
          },
        ],
      },
      { token: await j.api.adminLogin() },
    );
    const user = await j.api.createUser(uniqueAccount('svip'));
    // Funded as an operator does: an increase of the recharge wallet, which is no recharge total.
    await j.api.adjust(user.id, 'deposit', '1000.00', 'e2e: money for an SVIP level');
    const page = await j.page();
    await signIn(page, user);
    await openTab(page, 'mine', '/mine/info');
    await expectText(page.getByTestId('mine-level'), 'Member');
    await page.getByTestId('mine-level-link').click();
    await expectPath(page, LEVEL_USER);
    await expectText(page.getByTestId('level-current-name'), 'No level yet');
    await expectText(page.getByTestId('level-progress'), /Total recharge: \$0\.00 of \$500\.00/);
    await j.shot(page, 'levels');

    await page.getByTestId('activate-2').click();
    await expectText(page.getByTestId('activate-price'), '$300.00');
    await expectText(page.getByTestId('activate-balance'), '$1,000.00');
    await j.shot(page, 'confirm');
    await page.getByTestId('activate-confirm').click();
    await expectToast(page, 'SVIP Gold is now active');
    await expectText(page.getByTestId('level-current-name'), 'SVIP Gold');
    await expectText(page.getByTestId('my-benefits-withdrawFeeDiscount'), '50%');
    if ((await page.getByTestId('activate-2').count()) !== 0) fail('the level bought is still offered');
    await j.shot(page, 'activated');

    const bill = await j.api.bill(user.token);
    if (bill.rechargeBalance !== '700.00') fail(`the recharge balance is ${bill.rechargeBalance}, not 700.00`);
    const info = await j.api.call(api.user.info, {}, { token: user.token });
    if (info.level !== 2 || info.vip !== 'svip') fail(`the user is at ${info.vip} ${info.level}, not svip 2`);
    await page.goBack();
    await expectPath(page, '/mine/info');
    await expectText(page.getByTestId('mine-level'), 'SVIP Gold');
  },
};
