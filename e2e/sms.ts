import { readFileSync } from 'node:fs';
import path from 'node:path';
import { adminApi, api, type OutboxMessage } from '@app/contracts';
import type { Locator, Page } from 'playwright-core';
import { FakeAfricasTalking, FakeTwilio, type Taken } from '../apps/server/test/fake-sms.ts';
import { adminSignIn, type JourneyFn } from './journeys.ts';
import { expectCount, expectPath, expectText, expectToast, expectVisible, fail, type Journey } from './lib/harness.ts';
import { REPO_ROOT, type RunningServer, startServer } from './lib/server.ts';

/** The PostgreSQL server the deployments get a fresh database on (dropped at the journey's end). */
const POSTGRES = process.env.E2E_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SIGN_UP = '/account/signUp';
const HOME = '/home/info';
const MINE = '/mine/info';
/** Three attempts, the retries after 2–4 s and 4–8 s, each found by a run of the job every 2 s. */
const DELIVERY_WAIT_MS = 30_000;

type StandIn = FakeTwilio | FakeAfricasTalking;

/** A server deployment of the journey's own, sending its SMS through a provider's stand-in. */
interface Deployment {
  /** The journey, its pages opened on this server. */
  j: Journey;
  server: RunningServer;
  sms: StandIn;
}

/**
 * Starts `sms` and a server deployment on a fresh PostgreSQL database (NODE_ENV=production, no
 * test clock) that sends SMS through it; both stop when the journey ends. Runs `body` there, and
 * names the server's log in a failure.
 */
function onDeployment(sms: () => StandIn, body: (d: Deployment) => Promise<void>): JourneyFn {
  return async (j) => {
    const stand = await sms().start();
    j.defer(() => stand.close());
    const logName = `${j.name}.log`;
    const server = await startServer({
      postgres: POSTGRES,
      logName,
      // info: every line the server would log in production, searched below for the code
      env: (baseUrl) => ({ ...stand.env(baseUrl), LOG_LEVEL: 'info' }),
    });
    j.defer(() => server.stop());
    const there = j.on(server.baseUrl);
    try {
      const config = await there.api.call(api.system.appConfig, {});
      if (!config.account_kinds.includes('phone')) {
        fail(`a server sending SMS through ${stand.constructor.name} offers ${config.account_kinds.join(', ')} only`);
      }
      await body({ j: there, server, sms: stand });
    } catch (error) {
      if (error instanceof Error) {
        const errors = server.errors();
        error.message += ` (server log e2e/.tmp/${logName}${errors.length ? `: ${errors[0]}` : ''})`;
      }
      throw error;
    }
  };
}

