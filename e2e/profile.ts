import path from 'node:path';
import { APP_VERSION, adminApi, api, mediaUrl } from '@app/contracts';
import { adminSignIn, type JourneyFn, openTab, signIn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import { expectNoOverflow, expectPath, expectSettled, expectText, expectToast, fail } from './lib/harness.ts';
import { REPO_ROOT } from './lib/server.ts';

/** A real picture to upload: the app's own 512 px icon. */
const PICTURE = path.join(REPO_ROOT, 'apps/web/public/icon-512.png');
/** What an attacker would try: a page with a script, named and typed as a picture. */
const HTML_AS_PNG = {
  name: 'holiday.png',
  mimeType: 'image/png',
  buffer: Buffer.from('<!doctype html><html><body><script>alert(document.cookie)</script></body></html>'),
};

/** User information, settings and uploads: the avatar journey and the back office's product image. */
export const profileJourneys: Record<string, JourneyFn> = {
  'profile: avatar upload, a refused file, nickname, then settings': async (j) => {
    const user = await j.api.createUser(uniqueAccount('avatar'));
    const page = await j.page();
    await signIn(page, user);
    await openTab(page, 'mine', '/mine/info');
    await page.getByTestId('mine-user-info').click();
    await expectPath(page, '/mine/userInfo');
    await expectText(page.getByTestId('user-info-account'), user.account);
    const info = await j.api.call(api.user.info, {}, { token: user.token });
    await expectText(page.getByTestId('user-info-invite-code'), info.inviteCode);

    // A page with a script renamed .png is refused with a message that says what to pick.
    await page.getByTestId('user-info-avatar-input').setInputFiles(HTML_AS_PNG);
    await expectToast(page, 'This file is not a picture we can use. Choose a JPEG, PNG, WebP or GIF image.');
    if ((await j.api.call(api.user.info, {}, { token: user.token })).avatar !== '')
      fail('a refused file became the avatar');

    await page.getByTestId('user-info-avatar-input').setInputFiles(PICTURE);
    await expectToast(page, 'Avatar updated');
    const { avatar } = await j.api.call(api.user.info, {}, { token: user.token });
    if (!mediaUrl.safeParse(avatar).success) fail(`the avatar is not an upload URL: ${avatar}`);
    const shown = page.getByTestId('user-info-avatar');
    await expectSettled(shown);
    if ((await shown.getAttribute('src')) !== avatar) fail('the page does not show the new avatar');
    const served = await page.request.get(avatar);
    if (served.headers()['cache-control'] !== 'public, max-age=31536000, immutable')
      fail(`the avatar is served with Cache-Control ${served.headers()['cache-control']}`);
    await j.shot(page, 'avatar');

    await page.getByTestId('user-info-nickname').fill('   ');
    await page.getByTestId('user-info-nickname-save').click();
    await expectText(page.getByTestId('user-info-nickname-error'), /1 to 20 characters/);
    await page.getByTestId('user-info-nickname').fill('  Ada Lovelace ');
    await page.getByTestId('user-info-nickname-save').click();
    await expectToast(page, 'Nickname saved');
    await expectNoOverflow(page, 320, 'the user information page');
    await j.shot(page, 'narrow');
    await expectNoOverflow(page, 390, 'the user information page');
    await j.shot(page, 'user-info-390');

    // My shows the new face and name.
    await page.goBack();
    await expectPath(page, '/mine/info');
    await expectText(page.getByTestId('mine-nickname'), 'Ada Lovelace');
    if ((await page.getByTestId('mine-avatar').getAttribute('src')) !== avatar) fail('My does not show the avatar');
    await j.shot(page, 'mine');

    await page.getByTestId('mine-settings').click();
    await expectPath(page, '/mine/settings');
    await expectText(page.getByTestId('settings-version'), APP_VERSION);
    await j.shot(page, 'settings-390');
    await page.getByTestId('settings-clear-cache').click();
    await page.getByTestId('clear-cache-confirm').click();
    await expectToast(page, 'Cache cleared');
    await page.getByTestId('settings-language').click();
    await page.getByTestId('lang-option-th').click();
    await page.getByTestId('lang-option-th').waitFor({ state: 'hidden' });
    await expectText(page.getByTestId('settings-clear-cache'), 'ล้างแคช');
    await expectNoOverflow(page, 320, 'the settings page in Thai');
    await j.shot(page, 'settings-th-narrow');
    await page.getByTestId('settings-about').click();
    await expectPath(page, '/contactUs/aboutUs');
    await page.goBack();
    await expectPath(page, '/mine/settings');
    // Still signed in after clearing the cache: the user information page loads.
    await page.goto('/mine/userInfo');
    await expectText(page.getByTestId('user-info-account'), user.account);
    await page.goto('/mine/settings');
    await page.getByTestId('settings-logout').click();
    await page.getByTestId('logout-confirm').click();
    await expectPath(page, '/account/signIn');
  },

  'profile: the product image is uploaded in the back office': async (j) => {
    const token = await j.api.adminLogin();
    const product = (await j.api.call(adminApi.products.products, {}, { token }))[0] ?? fail('no product');
    const admin = await j.page('desktop');
    await adminSignIn(admin);
    await admin.goto('/admin/products');
    await admin.getByTestId(`product-edit-${product.id}`).click();
    await expectSettled(admin.getByTestId('product-save'));
    const field = admin.getByTestId('product-form-image');
    if (product.image) await field.getByTestId('product-form-image-remove').click();
    await field.locator('input[type=file]').setInputFiles(HTML_AS_PNG);
    await expectText(field.getByTestId('product-form-image-error'), /not a picture we can use/);
    await field.locator('input[type=file]').setInputFiles(PICTURE);
    const preview = field.getByTestId('product-form-image-preview');
    await preview.waitFor();
    const url = (await preview.getAttribute('src')) ?? '';
    if (!mediaUrl.safeParse(url).success) fail(`the preview is not an upload: ${url}`);
    await j.shot(admin, 'product-image');
    await admin.getByTestId('product-save').click();
    await admin.getByTestId('product-save').waitFor({ state: 'detached' });
    const saved = (await j.api.call(adminApi.products.products, {}, { token })).find((p) => p.id === product.id);
    if (saved?.image !== url) fail(`the product was saved with image ${saved?.image}`);
  },
};
