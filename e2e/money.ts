import { adminApi, api } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { adminSignIn, type JourneyFn, openTab, signIn } from './journeys.ts';
import { type Api, type TestUser, uniqueAccount } from './lib/api.ts';
import { expectPath, expectSettled, expectText, expectToast, expectVisible, fail } from './lib/harness.ts';

/** Friday 10:00 and Saturday 10:00 in Lagos (UTC+1): machines accrue, but collection is closed at weekends. */
const FRIDAY_10_LAGOS = '2026-11-27T09:00:00Z';
/** Monday 11:00 in Lagos: collection open, inside the withdrawal hours (Mon–Fri 09:00–17:00). */
const MONDAY_11_LAGOS = '2026-11-30T10:00:00Z';
const PAY_PASSWORD = '246810';

/** Puts the server clock back on real time, so later journeys see today's date again. */
async function realTime(api: Api): Promise<void> {
  await api.setClock(new Date().toISOString());
}

/** Types digits on an antd-mobile PasscodeInput through its on-screen NumberKeyboard. */
async function typePasscode(
  field: Locator,
  keyboard: Locator,
  digits: string,
  onKeyboard?: () => Promise<void>,
): Promise<void> {
  await field.click();
  await expectSettled(keyboard);
  await onKeyboard?.();
  for (const digit of digits) {
    // Playwright waits for the key to stand still, so the keyboard's slide-in needs no fixed sleep
    await keyboard.locator('.adm-number-keyboard-key-number', { hasText: new RegExp(`^${digit}$`) }).click();
  }
  const dots = field.locator('.adm-passcode-input-cell-dot');
  const deadline = Date.now() + 5000;
  while ((await dots.count()) !== digits.length) {
    if (Date.now() > deadline) fail(`the passcode field shows ${await dots.count()} of ${digits.length} digits`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits for a new message in the outbox (newer than `afterId`) and returns its code. */
async function newCode(api: Api, account: string, afterId: number): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [latest] = await api.outbox(account);
    if (latest && latest.id > afterId && latest.code) return latest.code;
    if (Date.now() > deadline) fail(`no new code in the outbox of ${account}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** A figure as digits: "$1,234.50" → "1234.50". */
function digits(text: string | null): string {
  return (text ?? '').replace(/[^\d.-]/g, '');
}

async function signedInPage(j: Parameters<JourneyFn>[0], user: TestUser): Promise<Page> {
  const page = await j.page();
  await signIn(page, user);
  return page;
}

/** Money journeys: each a rule about balances, checked through what the user and the operator see. */
export const moneyJourneys: Record<string, JourneyFn> = {
  'money: buy, accrue, collect': async (j) => {
    try {
      await j.api.setClock(FRIDAY_10_LAGOS);
      const user = await j.api.createUser(uniqueAccount('collect'));

      // The operator tops the user up in the back office: Users → Details → Adjust the recharge wallet.
      const admin = await j.page('desktop');
      await adminSignIn(admin);
      await admin.getByTestId('nav-users').click();
      await expectPath(admin, '/admin/users');
      await admin.getByTestId('users-search').fill(user.account);
      await admin.getByTestId('users-search').press('Enter');
      const row = admin.getByTestId('user-row').filter({ hasText: user.account });
      await row.getByTestId('user-details').click();
      await expectPath(admin, `/admin/users/${user.id}`);
      await admin.getByTestId('adjust-wallet').getByText('Recharge').click();
      await admin.getByTestId('adjust-amount').fill('500');
      await admin.getByTestId('adjust-reason').fill('E2E top-up for a purchase');
      await admin.getByTestId('adjust-submit').click();
      await admin.getByTestId('adjust-confirm').click();
      await expectText(admin.getByTestId('adjust-new-balance'), '500.00');
      await expectText(admin.getByTestId('balance-deposit'), '500.00');
      await admin.getByTestId('adjust-confirm').waitFor({ state: 'detached' });
      await j.shot(admin, 'adjusted');
      const topped = await j.api.bill(user.token);
      if (topped.rechargeBalance !== '500.00') fail(`after the adjustment /bill shows ${topped.rechargeBalance}`);

      // The user buys an hourly machine with the recharge balance.
      const page = await signedInPage(j, user);
      await openTab(page, 'product', '/product/list');
      await page.getByTestId('product-tab-hour').click();
      const card = page.locator('[data-testid^="product-card-"]').filter({ hasText: 'Starter Miner' });
      await expectText(card, '50.00');
      await card.click();
      await expectPath(page, '/product/info');
      await page.getByTestId('product-buy').click();
      await expectText(page.getByTestId('purchase-balance'), '500.00');
      await expectSettled(page.getByTestId('purchase-confirm'));
      await j.shot(page, 'purchase');
      await page.getByTestId('purchase-confirm').click();
      await expectPath(page, '/product/myProduct');
      const holdings = await j.api.call(api.products.holdings, { status: 'holding' }, { token: user.token });
      const holding = holdings.items.find((h) => h.productName === 'Starter Miner') ?? fail('no Starter Miner holding');
      await page.getByTestId(`holding-${holding.id}`).waitFor();
      const bought = await j.api.bill(user.token);
      if (bought.rechargeBalance !== '450.00')
        fail(`after buying for 50.00 the recharge balance is ${bought.rechargeBalance}`);
      await page.goto('/wallet/info');
      await expectText(page.getByTestId('bill-rechargeBalance'), '450.00');

      // A day later (Saturday) 24 hours have accrued, but collecting is refused at the weekend.
      await j.api.advanceClock(24 * 3600);
      await j.api.runJob('accrual');
      await page.goto('/product/myProduct');
      await expectText(page.getByTestId(`holding-uncollected-${holding.id}`), '2.40');
      await page.getByTestId('collect-all').click();
      await expectToast(page, 'Weekend cannot collect');
      await j.shot(page, 'weekend');
      const weekend = await j.api.bill(user.token);
      if (weekend.incomeBalance !== '0.00') fail(`a refused collection moved ${weekend.incomeBalance} to income`);

      // On Monday the income is collected into the income wallet.
      await j.api.setClock(MONDAY_11_LAGOS);
      await j.api.runJob('accrual');
      await page.reload();
      const uncollected = page.getByTestId(`holding-uncollected-${holding.id}`);
      await expectText(uncollected, /[1-9]/);
      const amount = digits(await uncollected.textContent());
      if (Number(amount) <= 2.4) fail(`on Monday only ${amount} is uncollected, expected more than Saturday's 2.40`);
      await page.getByTestId('collect-all').click();
      await expectToast(page, `Collected`);
      await expectToast(page, amount);
      await expectText(uncollected, '0.00').catch(() => undefined); // the collect button then disappears
      await j.shot(page, 'collected');

      await page.goto('/wallet/info');
      const bill = await j.api.bill(user.token);
      if (bill.incomeBalance !== amount) fail(`/bill shows income ${bill.incomeBalance}, collected ${amount}`);
      await expectText(page.getByTestId('bill-incomeBalance'), amount);
      await page.getByTestId('link-profit-records').click();
      await expectPath(page, '/wallet/profitRecord');
      // Accrual credits product profit (one row per accrual run: Saturday's 24 hours, then Monday's): together the collected amount.
      const profit = page.locator('[data-testid="record-row"][data-type="product_profit"]');
      await expectText(profit.first(), 'Product profit');
      await expectText(profit.first().getByTestId('record-amount'), /^\+/);
      await expectText(profit.last().getByTestId('record-amount'), '2.40');
      const amounts = await profit.getByTestId('record-amount').allTextContents();
      const total = amounts.reduce((sum, text) => sum + Math.round(Number(digits(text)) * 100), 0);
      if (total !== Math.round(Number(amount) * 100))
        fail(`the product-profit rows (${amounts.join(', ')}) do not add up to the collected ${amount}`);
      await j.shot(page, 'income-records');
    } finally {
      await realTime(j.api);
    }
  },

  'money: top up through the sandbox': async (j) => {
    await realTime(j.api);
    const user = await j.api.createUser(uniqueAccount('topup'));
    const before = await j.api.bill(user.token);
    const page = await signedInPage(j, user);
    await openTab(page, 'wallet', '/wallet/info');
    await expectText(page.getByTestId('bill-rechargeBalance'), before.rechargeBalance);
    await page.getByTestId('wallet-deposit').click();
    await expectPath(page, '/wallet/deposit');
    await page.getByTestId('deposit-method-sandbox').click();
    await page.getByTestId('deposit-amount').fill('120');
    await j.shot(page, 'form');
    await page.getByTestId('deposit-submit').click();
    await page
      .waitForURL(/\/sandbox\/pay\//, { timeout: 10_000 })
      .catch(() => fail(`expected the sandbox pay page, still on ${page.url()}`));
    await expectText(page.getByTestId('sandbox-amount'), '120.00');
    await j.shot(page, 'sandbox');
    await page.getByTestId('sandbox-approve').click();
    await expectPath(page, '/wallet/depositStatus');
    const status = page.getByTestId('deposit-status');
    await page
      .locator('[data-testid="deposit-status"][data-status="succeeded"]')
      .waitFor({ timeout: 15_000 })
      .catch(async () => fail(`the deposit status is ${await status.getAttribute('data-status')}, not succeeded`));
    await expectText(status, '120.00');
    const after = await j.api.bill(user.token);
    const expected = (Number(before.rechargeBalance) + 120).toFixed(2);
    if (after.rechargeBalance !== expected) fail(`/bill shows recharge ${after.rechargeBalance}, expected ${expected}`);
    await expectText(page.getByTestId('deposit-new-balance'), expected);
    await j.shot(page, 'status');
    await page.getByTestId('deposit-back-wallet').click();
    await expectPath(page, '/wallet/info');
    await expectText(page.getByTestId('bill-rechargeBalance'), expected);
    await j.shot(page, 'wallet');
  },

  'money: withdraw and pay': async (j) => {
    try {
      await j.api.setClock(MONDAY_11_LAGOS);
      const user = await j.api.createUser(uniqueAccount('withdraw'));
      await j.api.adjust(user.id, 'income', '300.00', 'E2E income for a withdrawal');
      const page = await signedInPage(j, user);

      // The payment password, with a code from the outbox.
      await page.goto('/mine/payPassword');
      const [previous] = await j.api.outbox(user.account);
      await page.getByTestId('pay-send-code').click();
      const code = await newCode(j.api, user.account, previous?.id ?? 0);
      await page.getByTestId('pay-code').fill(code);
      await typePasscode(page.getByTestId('pay-password'), page.getByTestId('pay-password-keyboard'), PAY_PASSWORD);
      await typePasscode(
        page.getByTestId('pay-password-repeat'),
        page.getByTestId('pay-password-repeat-keyboard'),
        PAY_PASSWORD,
      );
      await j.shot(page, 'pay-password');
      await page.getByTestId('pay-password-submit').click();
      await expectPath(page, '/mine/info');

      // A bank account: pending until the operator approves it (approval is required by default).
      await page.goto('/wallet/mobileMoney');
      await page.getByTestId('account-add').click();
      await expectPath(page, '/wallet/mobileMoneyUpdate');
      await page.getByTestId('account-type-bank').click();
      await page.getByTestId('account-holder').fill('Ada Obi');
      await page.getByTestId('account-number').fill('0123456789');
      const bank = page.getByTestId('account-bank');
      const bankName = await bank.locator('option').nth(1).textContent();
      if (!bankName) fail('the bank picker lists no bank');
      await bank.selectOption({ label: bankName });
      await j.shot(page, 'account');
      await page.getByTestId('account-save').click();
      await expectPath(page, '/wallet/mobileMoney');
      const accountRow = page.locator('[data-testid^="account-row-"]').filter({ hasText: bankName });
      await expectText(accountRow.getByTestId('account-status'), 'Pending approval');
      const [saved] = await j.api.call(api.cash.payoutAccounts, {}, { token: user.token });
      if (!saved) fail('the saved account is not listed');
      await j.api.call(
        adminApi.cash.approvePayoutAccount,
        {},
        { token: await j.api.adminLogin(), params: { id: saved.id } },
      );
      await page.reload();
      await expectText(accountRow.getByTestId('account-status'), 'Approved');
      await expectText(accountRow, '6789');

      // Withdraw 200: the fee and the net amount are shown before the payment password.
      await page.goto('/wallet/info');
      await page.getByTestId('wallet-withdraw').click();
      await expectPath(page, '/wallet/withdraw');
      await expectText(page.getByTestId('withdraw-balance'), '300.00');
      await expectText(page.getByTestId('withdraw-account'), '6789');
      await page.getByTestId('withdraw-amount').fill('200');
      const quote = await j.api.call(api.cash.withdrawQuote, { amount: '200' }, { token: user.token });
      await expectText(page.getByTestId('withdraw-fee'), quote.fee);
      await expectText(page.getByTestId('withdraw-net'), quote.net);
      if (Number(quote.fee) + Number(quote.net) !== 200) fail(`fee ${quote.fee} + net ${quote.net} is not 200`);
      await j.shot(page, 'quote');
      await page.getByTestId('withdraw-submit').click();
      await expectSettled(page.getByTestId('withdraw-sheet'));
      await j.shot(page, 'sheet');
      await typePasscode(
        page.getByTestId('withdraw-paypassword'),
        page.getByTestId('withdraw-paypassword-keyboard'),
        PAY_PASSWORD,
        () => j.shot(page, 'sheet-keyboard'),
      );
      await page.getByTestId('withdraw-paypassword-keyboard').waitFor({ state: 'hidden' });
      await expectSettled(page.getByTestId('withdraw-confirm'));
      await j.shot(page, 'sheet-filled');
      await page.getByTestId('withdraw-confirm').click();
      await expectPath(page, '/wallet/withdrawRecord');
      const record = page.getByTestId('withdrawal-row').first();
      await expectText(record.getByTestId('withdrawal-status'), 'Pending review');
      await expectText(record, '200.00');
      const orderNo = (await record.getByTestId('withdrawal-order').textContent()) ?? '';
      if (!orderNo) fail('the withdrawal record shows no order number');
      const held = await j.api.bill(user.token);
      if (held.incomeBalance !== '100.00')
        fail(`after withdrawing 200 of 300 the income balance is ${held.incomeBalance}`);
      await j.shot(page, 'pending');
      const mine = await j.api.call(api.cash.withdrawals, {}, { token: user.token });
      const id = mine.items.find((w) => w.orderNo === orderNo)?.id ?? fail(`no withdrawal ${orderNo} in the API`);

      // The operator approves it, then pays it through the gateway.
      const admin = await j.page('desktop');
      await adminSignIn(admin);
      await admin.getByTestId('nav-withdrawals').click();
      await expectPath(admin, '/admin/withdrawals');
      await expectText(admin.getByTestId('withdrawal-row').filter({ hasText: orderNo }), 'Pending review');
      await j.shot(admin, 'review-queue');
      await admin.getByTestId(`withdrawal-approve-${id}`).click();
      // As for paying below: a click while the dialog still zooms in can miss its button (seen in CI).
      await expectSettled(admin.getByTestId('confirm-action'));
      await admin.getByTestId('confirm-action').click();
      await admin.getByTestId(`withdrawal-approve-${id}`).waitFor({ state: 'detached' });
      await admin.getByTestId('tab-pending_payment').click();
      await admin.getByTestId(`withdrawal-pay-${id}`).click();
      await expectVisible(admin, 'The net amount is sent to the payee now.');
      await expectSettled(admin.getByTestId('confirm-action'));
      await j.shot(admin, 'pay-confirm');
      await admin.getByTestId('confirm-action').click();
      await admin.getByTestId(`withdrawal-pay-${id}`).waitFor({ state: 'detached' });
      await admin.getByTestId('tab-paid').click();
      await expectText(admin.getByTestId('withdrawal-row').filter({ hasText: orderNo }), 'Paid');
      await j.shot(admin, 'paid');

      // Back in the app the record shows it paid, with the payment time.
      await page.reload();
      await expectText(record.getByTestId('withdrawal-status'), 'Paid');
      const paidAt = record.locator('.kv-row').filter({ hasText: 'Payment time' }).locator('.kv-value');
      await expectText(paidAt, /\d/);
      await j.shot(page, 'paid');
      const paid = await j.api.bill(user.token);
      if (paid.incomeBalance !== '100.00') fail(`after the payment the income balance is ${paid.incomeBalance}`);
    } finally {
      await realTime(j.api);
    }
  },
};