/** Waits until the stand-in has taken `count` messages for `to` (the deliveries job retries on its own). */
async function messagesTo(sms: StandIn, to: string, count = 1, timeoutMs = DELIVERY_WAIT_MS): Promise<Taken[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const taken = sms.to(to);
    if (taken.length >= count) return taken;
    if (Date.now() > deadline) {
      const tried = sms.answered.map((answer) => answer.status).join(', ') || 'none';
      fail(`${count} SMS to ${to} expected within ${timeoutMs / 1000} s, ${taken.length} taken (answers: ${tried})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** The sign-up page with a phone number typed as a Nigerian user would, and a code asked for. */
async function askCodeByPhone(d: Deployment, typed: string): Promise<Page> {
  const page = await d.j.page();
  await page.goto(SIGN_UP);
  // SMS can be sent: the form asks for an email or a phone, not an email only
  await expectText(page.locator('label:has([data-testid="signup-account"]) .field-label'), 'Email or phone');
  await page.getByTestId('signup-account').fill(typed);
  await page.getByTestId('send-code').click();
  await expectToast(page, 'Code sent');
  return page;
}

/** The rest of the form, with the code the phone received, submitted: the user lands signed in. */
async function finishSignUp(d: Deployment, page: Page, code: string, e164: string): Promise<void> {
  await page.getByTestId('signup-code').fill(code);
  await page.getByTestId('signup-password').fill('Secret123');
  await page.getByTestId('signup-repeat-password').fill('Secret123');
  await page.getByTestId('signup-agree').check();
  await d.j.shot(page, 'filled');
  await page.getByTestId('signup-submit').click();
  await expectPath(page, HOME);
  await page.getByTestId('home-summary').waitFor(); // the signed-in home, not the guest card
  await d.j.shot(page, 'home');
  await page.getByTestId('tab-mine').click();
  await expectPath(page, MINE);
  await expectText(page.getByTestId('mine-account'), e164);
}

/** The cell of `row` under the column headed `title` (once the table shows: a new search reloads it). */
async function cell(page: Page, row: Locator, title: string): Promise<Locator> {
  const header = page.locator('.ant-table-thead th').filter({ hasText: new RegExp(`^${title}$`) });
  await header
    .first()
    .waitFor()
    .catch(() => fail(`the outbox shows no column ${title}`));
  const index = await header.first().evaluate((th) => (th as HTMLTableCellElement).cellIndex);
  return row.locator(':scope > td').nth(index);
}

/** Back office → Outbox, searched for one recipient: its one row. */
async function outboxRow(page: Page, recipient: string): Promise<Locator> {
  await page.getByTestId('nav-outbox').click();
  await expectPath(page, '/admin/outbox');
  // Every status, none left from before: the link renders in a transition, after a search typed at once.
  await expectText(page.getByTestId('outbox-status-filter').locator('.ant-segmented-item-selected'), /^All$/);
  await page.getByTestId('outbox-search').fill(recipient);
  await page.getByTestId('outbox-search').press('Enter');
  await page.waitForURL((url) => url.searchParams.get('q') === recipient && !url.searchParams.has('status'));
  const rows = page.getByTestId('outbox-row');
  await expectText(rows.getByTestId('outbox-recipient'), recipient);
  await expectCount(rows, 1);
  return rows.first();
}

/** The message to `recipient` as the back-office API gives it. */
async function outboxMessage(d: Deployment, recipient: string): Promise<OutboxMessage> {
  const found = await d.j.api.call(adminApi.admin.outbox, { q: recipient }, { token: await d.j.api.adminLogin() });
  if (found.items.length !== 1) fail(`the outbox has ${found.items.length} messages to ${recipient}, expected 1`);
  return found.items[0] as OutboxMessage;
}

/** The code as a word of its own (not six digits inside a phone number, a time or an id). */
const asWord = (code: string) => new RegExp(`\\b${code}\\b`);

/**
 * The outbox shows the message sent by the provider's stand-in after `attempts` attempts, with the
 * provider's id, and never the code: not in its Code column, not in its body, not through its API.
 */
async function expectSentWithoutCode(
  d: Deployment,
  page: Page,
  row: Locator,
  expected: { attempts: number; provider: string; taken: Taken; code: string },
): Promise<void> {
  await expectText(row.getByTestId('outbox-status'), 'sent', 15_000);
  await expectText(await cell(page, row, 'Attempts'), new RegExp(`^${expected.attempts}$`));
  await expectText(await cell(page, row, 'Provider'), expected.provider);
  await expectText(await cell(page, row, 'Provider'), expected.taken.id);
  await expectText(await cell(page, row, 'Code'), '—');
  await expectCount(row.getByTestId('outbox-code'), 0);
  await row.locator('.ant-table-row-expand-icon').click();
  const body = page.locator('.ant-table-expanded-row').first();
  await expectText(body, '••••••');
  await d.j.shot(page, 'outbox');
  // cell by cell: the recipient's digits run into no neighbour
  const cells = await row.locator(':scope > td').allTextContents();
  const shown = [...cells, await body.textContent()].join('\n');
  if (asWord(expected.code).test(shown)) fail(`the outbox shows the code ${expected.code}: ${shown}`);

  const message = await outboxMessage(d, expected.taken.to);
  const seen = { status: message.status, attempts: message.attempts, provider: message.provider, code: message.code };
  const wanted = { status: 'sent', attempts: expected.attempts, provider: expected.provider, code: null };
  if (JSON.stringify(seen) !== JSON.stringify(wanted) || message.providerId !== expected.taken.id) {
    fail(`the outbox API has ${JSON.stringify({ ...seen, providerId: message.providerId })}`);
  }
  if (asWord(expected.code).test(message.body)) fail(`the outbox API's body carries the code: ${message.body}`);
}

/** Nothing the server logged (at info, every request) shows the code, its sign-up included. */
function expectCodeNotLogged(d: Deployment, code: string): void {
  const line = readFileSync(d.server.logFile, 'utf8')
    .split('\n')
    .find((entry) => asWord(code).test(entry));
  if (line)
    fail(`the server's log (${path.relative(REPO_ROOT, d.server.logFile)}) shows the code: ${line.slice(0, 300)}`);
}

/**
 * A new user signs up with a phone number typed the local way; the provider fails the first two
 * attempts and takes the third; the back office shows the message sent after 3 attempts, without its code.
 */
function signUpThroughFlakyProvider(sms: () => StandIn, provider: string, typed: string, e164: string): JourneyFn {
  return onDeployment(sms, async (d) => {
    d.sms.failNext(2, '5xx');
    const page = await askCodeByPhone(d, typed);
    const [taken] = await messagesTo(d.sms, e164);
    if (!taken) fail(`no SMS to ${e164}`);
    const failures = d.sms.answered.filter((answer) => answer.status >= 500).length;
    if (failures !== 2) fail(`the stand-in failed ${failures} attempts, expected 2`);
    const code = d.sms.lastCode(e164);
    await finishSignUp(d, page, code, e164);

    const admin = await d.j.page('desktop');
    await adminSignIn(admin);
    const row = await outboxRow(admin, e164);
    await expectSentWithoutCode(d, admin, row, { attempts: 3, provider, taken, code });
    if (d.sms.to(e164).length !== 1) fail(`${d.sms.to(e164).length} SMS reached ${e164}, expected 1`);
    expectCodeNotLogged(d, code);
  });
}

/** Issue 27: verification codes by SMS through real providers, queued and retried, in a server deployment. */
export const smsJourneys: Record<string, JourneyFn> = {
  'sms: a new user signs up by phone through Twilio, which fails twice before it takes the code':
    signUpThroughFlakyProvider(() => new FakeTwilio(), 'twilio', '08031234567', '+2348031234567'),

  "sms: a new user signs up by phone through Africa's Talking, which fails twice before it takes the code":
    signUpThroughFlakyProvider(() => new FakeAfricasTalking(), 'africastalking', '0803 765 4321', '+2348037654321'),

  'sms: a code the provider refused is resent from the back office and the user signs up with it': onDeployment(
    () => new FakeTwilio(),
    async (d) => {
      const e164 = '+2348055550123';
      d.sms.refused.add(e164); // Twilio's 21610: refused for good, failed at the first attempt
      const page = await askCodeByPhone(d, '08055550123');

      const admin = await d.j.page('desktop');
      await adminSignIn(admin);
      await admin.getByTestId('nav-outbox').click();
      await expectPath(admin, '/admin/outbox');
      await admin.getByTestId('outbox-status-filter').getByText('failed', { exact: true }).click();
      await admin.waitForURL((url) => url.searchParams.get('status') === 'failed');
      const row = admin.getByTestId('outbox-row').filter({ hasText: e164 });
      // the page refreshes every 5 s: the refusal shows within one refresh
      await expectText(row.getByTestId('outbox-status'), 'failed', 15_000);
      await expectText(await cell(admin, row, 'Last error'), '21610');
      await expectText(await cell(admin, row, 'Attempts'), /^1$/);
      await d.j.shot(admin, 'failed');
      if (d.sms.to(e164).length !== 0) fail('a refused number received an SMS');

      // The user has answered STOP no more: the operator resends, with the keyboard.
      d.sms.refused.delete(e164);
      const { id } = await outboxMessage(d, e164);
      const resend = admin.getByTestId(`outbox-resend-${id}`);
      await resend.focus();
      await admin.keyboard.press('Enter');
      const confirm = admin.getByTestId('confirm-action');
      await expectText(confirm, 'Resend');
      await expectVisible(admin, 'Send this message again?');
      await admin.waitForFunction(() => document.activeElement?.getAttribute('data-testid') === 'confirm-action');
      await d.j.axe(admin, 'resend dialog');
      await d.j.shot(admin, 'resend-dialog');
      await admin.keyboard.press('Enter');
      await expectVisible(admin, `to ${e164} is queued again and goes out now.`);

      const [taken] = await messagesTo(d.sms, e164);
      if (!taken) fail(`no SMS to ${e164}`);
      const code = d.sms.lastCode(e164);
      // no longer failed: gone from the Failed filter; sent, on the whole outbox
      await expectCount(admin.getByTestId('outbox-row'), 0, 15_000);
      const sentRow = await outboxRow(admin, e164);
      await expectSentWithoutCode(d, admin, sentRow, { attempts: 2, provider: 'twilio', taken, code });

      await finishSignUp(d, page, code, e164);
      if (d.sms.to(e164).length !== 1) fail(`${d.sms.to(e164).length} SMS reached ${e164}, expected 1`);
      expectCodeNotLogged(d, code);
    },
  ),
};
