import { adminApi, api, type DrawCampaignInput, type DrawKind } from '@app/contracts';
import type { Page } from 'playwright-core';
import { adminSignIn, type JourneyFn, openTab, signIn } from './journeys.ts';
import { type Api, type TestUser, uniqueAccount } from './lib/api.ts';
import { expectPath, expectText, expectToast, fail, type Journey } from './lib/harness.ts';

type PrizeInput = DrawCampaignInput['prizes'][number];

/** A campaign open whatever the server clock says (other journeys move it). */
export async function createCampaign(j: Journey, kind: DrawKind, name: string, prizes: Partial<PrizeInput>[]) {
  const { id } = await j.api.call(
    adminApi.draws.createCampaign,
    {
      kind,
      name: { en: name },
      pointsPerDraw: 30,
      dailyLimit: 5,
      startsAt: '2020-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
      status: 'on',
      prizes: prizes.map((prize) => ({
        name: { en: 'Try again' },
        kind: 'nothing' as const,
        weight: 0,
        stock: null,
        ...prize,
      })) as PrizeInput[],
    },
    { token: await j.api.adminLogin() },
  );
  return id;
}

/** Points given as an operator does: a system increase of the points wallet. */
export async function givePoints(apiClient: Api, user: TestUser, points: string) {
  await apiClient.call(
    adminApi.products.adjust,
    { wallet: 'points', amount: points, reason: 'e2e: points for draws' },
    { token: await apiClient.adminLogin(), params: { id: user.id } },
  );
}

/** Starts a draw the way the screen asks: the button, or a window for the lucky window. */
async function tapDraw(page: Page, kind: DrawKind) {
  if (kind === 'window') await page.getByTestId('window-4').click();
  else await page.getByTestId('draw-start').click();
}

/**
 * One screen of each kind: the campaign opens from Home, a draw lands on the only prize that can
 * win and pays it, and the next draw, without enough points left, is refused with the server's words.
 */
function drawJourney(kind: DrawKind): JourneyFn {
  return async (j) => {
    const id = await createCampaign(j, kind, `E2E ${kind}`, [
      { name: { en: 'Five points' }, kind: 'points', amount: '5', weight: 1 },
      { name: { en: 'Try again' }, kind: 'nothing', weight: 0 },
    ]);
    const user = await j.api.createUser(uniqueAccount(`draw-${kind}`));
    await givePoints(j.api, user, '40');
    const page = await j.page();
    await signIn(page, user);
    await page.getByTestId(`draw-entry-${id}`).scrollIntoViewIfNeeded();
    await j.shot(page, 'home');
    await page.getByTestId(`draw-entry-${id}`).click();
    await expectPath(page, `/pagesB/draw/${kind}`);
    await expectText(page.getByTestId('draw-cost'), '30');
    await expectText(page.getByTestId('draw-points'), '40');
    await expectText(page.getByTestId('draw-left'), '5');
    await j.shot(page, 'ready');
    // The rest at the narrowest width the app supports: the stage follows the width it is given.
    await page.setViewportSize({ width: 320, height: 640 });
    await j.shot(page, 'narrow');

    await tapDraw(page, kind);
    await expectText(page.getByTestId('draw-result-prize'), '5 points', 15_000);
    await j.shot(page, 'won');
    await page.getByTestId('draw-again').click();
    await expectText(page.getByTestId('draw-points'), '15');
    await expectText(page.getByTestId('draw-left'), '4');

    await tapDraw(page, kind);
    await expectText(page.getByTestId('draw-error'), 'Insufficient points');
    await expectText(page.getByTestId('draw-points'), '15');
    await j.shot(page, 'insufficient');

    const bill = await j.api.bill(user.token);
    if (bill.points !== '15') throw new Error(`the user has ${bill.points} points, not 15`);
  };
}

