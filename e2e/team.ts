import { type JourneyFn, openTab, signIn } from './journeys.ts';
import { uniqueAccount } from './lib/api.ts';
import { expectPath, expectText, expectToast, fail } from './lib/harness.ts';

const HOME = '/home/info';
const INVITE = '/mine/inviteFriends';
const MY_TEAM = '/mine/myTeam';

/** The referral team journeys (docs/product.md#referral). */
export const teamJourneys: Record<string, JourneyFn> = {
  'team: invite, copy the link, a friend signs up with it and joins my team': async (j) => {
    const inviter = await j.api.createUser(uniqueAccount('inviter'));
    const page = await j.page();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: j.baseUrl });
    await signIn(page, inviter);
    await page.getByTestId('quick-invite').click();
    await expectPath(page, INVITE);
    await expectText(page.getByTestId('invite-code'), inviter.inviteCode);
    await page.getByTestId('invite-qr').waitFor();
    await page.getByTestId('copy-invite-link').click();
    await expectToast(page, 'Copied');
    const link = await page.evaluate(() => navigator.clipboard.readText());
    if (link !== `${j.baseUrl}/account/signUp?code=${inviter.inviteCode}`) fail(`the copied link is ${link}`);
    await j.shot(page, 'invite');

    const friend = uniqueAccount('friend');
    const other = await j.page();
    await other.goto(link);
    const invite = other.getByTestId('signup-invite');
    await invite.waitFor();
    if ((await invite.inputValue()) !== inviter.inviteCode) fail('the sign-up page did not take the code of the link');
    await other.getByTestId('signup-account').fill(friend);
    await other.getByTestId('send-code').click();
    await expectToast(other, 'Code sent'); // the code is queued: before, the outbox may not have it yet
    await other.getByTestId('signup-code').fill(await j.api.lastCode(friend));
    await other.getByTestId('signup-password').fill('Secret123');
    await other.getByTestId('signup-repeat-password').fill('Secret123');
    await other.getByTestId('signup-agree').check();
    await other.getByTestId('signup-submit').click();
    await expectPath(other, HOME);

    await page.goto(HOME);
    await openTab(page, 'mine', '/mine/info');
    await page.getByTestId('mine-my-team').click();
    await expectPath(page, MY_TEAM);
    await expectText(page.getByTestId('team-size'), '1');
    await expectText(page.getByTestId('team-level-1-count'), '1');
    await expectText(page.getByTestId('team-member-account'), `${friend.slice(0, 2)}***@${friend.split('@')[1]}`);
    await j.shot(page, 'my-team');
  },
};
