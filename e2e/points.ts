import { adminApi, api } from '@app/contracts';
import { createCampaign, givePoints } from './draws.ts';
import { adminSignIn, type JourneyFn, openTab, signIn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import {
  expectCount,
  expectFitsWidth,
  expectPath,
  expectText,
  expectToast,
  expectVisible,
  fail,
} from './lib/harness.ts';

/** Far enough that no journey's clock moves past it. */
const FAR_FUTURE = '2099-01-01T00:00:00.000Z';

/** Journeys of redeem codes, coupons and the address book (issue 13), each checked through what the user and the operator see. */
export const pointsJourneys: Record<string, JourneyFn> = {
  'points: redeem a code for cash, and the operator sees its use and adjusts points': async (j) => {
    const token = await j.api.adminLogin();
    const batch = await j.api.call(
      adminApi.redeem.generate,
      { count: 2, reward: { kind: 'cash', amount: '5.00' }, usesPerCode: 1, expiresAt: FAR_FUTURE },
      { token },
    );
    const code = batch.codes[0] ?? fail('the batch has no code');
    const user = await j.api.createUser(uniqueAccount('redeem'));
    const page = await j.page();
    await signIn(page, user);
    await openTab(page, 'mine', '/mine/info');
    await page.getByTestId('mine-redeem').click();
    await expectPath(page, '/mine/redeem');
    await page.getByTestId('redeem-submit').click();
    await expectText(page.getByTestId('redeem-error'), 'Enter a code.');
    await page.getByTestId('redeem-code').fill('NOT-A-CODE');
    await page.getByTestId('redeem-submit').click();
    await expectText(page.getByTestId('redeem-error'), 'This code is not valid or can no longer be used.');
    await j.shot(page, 'refused');
    await page.getByTestId('redeem-code').fill(` ${code} `);
    await page.getByTestId('redeem-submit').click();
    await expectText(page.getByTestId('redeem-reward'), '$5.00 was added to your income balance.');
    await j.shot(page, 'redeemed');
    const bill = await j.api.bill(user.token);
    if (bill.incomeBalance !== '5.00') fail(`the income balance is ${bill.incomeBalance}, not 5.00`);
    await page.getByTestId('redeem-another').click();
    await page.getByTestId('redeem-code').fill(code);
    await page.getByTestId('redeem-submit').click();
    await expectText(page.getByTestId('redeem-error'), 'You have already used this code.');

    // The operator finds the batch with one redemption, opens its codes, then gives the user points.
    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.getByTestId('nav-redeem-codes').click();
    await expectPath(admin, '/admin/redeem-codes');
    const row = admin.getByTestId('redeem-batch-row').filter({ hasText: `#${batch.batchId}` });
    await expectText(row, '1 of 2');
    await j.shot(admin, 'batches');
    await row.getByTestId(`redeem-batch-codes-${batch.batchId}`).click();
    await expectPath(admin, `/admin/redeem-codes/${batch.batchId}`);
    await expectCount(admin.getByTestId('redeem-code-row'), 2);
    await expectText(admin.getByTestId('redeem-code-row').filter({ hasText: code.slice(-4) }), '1 / 1');
    await admin.getByTestId(`redeem-batch-${batch.batchId}-export`).click();
    await expectVisible(admin, 'Exported 2 rows.');
    await j.shot(admin, 'batch-codes');

    await admin.goto(`/admin/users/${user.id}`);
    await admin.getByTestId('adjust-wallet').getByText('Points').click();
    await admin.getByTestId('adjust-amount').fill('1.5');
    await admin.getByTestId('adjust-reason').fill('E2E points for a draw');
    await admin.getByTestId('adjust-submit').click();
    await expectText(admin.getByText('Points are whole: enter a number such as 25.'), 'Points are whole');
    await admin.getByTestId('adjust-amount').fill('120');
    await admin.getByTestId('adjust-submit').click();
    await admin.getByTestId('adjust-confirm').click();
    await expectText(admin.getByTestId('adjust-result'), 'Points increased by 120');
    await admin.getByTestId('adjust-confirm').waitFor({ state: 'detached' });
    await j.shot(admin, 'points-adjusted');
    const after = await j.api.bill(user.token);
    if (Number(after.points) !== 120) fail(`the points balance is ${after.points}, not 120`);

    // A batch of coupon codes made in the screen: its codes are shown once, to download.
    await admin.getByTestId('nav-redeem-codes').click();
    await admin.getByTestId('redeem-new').click();
    await admin.getByTestId('redeem-kind').getByText('Coupon (amount off)').click();
    await admin.getByTestId('redeem-generate-confirm').click();
    await expectVisible(admin, 'Please enter Coupon name in English.');
    await expectVisible(admin, 'Choose when it expires.');
    await admin.getByTestId('redeem-coupon-name-en').fill('E2E welcome');
    await admin.getByTestId('redeem-coupon-name-vi').fill('E2E chào mừng');
    await admin.getByTestId('redeem-amount').fill('7.50');
    await admin.locator('#redeem-expires').fill('2099-01-01 00:00:00');
    await admin.locator('#redeem-expires').press('Enter');
    await j.shot(admin, 'new-batch');
    await admin.getByTestId('redeem-generate-confirm').click();
    await expectVisible(admin, '10 codes generated');
    const shown = (await admin.getByTestId('redeem-generated-codes').textContent()) ?? '';
    const couponCode = shown.split(/\s+/).find(Boolean) ?? fail('no code is shown');
    await j.shot(admin, 'generated');
    const redeemed = await j.api.call(api.redeem.redeem, { code: couponCode }, { token: user.token });
    if (redeemed.reward.kind !== 'coupon' || redeemed.reward.amount !== '7.50')
      fail(`the code gave ${JSON.stringify(redeemed.reward)}`);
  },

  'points: a purchase with a coupon pays less and uses the coupon': async (j) => {
    const user = await j.api.createUser(uniqueAccount('coupon'));
    await j.api.adjust(user.id, 'deposit', '100.00', 'e2e: money for a purchase with a coupon');
    // The operator issues the coupon in the back office: Coupons → Issue coupons.
    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.getByTestId('nav-coupons').click();
    await expectPath(admin, '/admin/coupons');
    await admin.getByTestId('coupon-issue').click();
    await admin.getByTestId('coupon-issue-confirm').click();
    await expectVisible(admin, 'Pick at least one user.');
    await expectVisible(admin, 'Please enter Name in English.');
    // The operator finds the user by their account and picks them with the keyboard.
    await admin.locator('#coupon-users').fill(user.account);
    await expectVisible(admin, `${user.account} · `);
    await admin.locator('#coupon-users').press('Enter');
    await expectText(admin.locator('.ant-select-selection-item-content'), `${user.account} (#${user.id})`);
    await admin.getByTestId('coupon-name-en').fill('E2E ten off');
    await admin.getByTestId('coupon-name-zh').fill('E2E 减十元');
    await admin.getByTestId('coupon-amount').fill('10.00');
    await admin.getByTestId('coupon-min-spend').fill('20');
    await admin.locator('#coupon-expires').fill('2099-01-01 00:00:00');
    await admin.locator('#coupon-expires').press('Enter');
    await admin.getByTestId('coupon-issue-confirm').click();
    await expectVisible(admin, 'Issued 1 coupon.');
    await expectText(admin.getByTestId('coupon-row').filter({ hasText: 'E2E ten off' }), 'Unused');
    await j.shot(admin, 'issued');
    await j.api.call(
      adminApi.coupons.issue,
      {
        userIds: [user.id],
        name: { en: 'E2E big spender' },
        kind: 'amount_off',
        amount: '30.00',
        minSpend: '1000',
        expiresAt: FAR_FUTURE,
      },
      { token: await j.api.adminLogin() },
    );
    const page = await j.page('mobile', { width: 320, height: 700 });
    await signIn(page, user);
    await openTab(page, 'mine', '/mine/info');
    await page.getByTestId('mine-coupons').click();
    await expectPath(page, '/mine/coupons');
    await expectCount(page.getByTestId('coupon'), 2);
    await expectText(page.getByTestId('coupon').filter({ hasText: 'E2E ten off' }), 'On orders from $20.00');
    await j.shot(page, 'coupons');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) fail(`my coupons are ${width} px wide at 320 px`);
    await page.getByTestId('coupons-tab-used').click();
    await expectText(page.getByTestId('list-empty'), 'No coupon used yet');

    await page.goBack();
    await openTab(page, 'product', '/product/list');
    await page.getByTestId('product-tab-hour').click();
    await page.locator('[data-testid^="product-card-"]').filter({ hasText: 'Starter Miner' }).click();
    await expectPath(page, '/product/info');
    await page.getByTestId('product-buy').click();
    await expectText(page.getByTestId('purchase-balance'), '100.00');
    // the coupon whose minimum the order does not meet is not offered
    await expectCount(page.locator('[data-testid^="purchase-coupon-"]'), 2);
    await expectText(page.getByTestId('purchase-to-pay'), '$50.00');
    const ten = page.locator('[data-testid^="purchase-coupon-"]').filter({ hasText: 'E2E ten off' });
    await ten.click();
    await expectText(page.getByTestId('purchase-to-pay'), '$40.00');
    await j.shot(page, 'purchase-with-coupon');
    await page.getByTestId('purchase-confirm').click();
    await expectPath(page, '/product/myProduct');
    const bill = await j.api.bill(user.token);
    if (bill.rechargeBalance !== '60.00') fail(`the recharge balance is ${bill.rechargeBalance}, not 60.00`);
    const used = await j.api.call(api.coupons.list, { status: 'used' }, { token: user.token });
    if (used.items.map((c) => c.name).join() !== 'E2E ten off') fail('the coupon is not used');

    await page.goto('/mine/coupons');
    await page.getByTestId('coupons-tab-used').click();
    await expectText(page.getByTestId('coupon'), 'E2E ten off');
  },

  'points: add an address, make another the default, and choose one for a prize': async (j) => {
    const user = await j.api.createUser(uniqueAccount('address'));
    const page = await j.page('mobile', { width: 320, height: 700 });
    await signIn(page, user);
    await openTab(page, 'mine', '/mine/info');
    await page.getByTestId('mine-address').click();
    await expectPath(page, '/pagesB/wallet/myAddress');
    await expectText(page.getByTestId('address-empty'), 'No address yet');
    await page.getByTestId('address-add').click();
    await page.getByTestId('address-firstName').fill('Ada');
    await page.getByTestId('address-email').fill('ada@');
    await page.getByTestId('address-save').click();
    await expectText(page.getByTestId('address-lastName-error'), 'Please enter Last name.');
    await expectText(page.getByTestId('address-email-error'), 'Email address invalid.');
    await expectText(page.getByTestId('address-postalCode-error'), 'Please enter Postal code.');
    await j.shot(page, 'address-errors');
    await page.getByTestId('address-lastName').fill('Lovelace');
    await page.getByTestId('address-phone').fill('08012345678');
    await page.getByTestId('address-email').fill('ada@example.com');
    await page.getByTestId('address-region').fill('Lagos');
    await page.getByTestId('address-city').fill('Ikeja');
    await page.getByTestId('address-postalCode').fill('100001');
    await page.getByTestId('address-detail').fill('12 Allen Avenue');
    await page.getByTestId('address-save').click();
    await expectToast(page, 'Address saved');
    await expectCount(page.locator('[data-testid^="address-row-"]'), 1);
    await expectText(page.getByTestId('address-default'), 'Default');

    await j.api.call(
      api.addresses.create,
      {
        firstName: 'Grace',
        lastName: 'Hopper',
        phone: '08087654321',
        region: 'Abuja',
        city: 'Garki',
        postalCode: '900001',
        detail: '3 Aso Drive',
      },
      { token: user.token },
    );
    await page.reload();
    await expectCount(page.locator('[data-testid^="address-row-"]'), 2);
    const grace = page.locator('[data-testid^="address-row-"]').filter({ hasText: 'Grace' });
    await grace.locator('[data-testid^="address-set-default-"]').click();
    await expectToast(page, 'Default address changed');
    await expectText(page.locator('[data-testid^="address-row-"]').first(), 'Grace Hopper');
    await expectText(page.locator('[data-testid^="address-row-"]').first().getByTestId('address-default'), 'Default');
    await j.shot(page, 'addresses');
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > 320) fail(`my address is ${width} px wide at 320 px`);

    const list = await j.api.call(api.addresses.list, {}, { token: user.token });
    const ada = list.find((a) => a.firstName === 'Ada') ?? fail('Ada is not listed');
    await page.goto(`/pagesB/wallet/myAddress?select=1&returnTo=${encodeURIComponent('/mine/info?tab=prize')}`);
    await page.getByTestId(`address-choose-${ada.id}`).click();
    await expectPath(page, '/mine/info');
    const search = new URL(page.url()).searchParams;
    if (search.get('addressId') !== String(ada.id) || search.get('tab') !== 'prize')
      fail(`the chooser returned to ${page.url()}`);

    await page.goto('/pagesB/wallet/myAddress');
    await page.locator(`[data-testid="address-delete-${ada.id}"]`).click();
    await page.getByTestId('address-delete-confirm').click();
    await expectToast(page, 'Address deleted');
    await expectCount(page.locator('[data-testid^="address-row-"]'), 1);
  },

  'points: every points screen fits 320 and 390 px wide, loaded, without sideways scroll': async (j) => {
    const kinds = ['turntable', 'grid', 'capsule', 'window'] as const;
    const campaigns = new Map<string, number>();
    for (const kind of kinds) {
      campaigns.set(
        kind,
        await createCampaign(j, kind, `E2E ${kind}, a long name for a narrow phone`, [
          { name: { en: 'A pair of wireless headphones' }, kind: 'goods', weight: 1, stock: 10 },
          { name: { en: 'Try again' }, kind: 'nothing', weight: 0 },
        ]),
      );
    }
    const admin = await j.api.adminLogin();
    for (const kind of ['anniversary', 'conference'] as const) {
      await j.api.call(
        adminApi.events.create,
        {
          kind,
          title: { en: `E2E ${kind} for every member of the team, with a long title` },
          body: { en: 'Doors open at ten. Bring your invitation and a friend; seats go to the first who sign up.' },
          startsAt: '2020-01-01T00:00:00.000Z',
          endsAt: FAR_FUTURE,
          capacity: 100,
          status: 'on',
          reward: { kind: 'points', amount: '25' },
        },
        { token: admin },
      );
    }
    const user = await j.api.createUser(uniqueAccount('layout'));
    await givePoints(j.api, user, '300');
    const { recordId } = await j.api.call(
      api.draws.draw,
      {},
      { token: user.token, params: { id: campaigns.get('turntable') as number } },
    );
    await j.api.call(
      api.addresses.create,
      {
        firstName: 'Oluwaseun',
        lastName: 'Adebayo-Williams',
        phone: '08012345678',
        email: 'oluwaseun.adebayo-williams@example.com',
        region: 'Federal Capital Territory',
        city: 'Abuja',
        postalCode: '900001',
        detail: 'Flat 12, Block C, Aminu Kano Crescent, Wuse II, behind the big shopping centre',
        isDefault: true,
      },
      { token: user.token },
    );
    await j.api.call(
      adminApi.coupons.issue,
      {
        userIds: [user.id],
        name: { en: 'E2E welcome coupon for the first machine of the season' },
        kind: 'amount_off',
        amount: '12.50',
        minSpend: '100',
        expiresAt: FAR_FUTURE,
      },
      { token: admin },
    );
    const screens: [string, string][] = [
      ...kinds.map((kind): [string, string] => [`draw-${kind}`, `/pagesB/draw/${kind}?id=${campaigns.get(kind)}`]),
      ['draw-records', '/pagesB/mine/drawRecord'],
      ['draw-record-detail', `/pagesB/mine/drawRecordDetail?id=${recordId}`],
      ['my-address', '/pagesB/wallet/myAddress'],
      ['redeem', '/mine/redeem'],
      ['coupons', '/mine/coupons'],
      ['anniversary', '/pagesB/mine/anniversaire'],
      ['conference', '/pagesB/mine/conference'],
      ['statistics', '/pagesB/mine/statistics'],
      ['contact', '/contactUs/info'],
    ];
    for (const width of [320, 390]) {
      const page = await j.page('mobile', { width, height: 700 });
      await signIn(page, user);
      for (const [name, path] of screens) {
        await page.goto(path);
        await page.waitForLoadState('networkidle');
        await expectCount(page.locator('.adm-skeleton, [aria-busy="true"]'), 0);
        // The service tab fades into the edge a second after the page opens; scrolled to the end, as a user reads.
        await page.waitForSelector('[data-testid="service-button"].faded', { state: 'attached' });
        await page.evaluate(() => {
          for (const el of Array.from(document.querySelectorAll('.page-body, html'))) el.scrollTop = el.scrollHeight;
        });
        await expectFitsWidth(page, name);
        await j.shot(page, `${name}-${width}`);
      }
    }
  },
};
