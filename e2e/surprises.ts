import { adminApi, api } from '@app/contracts';
import type { Page } from 'playwright-core';
import { type JourneyFn, signIn } from './journeys.ts';
import { type Api, uniqueAccount } from './lib/api.ts';
import { expectCount, expectFitsWidth, expectPath, expectText, expectVisible } from './lib/harness.ts';

/** Monday 11:00 in Lagos: inside the withdrawal hours (Mon–Fri 09:00–17:00). */
const MONDAY_11_LAGOS = '2026-11-30T10:00:00Z';
const WIDTHS = [320, 390] as const;

async function realTime(api: Api): Promise<void> {
  await api.setClock(new Date().toISOString());
}

const phone = (j: Parameters<JourneyFn>[0], width: number): Promise<Page> => j.page('mobile', { width, height: 780 });

/** Issue 15, "no surprise": what the user is told before and after acting, at the narrowest widths. */
export const surpriseJourneys: Record<string, JourneyFn> = {
  'no surprise: a guest who taps Buy now signs in, comes back to the product and pays only from allowed wallets':
    async (j) => {
      const user = await j.api.createUser(uniqueAccount('guestbuy'));
      for (const width of WIDTHS) {
        const page = await phone(j, width);
        await page.goto('/product/list');
        await page.locator('[data-testid^="product-card-"]').first().click();
        await expectPath(page, '/product/info');
        const product = new URL(page.url()).search;
        await page.getByTestId('product-buy').click();
        // The spec's notice first (docs/product.md#roles), then sign-in from it.
        await expectVisible(page, /not logged in yet/);
        await page.locator('.adm-dialog-footer').getByText('Sign in', { exact: true }).click();
        await expectPath(page, '/account/signIn');
        await signIn(page, user, '/product/info');
        if (new URL(page.url()).search !== product) throw new Error(`came back to ${page.url()}, not ${product}`);
        await page.getByTestId('product-buy').click();
        await expectVisible(page, /Pay with|Recharge balance/);
        // purchase_from_income is off by default: the income wallet is not offered at all.
        await expectCount(page.getByTestId('purchase-wallet-deposit'), 1);
        await expectCount(page.getByTestId('purchase-wallet-income'), 0);
        await expectFitsWidth(page, `the purchase sheet at ${width} px`);
        await j.shot(page, `purchase-${width}`);
      }
    },

  'no surprise: wallet figures say what they count, adjustments show their reason, withdrawal rules come first': async (
    j,
  ) => {
    try {
      await j.api.setClock(MONDAY_11_LAGOS);
      const user = await j.api.createUser(uniqueAccount('surprise'));
      await j.api.adjust(user.id, 'income', '250', 'Compensation for the outage');
      await j.api.adjust(user.id, 'deposit', '40', 'Transfer received by hand');
      const account = await j.api.call(
        api.cash.addPayoutAccount,
        { type: 'mobile_money', holderName: 'Ada Obi', accountNumber: '08012345678', operator: 'MTN' },
        { token: user.token },
      );
      await j.api.call(
        adminApi.cash.approvePayoutAccount,
        {},
        { token: await j.api.adminLogin(), params: { id: account.id } },
      );
      for (const width of WIDTHS) {
        const page = await phone(j, width);
        await signIn(page, user);

        await page.goto('/wallet/info');
        await expectText(page.getByTestId('bill-incomeBalance'), /250\.00/);
        await expectVisible(page, 'Income collected');
        await expectVisible(page, 'Income earned');
        await page.getByTestId('bill-statistics-hint').scrollIntoViewIfNeeded();
        await expectFitsWidth(page, `the wallet at ${width} px`);
        await j.shot(page, `wallet-${width}`);

        await page.goto('/wallet/profitRecord');
        const credit = page.getByTestId('record-row').filter({ hasText: 'System increase' });
        // The record names the adjustment and its reason (the server's source of the line).
        await expectText(credit.getByTestId('record-source'), 'Compensation for the outage');
        await j.shot(page, `income-records-${width}`);

        await page.goto('/wallet/depositRecord');
        await page.getByTestId('record-tab-entries').click();
        const topUp = page.getByTestId('record-row').filter({ hasText: 'System increase' });
        await expectText(topUp.getByTestId('record-source'), 'Transfer received by hand');
        await expectFitsWidth(page, `the recharge records at ${width} px`);
        await j.shot(page, `recharge-entries-${width}`);

        await page.goto('/wallet/withdraw');
        await expectText(page.getByTestId('withdraw-rules-days'), 'Monday, Tuesday, Wednesday, Thursday, and Friday');
        await expectText(page.getByTestId('withdraw-rules-hours'), '09:00–17:00 (Africa/Lagos time)');
        await expectText(page.getByTestId('withdraw-rules-left'), '1 of 1');
        await expectText(page.getByTestId('withdraw-rules-fee'), '5%');
        await expectText(page.getByTestId('withdraw-account').locator('option').first(), /^Mobile money · MTN/);
        await expectFitsWidth(page, `the withdraw page at ${width} px`);
        await j.shot(page, `withdraw-${width}`);
      }
    } finally {
      await realTime(j.api);
    }
  },
};
