import { adminApi, api, LANGUAGES, type StatementLine, type StatementWallet } from '@app/contracts';
import type { Page } from 'playwright-core';
import { createCampaign, givePoints } from './draws.ts';
import { type JourneyFn, openTab, pickLanguage, signIn } from './journeys.ts';
import { type Api, type TestUser, uniqueAccount } from './lib/api.ts';
import { expectFitsWidth, expectPath, expectSettled, expectText, fail, type Journey } from './lib/harness.ts';

/** Monday 11:00 in Lagos: inside the withdrawal hours (Mon–Fri 09:00–17:00). */
const MONDAY_11_LAGOS = '2026-11-30T10:00:00Z';
const FAR_FUTURE = '2099-01-01T00:00:00.000Z';
const PAY_PASSWORD = '246810';
const WALLETS: StatementWallet[] = ['deposit', 'income', 'points'];
const BILL_FIELD = { deposit: 'rechargeBalance', income: 'incomeBalance', points: 'points' } as const;

/** A figure as digits: "$1,234.50" → "1234.50", "Balance 15" → "15". */
function digits(text: string | null): string {
  return (text ?? '').replace(/[^\d.-]/g, '');
}

/** Every digit of a figure, whatever the language's separators: "1 234,50 $" → "123450". */
function onlyDigits(text: string | null): string {
  return (text ?? '').replace(/\D/g, '');
}

/** The whole statement of a wallet through the API, newest first. */
async function statementOf(apiClient: Api, user: TestUser, wallet: StatementWallet): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  let cursor: string | undefined;
  do {
    const page = await apiClient.call(api.wallet.statement, { wallet, cursor, limit: 50 }, { token: user.token });
    lines.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return lines;
}

