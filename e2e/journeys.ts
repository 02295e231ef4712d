import { api, ERRORS, MAINTENANCE_CODE, SUCCESS_CODE } from '@app/contracts';
import type { Page } from 'playwright-core';
import { type TestUser, uniqueAccount } from './lib/api.ts';
import {
  expectCount,
  expectPath,
  expectStillOn,
  expectText,
  expectToast,
  expectVisible,
  fail,
  type Journey,
} from './lib/harness.ts';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './lib/server.ts';

export type JourneyFn = (j: Journey) => Promise<void>;

const SIGN_IN = '/account/signIn';
const SIGN_UP = '/account/signUp';
const HOME = '/home/info';
const MINE = '/mine/info';
const MAINTENANCE = '/system/maintenance/info';

/** Signs in through the form; the app lands on home, or on the page the user was sent away from. */
export async function signIn(page: Page, user: TestUser, landing = HOME): Promise<void> {
  if (new URL(page.url()).pathname !== SIGN_IN) await page.goto(SIGN_IN);
  await page.getByTestId('signin-account').fill(user.account);
  await page.getByTestId('signin-password').fill(user.password);
  await page.getByTestId('signin-submit').click();
  await expectPath(page, landing);
}

export async function openTab(page: Page, tab: 'product' | 'wallet' | 'home' | 'contact' | 'mine', path: string) {
  await page.getByTestId(`tab-${tab}`).click();
  await expectPath(page, path);
}

export async function pickLanguage(page: Page, opener: 'mine-language' | 'lang-switch', code: string): Promise<void> {
  await page.getByTestId(opener).click();
  await page.getByTestId(`lang-option-${code}`).click();
  await page.getByTestId(`lang-option-${code}`).waitFor({ state: 'hidden' });
}