/** The draw journeys (docs/product.md#draws). */
export const drawJourneys: Record<string, JourneyFn> = {
  'draws: the lucky turntable lands on the prize the server drew': drawJourney('turntable'),
  'draws: the nine-grid lands on the prize the server drew': drawJourney('grid'),
  'draws: the lucky capsule drops the prize the server drew': drawJourney('capsule'),
  'draws: the lucky window opens on the prize the server drew': drawJourney('window'),

  'draws: once the day’s draws are used, the next one is refused with Not enough draws': async (j) => {
    const id = await createCampaign(j, 'grid', 'E2E one a day', [
      { name: { en: 'Five points' }, kind: 'points', amount: '5', weight: 1 },
    ]);
    await j.api.call(
      adminApi.draws.updateCampaign,
      { dailyLimit: 1 },
      { token: await j.api.adminLogin(), params: { id } },
    );
    const user = await j.api.createUser(uniqueAccount('draw-limit'));
    await givePoints(j.api, user, '100');
    const page = await j.page();
    await signIn(page, user);
    await openTab(page, 'mine', '/mine/info');
    await page.getByTestId(`mine-draw-${id}`).scrollIntoViewIfNeeded();
    await j.shot(page, 'mine');
    await page.getByTestId(`mine-draw-${id}`).click();
    await expectPath(page, '/pagesB/draw/grid');
    await expectText(page.getByTestId('draw-left'), '1');
    await page.getByTestId('draw-start').click();
    await expectText(page.getByTestId('draw-result-prize'), '5 points', 15_000);
    await page.getByTestId('draw-again').click();
    await expectText(page.getByTestId('draw-left'), '0');
    await page.getByTestId('draw-start').click();
    await expectText(page.getByTestId('draw-error'), 'Not enough draws');
    await expectText(page.getByTestId('draw-points'), '75');
    await j.shot(page, 'exhausted');
  },

  'draws: a gift won is sent to the address chosen and shipped from the back office': async (j) => {
    const id = await createCampaign(j, 'turntable', 'E2E gifts', [
      { name: { en: 'Headphones' }, kind: 'goods', weight: 1, stock: 10 },
    ]);
    const user = await j.api.createUser(uniqueAccount('draw-goods'));
    await givePoints(j.api, user, '30');
    const address = await j.api.call(
      api.addresses.create,
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        phone: '0801234567',
        region: 'Lagos',
        city: 'Ikeja',
        postalCode: '100001',
        detail: '12 Allen Avenue',
      },
      { token: user.token },
    );
    const page = await j.page();
    await signIn(page, user);
    await page.goto(`/pagesB/draw/turntable?id=${id}`);
    await page.getByTestId('draw-start').click();
    await expectText(page.getByTestId('draw-result-prize'), 'Headphones', 15_000);
    await page.getByTestId('draw-view-prize').click();
    await expectPath(page, '/pagesB/mine/drawRecordDetail');
    await expectText(page.getByTestId('draw-record-status'), 'Address needed');
    await j.shot(page, 'address-needed');

    await page.getByTestId('draw-choose-address').click();
    await expectPath(page, '/pagesB/wallet/myAddress');
    await page.getByTestId(`address-choose-${address.id}`).click();
    await expectPath(page, '/pagesB/mine/drawRecordDetail');
    await expectToast(page, 'Address saved');
    await expectText(page.getByTestId('draw-detail-address'), 'Ada Lovelace');
    await expectText(page.getByTestId('draw-record-status'), 'Awaiting shipment');
    const recordUrl = page.url();

    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.goto('/admin/draws/records');
    const row = admin.getByTestId('draw-record-row').filter({ hasText: user.account });
    await row.getByRole('button', { name: 'Ship' }).click();
    await admin.getByTestId('ship-carrier').fill('DHL');
    await admin.getByTestId('ship-tracking').fill('TRACK-123');
    await admin.getByTestId('ship-tracking').press('Enter');
    await expectText(admin.locator('.ant-message'), 'marked shipped');
    await j.shot(admin, 'shipped');

    await page.goto(recordUrl);
    await expectText(page.getByTestId('draw-record-status'), 'Shipped');
    await expectText(page.getByTestId('draw-detail-tracking'), 'TRACK-123');
    await j.shot(page, 'tracking');
    await page.getByTestId('page-back').click();
    await expectPath(page, '/pagesB/mine/drawRecord');
    await expectText(page.getByTestId('draw-record-row').first(), 'Headphones');
    await j.shot(page, 'records');
  },

  'draws: an operator sets a campaign up with live odds and simulates it before switching it on': async (j) => {
    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.goto('/admin/draws');
    await admin.getByTestId('campaign-create').click();
    await admin.getByTestId('campaign-name-en').fill('E2E simulated');
    await admin.getByTestId('campaign-name-fr').fill('E2E simulé');
    const first = admin.getByTestId('prize-row-0');
    await first.getByLabel('Prize 1 name (English)').fill('Ten points');
    await first.getByLabel('Prize 1 name (Thai)').fill('สิบคะแนน');
    await first.getByLabel('Prize 1 Points').fill('10');
    await first.getByLabel('Prize 1 weight').fill('1');
    const second = admin.getByTestId('prize-row-1');
    await second.getByLabel('Prize 2 name (English)').fill('Try again');
    await second.getByLabel('Prize 2 weight').fill('3');
    await expectText(admin.getByTestId('prize-odds-0'), '25.00%');
    await expectText(admin.getByTestId('prize-odds-1'), '75.00%');
    await j.shot(admin, 'odds');
    await admin.getByTestId('campaign-save').click();
    await expectText(admin.locator('.ant-message'), 'Created E2E simulated');
    await admin.getByTestId('draw-simulate').click();
    const simulation = admin.getByTestId('draw-simulation');
    await expectText(simulation, '10,000 simulated draws');
    await expectText(simulation, 'Ten points');
    if ((await admin.getByTestId('prize-name-0-th').inputValue()) !== 'สิบคะแนน')
      fail('the reopened campaign does not show the Thai prize name');
    await j.shot(admin, 'simulated');
  },
};