/** Tops the recharge wallet up through the payment page, as the user does. */
async function topUp(page: Page, amount: string): Promise<void> {
  await openTab(page, 'wallet', '/wallet/info');
  await page.getByTestId('wallet-deposit').click();
  await expectPath(page, '/wallet/deposit');
  await page.getByTestId('deposit-method-sandbox').click();
  await page.getByTestId('deposit-amount').fill(amount);
  await page.getByTestId('deposit-submit').click();
  await page
    .waitForURL(/\/sandbox\/pay\//, { timeout: 10_000 })
    .catch(() => fail(`expected the sandbox pay page, still on ${page.url()}`));
  await page.getByTestId('sandbox-approve').click();
  await page.locator('[data-testid="deposit-status"][data-status="succeeded"]').waitFor({ timeout: 15_000 });
}

/** A payment password and an approved bank account: what a withdrawal asks for. */
async function readyToWithdraw(j: Journey, user: TestUser): Promise<number> {
  await j.api.call(api.user.sendCode, { account: user.account, purpose: 'payPassword' });
  const code = await j.api.lastCode(user.account);
  await j.api.call(api.user.setPayPassword, { code, payPassword: PAY_PASSWORD }, { token: user.token });
  const account = await j.api.call(
    api.cash.addPayoutAccount,
    { type: 'bank', holderName: 'Ada Obi', accountNumber: '0123456789', bankName: 'GTBank' },
    { token: user.token },
  );
  await j.api.call(
    adminApi.cash.approvePayoutAccount,
    {},
    { token: await j.api.adminLogin(), params: { id: account.id } },
  );
  return account.id;
}

/**
 * The statement screen of `wallet`: its newest line's balance after is the bill's balance, the
 * balance shown above the list too, and every source the journey expects is listed.
 */
async function expectStatement(page: Page, wallet: StatementWallet, balance: string, sources: RegExp[]) {
  await page.getByTestId(`statement-tab-${wallet}`).click();
  await expectPath(page, '/wallet/statement');
  if (new URL(page.url()).searchParams.get('wallet') !== wallet) fail(`the ${wallet} tab shows ${page.url()}`);
  await expectText(page.getByTestId('statement-balance-now'), balance.replace(/\.00$/, ''));
  const rows = page.getByTestId('statement-row');
  await rows.first().waitFor();
  const newest = digits(await rows.first().getByTestId('statement-balance').textContent());
  if (Number(newest) !== Number(balance))
    fail(`the ${wallet} statement's last balance after is ${newest}, the bill says ${balance}`);
  for (const source of sources) await expectText(page.getByTestId('statement-list'), source);
}

/** Issue 28: every cent the user can trace, each wallet's statement ending at the bill's balance. */
export const statementJourneys: Record<string, JourneyFn> = {
  'statement: top up, buy with a coupon, SVIP, redeem, draw, withdraw and its refund, each in the statement of its wallet, in six languages':
    async (j) => {
      try {
        await j.api.setClock(MONDAY_11_LAGOS);
        const user = await j.api.createUser(uniqueAccount('statement'));
        const admin = await j.api.adminLogin();
        const page = await j.page();
        await signIn(page, user);

        // The user tops up through the payment page; the operator adds what the level costs, with a reason.
        await topUp(page, '120');
        const svip =
          (await j.api.call(api.vip.levels, {}, { token: user.token })).find(
            (level) => level.kind === 'svip' && level.price !== null,
          ) ?? fail('no SVIP level has a price');
        const [product] = (await j.api.call(api.products.list, {})).sort((a, b) => Number(a.price) - Number(b.price));
        if (!product) fail('no product is on sale');
        const needed = (Number(svip.price) + Number(product.price)).toFixed(2);
        await j.api.adjust(user.id, 'deposit', needed, 'Transfer received by hand');

        // A purchase with a coupon of 5.00 off: the line names the order, what was paid and the discount.
        await j.api.call(
          adminApi.coupons.issue,
          {
            userIds: [user.id],
            name: { en: 'Statement five off' },
            kind: 'amount_off',
            amount: '5.00',
            expiresAt: FAR_FUTURE,
          },
          { token: admin },
        );
        const coupon =
          (await j.api.call(api.coupons.list, { status: 'unused' }, { token: user.token })).items[0] ??
          fail('the coupon was not issued');
        const { order } = await j.api.call(
          api.products.purchase,
          { productId: product.id, quantity: 1, wallet: 'deposit', couponId: coupon.id },
          { token: user.token },
        );
        if (Number(order.discount) !== 5 || Number(order.paid) !== Number(order.amount) - 5)
          fail(`the order is ${order.amount} less ${order.discount}, paid ${order.paid}`);

        await j.api.call(api.vip.activate, { level: svip.level }, { token: user.token });

        const { codes } = await j.api.call(
          adminApi.redeem.generate,
          { count: 1, reward: { kind: 'cash', amount: '5.00' }, usesPerCode: 1, expiresAt: FAR_FUTURE },
          { token: admin },
        );
        const code = codes[0] ?? fail('no redeem code was generated');
        await j.api.call(api.redeem.redeem, { code }, { token: user.token });

        const campaign = await createCampaign(j, 'turntable', 'Statement wheel', [
          { name: { en: 'Ten in cash' }, kind: 'cash', amount: '10.00', weight: 1 },
        ]);
        await givePoints(j.api, user, '40');
        await j.api.call(api.draws.draw, {}, { token: user.token, params: { id: campaign } });

        // A withdrawal of 200 the operator rejects: the income wallet gets it back, with the reason.
        await j.api.adjust(user.id, 'income', '300.00', 'Compensation for the outage');
        const accountId = await readyToWithdraw(j, user);
        const withdrawal = await j.api.call(
          api.cash.withdraw,
          { accountId, amount: '200', payPassword: PAY_PASSWORD },
          { token: user.token },
        );
        await j.api.call(
          adminApi.cash.rejectWithdrawal,
          { reason: 'Account name does not match' },
          { token: admin, params: { id: withdrawal.id } },
        );

        const bill = await j.api.bill(user.token);
        const expected: Record<StatementWallet, RegExp[]> = {
          deposit: [
            /Top-up /,
            /Adjusted by the platform: Transfer received by hand/,
            new RegExp(`order ${order.orderNo}: \\$[\\d,.]+ paid, \\$5(\\.00)? off with a coupon`),
            new RegExp(`Activation of ${svip.name}`),
          ],
          income: [
            new RegExp(`Redeem code .*${code.slice(-4)}`),
            /Statement wheel: Ten in cash/,
            /Adjusted by the platform: Compensation for the outage/,
            new RegExp(`Withdrawal ${withdrawal.orderNo} to `),
            new RegExp(`Refund of withdrawal ${withdrawal.orderNo}: Account name does not match`),
          ],
          points: [/Adjusted by the platform: e2e: points for draws/, /A draw on Statement wheel/],
        };
        // Read from the ledger: each wallet's lines chain from zero to the bill's balance.
        for (const wallet of WALLETS) {
          const lines = await statementOf(j.api, user, wallet);
          const balance = bill[BILL_FIELD[wallet]];
          if (Number(lines[0]?.balanceAfter ?? 0) !== Number(balance))
            fail(`the ${wallet} statement ends at ${lines[0]?.balanceAfter}, the bill says ${balance}`);
          const sum = lines.reduce((total, line) => total + Number(line.amount), 0);
          if (Math.abs(sum - Number(balance)) > 0.001) fail(`the ${wallet} lines add up to ${sum}, not ${balance}`);
          const unnamed = lines.filter((line) => !line.source.trim());
          if (unnamed.length > 0) fail(`${unnamed.length} ${wallet} lines name no source`);
        }

        // The order lists what was paid and the discount; its details show the three figures.
        await page.goto('/product/orderRecord');
        await expectText(page.getByTestId(`order-${order.id}`).getByTestId('order-paid'), order.paid);
        await expectText(page.getByTestId(`order-${order.id}`).getByTestId('order-discount'), '5.00');
        await j.shot(page, 'orders');
        await page.getByTestId(`order-${order.id}`).click();
        await expectText(page.getByTestId('order-sheet-amount'), order.amount);
        await expectText(page.getByTestId('order-sheet-discount'), '5.00');
        await expectText(page.getByTestId('order-sheet-paid'), order.paid);
        await expectSettled(page.getByTestId('order-sheet'));
        await j.shot(page, 'order-details');
        await page.getByTestId('order-sheet-statement').click();
        await expectPath(page, '/wallet/statement');
        await expectText(page.getByTestId('statement-list'), order.orderNo);

        // The wallet's balance opens its statement; each tab ends at the bill.
        await page.goto('/wallet/info');
        await page.getByTestId('link-statement').click();
        await expectPath(page, '/wallet/statement');
        for (const wallet of WALLETS) {
          await expectStatement(page, wallet, bill[BILL_FIELD[wallet]], expected[wallet]);
          await expectFitsWidth(page, `the ${wallet} statement`);
          await j.shot(page, `${wallet}-en`);
        }

        // The same statement in each language: names in that language, the same balances.
        for (const language of LANGUAGES.filter((code) => code !== 'en')) {
          await page.goto('/mine/info');
          await pickLanguage(page, 'mine-language', language);
          await page.goto('/wallet/statement?wallet=deposit');
          for (const wallet of WALLETS) {
            await page.getByTestId(`statement-tab-${wallet}`).click();
            await page.getByTestId('statement-row').first().waitFor();
            const newest = await page
              .getByTestId('statement-row')
              .first()
              .getByTestId('statement-balance')
              .textContent();
            // Separators differ by language ("1 234,50 $"); the figures do not.
            if (onlyDigits(newest) !== onlyDigits(bill[BILL_FIELD[wallet]]))
              fail(`in ${language} the ${wallet} statement ends at ${newest}`);
          }
          await page.getByTestId('statement-tab-income').click();
          await expectText(page.getByTestId('statement-list'), withdrawal.orderNo);
          await expectFitsWidth(page, `the statement in ${language}`);
          await j.shot(page, `income-${language}`);
        }
      } finally {
        await j.api.setClock(new Date().toISOString());
      }
    },
};
