import { adminApi } from '@app/contracts';
import type { Page } from 'playwright-core';
import { adminSignIn, type JourneyFn, openTab, signIn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import { expectCount, expectPath, expectText, expectToast, fail } from './lib/harness.ts';

/** The unread count My's badge shows. */
async function expectUnread(page: Page, unread: number): Promise<void> {
  const badge = page.getByTestId('unread-badge');
  const deadline = Date.now() + 10_000;
  for (;;) {
    const shown = await badge.getAttribute('data-unread');
    if (shown === String(unread)) return;
    if (Date.now() > deadline) fail(`the unread badge shows ${shown}, not ${unread}`);
    await page.waitForTimeout(100);
  }
}

async function expectNoOverflow(page: Page, width: number, what: string): Promise<void> {
  await page.setViewportSize({ width, height: 700 });
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  if (scrollWidth > width) fail(`${what} is ${scrollWidth} px wide at ${width} px`);
}

/** System messages, the contact inbox and the location consent (docs/product.md#system-messages). */
export const messageJourneys: Record<string, JourneyFn> = {
  'messages: an operator broadcasts, the user sees the unread badge, opens the message and reads all': async (j) => {
    const user = await j.api.createUser(uniqueAccount('messages'));
    const title = `Maintenance ${Date.now()}`;

    // The operator writes to this user through the broadcast page, seeing the count first.
    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.getByTestId('nav-messages').click();
    await expectPath(admin, '/admin/messages');
    await admin.getByTestId('broadcast-title-en').fill(title);
    await admin.getByTestId('broadcast-title-fr').fill(`Maintenance (fr) ${title}`);
    await admin.getByTestId('broadcast-body-en').fill('The app pauses from 23:00 to 23:30.');
    await admin.getByTestId('broadcast-audience-users').click();
    await admin.getByTestId('broadcast-user-ids').fill(String(user.id));
    await admin.getByTestId('broadcast-count').click();
    await expectText(admin.getByTestId('broadcast-audience-count'), '1 user will receive it.');
    await admin.getByTestId('broadcast-send').click();
    await expectText(admin.getByTestId('confirm-action'), 'Send to 1 user');
    await j.shot(admin, 'confirm');
    await admin.keyboard.press('Enter');
    await expectText(admin.getByTestId('broadcast-row').first(), title);
    await j.shot(admin, 'sent');

    // A second message, so "read all" has one left to read.
    await j.api.call(
      adminApi.messages.broadcast,
      { title: { en: `Second ${title}` }, body: { en: 'Welcome.' }, audience: { userIds: [user.id] } },
      { token: await j.api.adminLogin() },
    );

    const page = await j.page();
    await signIn(page, user);
    await openTab(page, 'mine', '/mine/info');
    await expectUnread(page, 2);
    await j.shot(page, 'badge');
    await page.getByTestId('mine-messages').click();
    await expectPath(page, '/pagesB/mine/message');
    await expectCount(page.getByTestId('message-unread-dot'), 2);
    const first = page.getByTestId('message-row').filter({ hasText: title }).filter({ hasNotText: 'Second' });
    await first.click();
    await expectText(first.getByTestId('message-body'), 'The app pauses from 23:00 to 23:30.');
    await expectCount(page.getByTestId('message-unread-dot'), 1);
    await j.shot(page, 'opened');
    await expectNoOverflow(page, 320, 'the messages page');
    await j.shot(page, 'narrow');
    await page.setViewportSize({ width: 390, height: 800 });

    await page.getByTestId('messages-read-all').click();
    await expectCount(page.getByTestId('message-unread-dot'), 0);
    await page.goBack();
    await expectPath(page, '/mine/info');
    await expectUnread(page, 0);
  },

  'service: a guest is asked to sign in, writes to us, support replies, the reply arrives as a system message': async (
    j,
  ) => {
    const user = await j.api.createUser(uniqueAccount('contact'));
    const text = `My deposit has not arrived ${Date.now()}`;
    const page = await j.page();
    await page.goto('/contactUs/info');
    await expectText(page.getByTestId('contact-sign-in'), 'Sign in to write to us');
    await expectNoOverflow(page, 320, 'the contact page of a guest');
    await page.getByTestId('contact-sign-in-button').click();
    await signIn(page, user, '/contactUs/info');
    await page.getByTestId('contact-form').waitFor();
    await page.getByTestId('contact-message').fill(text);
    await page.getByTestId('contact-contact').fill('08012345678');
    await page.getByTestId('contact-send').click();
    await expectToast(page, 'Sent. We will answer in your system messages.');
    await expectNoOverflow(page, 320, 'the contact page');
    await j.shot(page, 'sent-narrow');

    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.getByTestId('nav-contact-inbox').click();
    await expectPath(admin, '/admin/contact');
    const row = admin.getByTestId('contact-row').filter({ hasText: text });
    await expectText(row, user.account);
    const id = await row.getAttribute('data-row-key');
    await admin.getByTestId(`contact-reply-${id}`).click();
    await admin.getByTestId('contact-reply').fill('It is credited now. Thank you for waiting.');
    await j.shot(admin, 'reply');
    await admin.getByTestId('contact-reply-send').click();
    await admin.getByTestId('tab-replied').click();
    await expectText(admin.getByTestId('contact-row').filter({ hasText: text }), 'Replied');
    await j.shot(admin, 'replied');

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto('/pagesB/mine/message');
    const reply = page.getByTestId('message-row').first();
    await expectText(reply, 'Reply from customer service');
    await reply.click();
    await expectText(reply.getByTestId('message-body'), 'It is credited now. Thank you for waiting.');
  },

  'service: the location is read only after the user agrees; a refusal is remembered; after Allow it is reported':
    async (j) => {
      const user = await j.api.createUser(uniqueAccount('location'));
      const page = await j.page();
      await page.addInitScript({
        content: `
        window.__positionsAsked = 0;
        const ask = navigator.geolocation.getCurrentPosition.bind(navigator.geolocation);
        navigator.geolocation.getCurrentPosition = (...args) => { window.__positionsAsked += 1; return ask(...args); };
      `,
      });
      await page.context().grantPermissions(['geolocation'], { origin: j.baseUrl });
      await page.context().setGeolocation({ latitude: 6.4541, longitude: 3.3947 });
      await signIn(page, user);
      await openTab(page, 'mine', '/mine/info');
      await page.getByTestId('mine-location').click();
      await expectPath(page, '/system/location/choose');
      await j.shot(page, 'choose');
      await page.getByTestId('location-refuse').click();
      await page.getByTestId('location-refused').waitFor();
      await page.reload();
      await page.getByTestId('location-refused').waitFor();
      if ((await page.evaluate(() => (window as unknown as { __positionsAsked: number }).__positionsAsked)) !== 0)
        fail('the browser was asked for the position before the user agreed');
      await expectNoOverflow(page, 320, 'the location page');
      await j.shot(page, 'refused-narrow');

      await page.getByTestId('location-allow').click();
      await expectToast(page, 'Location shared. Thank you.');
      await expectPath(page, '/mine/info');
    },
};