async function scrollWidth(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

export async function adminSignIn(page: Page): Promise<void> {
  await page.goto('/admin/');
  await expectPath(page, '/admin/login');
  await page.getByTestId('login-email').fill(ADMIN_EMAIL);
  await page.getByTestId('login-password').fill(ADMIN_PASSWORD);
  await page.getByTestId('login-submit').click();
  await expectPath(page, ['/admin', '/admin/']);
}

/** Each journey is one product rule, checked through what the user sees. */
export const journeys: Record<string, JourneyFn> = {
  'sign-up': async (j) => {
    const inviter = await j.api.createUser(uniqueAccount('inviter'));
    const account = uniqueAccount('signup');
    const page = await j.page();
    await page.goto(`${SIGN_UP}?code=${inviter.inviteCode}`);
    const invite = page.getByTestId('signup-invite');
    await invite.waitFor();
    if ((await invite.inputValue()) !== inviter.inviteCode) fail('the invite field is not prefilled from ?code=');
    await page.getByTestId('signup-account').fill(account);
    const sendCode = page.getByTestId('send-code');
    await sendCode.click();
    await expectText(sendCode, /\d+\s*s/);
    if (!(await sendCode.isDisabled())) fail('the send-code button is not disabled during the countdown');
    await j.shot(page, 'countdown');
    const code = await j.api.lastCode(account);
    await page.getByTestId('signup-code').fill(code);
    await page.getByTestId('signup-password').fill('Secret123');
    await page.getByTestId('signup-repeat-password').fill('Secret123');
    await page.getByTestId('signup-agree').check();
    await page.getByTestId('signup-submit').click();
    await expectPath(page, HOME);
    await page.getByTestId('home-summary').waitFor(); // the signed-in home, not the guest card
    await j.shot(page, 'home');
    await openTab(page, 'mine', MINE);
    await expectText(page.getByTestId('mine-account'), account);
    await j.shot(page, 'mine');
  },

  'sign-up refused': async (j) => {
    const page = await j.page();
    await page.goto(SIGN_UP);
    await page.getByTestId('signup-account').fill(uniqueAccount('refused'));
    await page.getByTestId('signup-code').fill('123456');
    await page.getByTestId('signup-password').fill('Secret123');
    await page.getByTestId('signup-repeat-password').fill('Secret123');
    await page.getByTestId('signup-submit').click();
    await expectText(page.getByTestId('signup-error'), 'Please read and accept the user agreement.');
    expectStillOn(page, SIGN_UP);
    await j.shot(page, 'no-agreement');
    await page.getByTestId('signup-agree').check();
    await page.getByTestId('signup-repeat-password').fill('Secret124');
    await page.getByTestId('signup-submit').click();
    await expectText(page.getByTestId('signup-error'), 'The two passwords do not match.');
    expectStillOn(page, SIGN_UP);
    await j.shot(page, 'mismatch');
  },

  'sign in shows the wallet': async (j) => {
    const user = await j.api.createUser(uniqueAccount('signin'));
    await j.api.setConfig({ app_currency: '₦' });
    try {
      const bill = await j.api.bill(user.token);
      const page = await j.page();
      await signIn(page, user);
      await openTab(page, 'wallet', '/wallet/info');
      await expectText(page.getByTestId('bill-totalAssets'), `₦${bill.totalAssets}`);
      await expectText(page.getByTestId('bill-rechargeBalance'), `₦${bill.rechargeBalance}`);
      await expectText(page.getByTestId('bill-incomeBalance'), `₦${bill.incomeBalance}`);
      if (bill.totalAssets !== '0.00') fail(`a new user's total assets are ${bill.totalAssets}, expected 0.00`);
      await j.shot(page, 'wallet');
    } finally {
      await j.api.setConfig({ app_currency: '$' });
    }
  },

  'wrong password': async (j) => {
    const user = await j.api.createUser(uniqueAccount('wrongpw'));
    const page = await j.page();
    await page.goto(SIGN_IN);
    await page.getByTestId('signin-account').fill(user.account);
    await page.getByTestId('signin-password').fill('not-the-password');
    await page.getByTestId('signin-submit').click();
    await expectText(page.getByTestId('signin-error'), 'Wrong account or password.');
    expectStillOn(page, SIGN_IN);
    await j.shot(page, 'error');
  },

  'expired session': async (j) => {
    const user = await j.api.createUser(uniqueAccount('expired'));
    const page = await j.page();
    await signIn(page, user);
    await openTab(page, 'mine', MINE);
    await expectText(page.getByTestId('mine-account'), user.account);

    // Signed out from elsewhere: a password change ends every other session.
    await j.api.changePassword(user, 'Changed456');
    await page.reload();
    await expectPath(page, SIGN_IN);
    await expectToast(page, 'Login expired');
    await j.shot(page, 'revoked');

    // Idle for 31 days: the session expires on the server clock. Signing in again returns to Mine.
    // My asks for the user, then for the levels: both answered before the clock moves, or a late one
    // would expire the session on this document and take its toast with it before the reload.
    const answered = (path: string) => page.waitForResponse((response) => response.url().includes(path));
    const myPageLoaded = Promise.all([answered('/api/v1/userInfo'), answered('/api/v1/vip/levels')]);
    await signIn(page, user, MINE);
    await myPageLoaded;
    const month = 31 * 24 * 3600;
    await j.api.advanceClock(month);
    try {
      await page.reload();
      await expectPath(page, SIGN_IN);
      await expectToast(page, 'Login expired');
      await j.shot(page, 'idle');
    } finally {
      await j.api.advanceClock(-month); // later journeys see today's date again
    }
  },

  maintenance: async (j) => {
    const page = await j.page();
    await page.goto(HOME);
    await page.getByTestId('tab-home').waitFor();
    const maintainTime = '2026-12-01 08:00 UTC';
    try {
      await j.api.setConfig({ maintenance: true, app_maintain_time: maintainTime });
      await page.reload();
      await expectPath(page, MAINTENANCE);
      await page.getByTestId('maintenance-page').waitFor();
      await expectText(page.getByTestId('maintenance-time'), maintainTime);
      await j.shot(page, 'on');
      await page.getByTestId('maintenance-retry').click();
      await expectToast(page, 'Still under maintenance');
      expectStillOn(page, MAINTENANCE);
      await j.api.setConfig({ maintenance: false });
      await page.getByTestId('maintenance-retry').click();
      await expectPath(page, HOME);
      await j.shot(page, 'off');
    } finally {
      await j.api.setConfig({ maintenance: false });
    }
  },

  'language switch': async (j) => {
    const user = await j.api.createUser(uniqueAccount('lang'));
    const page = await j.page();
    await signIn(page, user);
    await openTab(page, 'mine', MINE);
    await expectText(page.getByTestId('tab-mine'), 'My');

    await pickLanguage(page, 'mine-language', 'fr');
    await expectText(page.getByTestId('tab-mine'), 'Moi');
    await expectText(page.getByTestId('tab-wallet'), 'Portefeuille');
    await expectText(page.getByTestId('logout'), 'Se déconnecter');
    await expectText(page.getByTestId('mine-language'), 'Langue');
    await j.shot(page, 'fr');

    // An API error then comes back in French.
    await page.getByTestId('logout').click();
    await page.getByTestId('logout-confirm').click();
    await expectPath(page, SIGN_IN);
    await page.getByTestId('signin-account').fill(user.account);
    await page.getByTestId('signin-password').fill('not-the-password');
    await page.getByTestId('signin-submit').click();
    await expectText(page.getByTestId('signin-error'), 'Compte ou mot de passe incorrect.');
    await j.shot(page, 'fr-error');

    await pickLanguage(page, 'lang-switch', 'zh');
    await page.getByTestId('signin-submit').click();
    await expectText(page.getByTestId('signin-error'), '账号或密码错误');
    await j.shot(page, 'zh-error');
    await page.getByTestId('signin-password').fill(user.password);
    await page.getByTestId('signin-submit').click();
    await expectPath(page, [HOME, MINE]); // today the app returns to Mine, where the user signed out
    if (new URL(page.url()).pathname === HOME) await openTab(page, 'mine', MINE);
    await expectText(page.getByTestId('tab-mine'), '我的');
    await expectText(page.getByTestId('tab-wallet'), '钱包');
    await expectText(page.getByTestId('logout'), '退出登录');
    await j.shot(page, 'zh');
  },

  'back office': async (j) => {
    const user = await j.api.createUser(uniqueAccount('admin-sees'));
    const page = await j.page('desktop');
    try {
      await adminSignIn(page);
      await expectText(page.getByTestId('stat-users-total'), /[1-9]/);
      await j.shot(page, 'dashboard');

      await page.getByTestId('nav-users').click();
      await expectPath(page, '/admin/users');
      await page.getByTestId('users-search').fill(user.account);
      await page.getByTestId('users-search').press('Enter');
      const rows = page.getByTestId('user-row');
      await expectCount(rows, 1);
      await expectText(rows, user.account);
      await j.shot(page, 'users');

      // Freezing signs the user out and refuses sign-in until unfrozen.
      await page.getByTestId('user-freeze').click();
      await page.getByTestId('confirm-ok').click();
      await expectText(page.getByTestId('user-status'), 'frozen');
      const frozen = await j.api.answer(api.user.login, { account: user.account, password: user.password });
      if (frozen.code !== ERRORS.ACCOUNT_FROZEN.code)
        fail(`a frozen user signing in got ${frozen.code}, expected ACCOUNT_FROZEN`);
      const signedOut = await j.api.answer(api.user.info, {}, { token: user.token });
      if (signedOut.code === SUCCESS_CODE) fail("a frozen user's session still works");
      await j.shot(page, 'frozen');
      await page.getByTestId('user-unfreeze').click();
      await page.getByTestId('confirm-ok').click();
      await expectText(page.getByTestId('user-status'), 'active');
      await j.api.login(user.account, user.password);

      await page.getByTestId('nav-outbox').click();
      await expectPath(page, '/admin/outbox');
      const code = await j.api.lastCode(user.account);
      await page.getByTestId('outbox-search').fill(user.account);
      await page.getByTestId('outbox-search').press('Enter');
      await expectText(page.getByTestId('outbox-row').first().getByTestId('outbox-code'), code);
      await j.shot(page, 'outbox');

      await page.getByTestId('nav-config').click();
      await expectPath(page, '/admin/config');
      await expectText(page.getByTestId('maintenance-state'), 'Off now');
      await page.getByTestId('maintenance-switch').click();
      await page.getByTestId('maintenance-message').fill('Back at 10:00');
      await page.getByTestId('maintenance-save').click();
      await page.getByRole('button', { name: 'Turn on' }).click();
      await expectText(page.getByTestId('maintenance-state'), 'ON now');
      await expectVisible(page, 'Maintenance is ON. Users now see your message.');
      const during = await j.api.answer(api.system.appConfig, {});
      if (during.code !== MAINTENANCE_CODE) fail(`with maintenance on, the user API answered ${during.code}`);
      await j.shot(page, 'maintenance-on');
      await page.getByTestId('maintenance-switch').click();
      await page.getByTestId('maintenance-save').click();
      await page.getByRole('button', { name: 'Turn off' }).click();
      await expectText(page.getByTestId('maintenance-state'), 'Off now');
      await expectVisible(page, 'Maintenance is off. The app is open again.');
      const after = await j.api.answer(api.system.appConfig, {});
      if (after.code !== SUCCESS_CODE) fail(`with maintenance off, the user API answered ${after.code}`);
      await j.shot(page, 'maintenance-off');
    } finally {
      await j.api.setConfig({ maintenance: false });
    }
  },

  'customer service': async (j) => {
    const page = await j.page();
    await page.goto(HOME);
    // At rest the tab is a sliver at the screen's edge, the rest of it clipped: tap the sliver.
    await page.getByTestId('service-button').click({ position: { x: 4, y: 22 } });
    await page.getByTestId('service-modal').waitFor();
    for (const line of [1, 2, 3]) await page.getByTestId(`service-line-${line}`).waitFor();
    if ((await page.locator('[data-testid^="service-line-"]').count()) !== 3) fail('expected three service channels');
    await page.getByTestId('service-contact').waitFor();
    await j.shot(page, 'modal');
  },

  'layout at 320 px': async (j) => {
    const user = await j.api.createUser(uniqueAccount('narrow'));
    const page = await j.page('mobile', { width: 320, height: 640 });
    await page.goto(SIGN_UP);
    await page.getByTestId('signup-submit').waitFor();
    const signUpWidth = await scrollWidth(page);
    await j.shot(page, 'signup');
    if (signUpWidth > 320) fail(`the sign-up page is ${signUpWidth} px wide at 320 px`);
    await page.goto(SIGN_IN);
    await page.getByTestId('signin-submit').waitFor();
    const signInWidth = await scrollWidth(page);
    await j.shot(page, 'signin');
    if (signInWidth > 320) fail(`the sign-in page is ${signInWidth} px wide at 320 px`);
    await signIn(page, user);
    await openTab(page, 'mine', MINE);
    await page.getByTestId('mine-account').waitFor();
    const mineWidth = await scrollWidth(page);
    await j.shot(page, 'mine');
    if (mineWidth > 320) fail(`the Mine page is ${mineWidth} px wide at 320 px`);
  },

  'pages load under the content security policy': async (j) => {
    const pages = [
      { path: '/', kind: 'mobile', ready: '[data-testid="tab-home"]' },
      { path: '/admin/', kind: 'desktop', ready: '[data-testid="login-email"]' },
      { path: '/api/docs', kind: 'desktop', ready: '.swagger-ui .info .title' },
    ] as const;
    for (const { path, kind, ready } of pages) {
      const page = await j.page(kind);
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text().split('\n')[0] ?? '');
      });
      await page.addInitScript({ content: recordViolations });
      const response = await page.goto(path);
      const policy = response?.headers()['content-security-policy'] ?? '';
      if (!policy.includes("frame-ancestors 'none'")) fail(`${path} came without the content security policy`);
      await page.locator(ready).first().waitFor();
      await page.waitForLoadState('networkidle');
      await j.shot(page, path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'web');
      const violations = await page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
      const problems = [...violations, ...errors];
      if (problems.length) fail(`${path}: ${problems.slice(0, 3).join(' | ')}`);
    }
  },
};

/** Runs in the page: keeps every content security policy violation in `window.__violations`. */
const recordViolations = `
  window.__violations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__violations.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline'));
  });
`;
