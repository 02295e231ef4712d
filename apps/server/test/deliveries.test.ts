import { adminApi, api, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, outbox } from '../src/db/schema.ts';
import { AFRICASTALKING_DELIVERY_PATH, AfricasTalkingSms } from '../src/notify/africastalking.ts';
import { Deliveries } from '../src/notify/deliveries.ts';
import type { Transport } from '../src/notify/transport.ts';
import { TWILIO_SIGNATURE_HEADER, TWILIO_STATUS_PATH, TwilioSms } from '../src/notify/twilio.ts';
import { derivedKey } from '../src/security.ts';
import { signInOwner } from './factories.ts';
import { FakeAfricasTalking, FakeTwilio } from './fake-sms.ts';
import { createTestApp, openSecondPool, type TestApp, usingPostgres } from './setup.ts';

/** A server deployment: real money, codes sealed, no test hooks. */
const SERVER = { DATABASE_URL: 'postgres://minerva@db.internal:5432/minerva', NODE_ENV: 'production', TEST_MODE: '0' };
const PUBLIC_URL = 'https://minerva.example';
const PASSWORD = 'secret123';

let phones = 0;
/** A Nigerian mobile number of its own, as a user types it, and as it is stored. */
function nextPhone() {
  phones += 1;
  const local = `0803${String(process.pid % 1000).padStart(3, '0')}${String(phones).padStart(4, '0')}`;
  return { typed: local, e164: `+234${local.slice(1)}` };
}

/** Moves the test clock past the next attempt and runs the deliveries job, `rounds` times. */
async function deliverWithRetries(t: TestApp, rounds: number) {
  for (let round = 0; round < rounds; round++) {
    t.clock.advance(120);
    await t.services.deliveries.run();
  }
}

/** A code request from an address of its own, as requests from many devices arrive. */
async function sendCodeFrom(t: TestApp, address: string, account: string, lang = 'en') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/v1/user/sendCode',
    remoteAddress: address,
    headers: { 'accept-language': lang },
    payload: { account, purpose: 'register' },
  });
  return response.json() as { code: number; msg: string };
}

async function registerWith(t: TestApp, account: string, code: string) {
  return t.call(api.user.register, { account, code, password: PASSWORD, repeatPassword: PASSWORD, agree: true });
}

async function statusOf(t: TestApp, recipient: string) {
  const [row] = await t.db.select().from(outbox).where(eq(outbox.recipient, recipient));
  return row;
}

describe('SMS through Twilio, on a server deployment', () => {
  let twilio: FakeTwilio;
  let t: TestApp;
  beforeAll(async () => {
    twilio = await new FakeTwilio().start();
    t = await createTestApp({ ...SERVER, ...twilio.env(PUBLIC_URL) });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it('signs a user up by phone with the code that reached Twilio, after two failed attempts', async () => {
    const phone = nextPhone();
    twilio.failNext(2, '5xx');
    expect((await t.call(api.user.sendCode, { account: phone.typed, purpose: 'register' })).code).toBe(SUCCESS_CODE);
    await t.services.deliveries.run();
    expect(await statusOf(t, phone.e164)).toMatchObject({ status: 'queued', attempts: 1 });
    expect((await statusOf(t, phone.e164))?.lastError).toContain('Twilio HTTP 500 error 20500');
    // A retry waits for the product's clock: nothing goes out before it is due.
    expect(await t.services.deliveries.run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    await deliverWithRetries(t, 2);
    const sent = await statusOf(t, phone.e164);
    expect(sent).toMatchObject({ status: 'sent', attempts: 3, provider: 'twilio', code: null, sealedCode: null });
    expect(twilio.to(phone.e164)).toHaveLength(1);
    expect(sent?.providerId).toBe(twilio.to(phone.e164)[0]?.id);
    expect(twilio.to(phone.e164)[0]).toMatchObject({
      from: '+15005550006',
      callback: `${PUBLIC_URL}${TWILIO_STATUS_PATH}`,
    });
    const registered = await registerWith(t, phone.typed, twilio.lastCode(phone.e164));
    expect(registered.code).toBe(SUCCESS_CODE);
    expect(registered.data.user.account).toBe(phone.e164);
  });

  it("Twilio's status callback marks the message delivered; a forged one is refused and changes nothing", async () => {
    const phone = nextPhone();
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    const [message] = twilio.to(phone.e164);
    if (!message) throw new Error('Twilio took no message');
    const post = (callback: ReturnType<FakeTwilio['statusCallback']>) =>
      t.app.inject({
        method: 'POST',
        url: TWILIO_STATUS_PATH,
        headers: { 'content-type': 'application/x-www-form-urlencoded', [TWILIO_SIGNATURE_HEADER]: callback.signature },
        payload: callback.form.toString(),
      });
    const forged = await post(twilio.statusCallback(message, 'failed', { authToken: 'not-the-auth-token' }));
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toMatchObject({ code: ERRORS.WEBHOOK_SIGNATURE.code });
    const tampered = twilio.statusCallback(message, 'delivered');
    tampered.form.set('MessageStatus', 'failed');
    expect((await post(tampered)).statusCode).toBe(403);
    expect(await statusOf(t, phone.e164)).toMatchObject({ status: 'sent', lastError: null });
    const delivered = await post(twilio.statusCallback(message, 'delivered'));
    expect(delivered.json()).toMatchObject({ code: SUCCESS_CODE, data: { applied: true } });
    expect((await statusOf(t, phone.e164))?.status).toBe('delivered');
    // A late "sent" never takes a delivered message back.
    await post(twilio.statusCallback(message, 'sent'));
    expect((await statusOf(t, phone.e164))?.status).toBe('delivered');
  });

  it('a message the network never delivers is failed with the reason Twilio reported', async () => {
    const phone = nextPhone();
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    const [message] = twilio.to(phone.e164);
    if (!message) throw new Error('Twilio took no message');
    const callback = twilio.statusCallback(message, 'undelivered', { errorCode: '30003' });
    await t.app.inject({
      method: 'POST',
      url: TWILIO_STATUS_PATH,
      headers: { 'content-type': 'application/x-www-form-urlencoded', [TWILIO_SIGNATURE_HEADER]: callback.signature },
      payload: callback.form.toString(),
    });
    expect(await statusOf(t, phone.e164)).toMatchObject({
      status: 'failed',
      lastError: 'Twilio undelivered (error 30003)',
    });
  });

  it('a number Twilio refuses for good is failed at once, not retried', async () => {
    const phone = nextPhone();
    twilio.refused.add(phone.e164);
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    await deliverWithRetries(t, 3);
    expect(await statusOf(t, phone.e164)).toMatchObject({ status: 'failed', attempts: 1 });
    expect((await statusOf(t, phone.e164))?.lastError).toContain('21610');
  });

  it('a provider down past the last retry fails the code with its reason; Resend sends a fresh one that signs up', async () => {
    const phone = nextPhone();
    const owner = await signInOwner(t);
    twilio.down('5xx');
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await deliverWithRetries(t, 12);
    const failed = await statusOf(t, phone.e164);
    expect(failed).toMatchObject({ status: 'failed', provider: null });
    expect(failed?.attempts).toBeGreaterThanOrEqual(5);
    expect(failed?.lastError).toContain('HTTP 500');
    const listed = await t.ok(adminApi.admin.outbox, { status: 'failed', channel: 'sms', limit: 50 }, { token: owner });
    expect(listed.items.map((item) => item.recipient)).toContain(phone.e164);
    expect(listed.items.every((item) => item.status === 'failed' && item.channel === 'sms' && item.code === null)).toBe(
      true,
    );

    twilio.recover();
    const resent = await t.ok(adminApi.admin.resendOutbox, {}, { token: owner, params: { id: failed?.id as number } });
    expect(resent).toMatchObject({ status: 'queued', code: null });
    await t.services.deliveries.run();
    await t.services.deliveries.run();
    expect(twilio.to(phone.e164)).toHaveLength(1);
    expect(await statusOf(t, phone.e164)).toMatchObject({ status: 'sent' });
    // The code had passed its ten minutes: the one resent is fresh, and it is the one that works.
    expect((await registerWith(t, phone.typed, twilio.lastCode(phone.e164))).code).toBe(SUCCESS_CODE);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `outbox:${failed?.id}`));
    expect(audited).toMatchObject({ action: 'outbox.resend', after: { status: 'queued', freshCode: true } });
  });

  it('a failed code still valid goes out again as it was', async () => {
    const phone = nextPhone();
    const owner = await signInOwner(t);
    twilio.refused.add(phone.e164);
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    const failed = await statusOf(t, phone.e164);
    expect(failed?.status).toBe('failed');
    twilio.refused.delete(phone.e164);
    await t.ok(adminApi.admin.resendOutbox, {}, { token: owner, params: { id: failed?.id as number } });
    await t.services.deliveries.run();
    expect((await registerWith(t, phone.typed, twilio.lastCode(phone.e164))).code).toBe(SUCCESS_CODE);
    const [audited] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, `outbox:${failed?.id}`));
    expect(audited?.after).toMatchObject({ freshCode: false });
  });

  it('only a failed message can be sent again, and an unknown one is named so', async () => {
    const phone = nextPhone();
    const owner = await signInOwner(t);
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    const queued = await statusOf(t, phone.e164);
    const again = await t.call(adminApi.admin.resendOutbox, {}, { token: owner, params: { id: queued?.id as number } });
    expect(again).toMatchObject({ code: ERRORS.OUTBOX_NOT_FAILED.code, msg: expect.stringContaining('queued') });
    const unknown = await t.call(adminApi.admin.resendOutbox, {}, { token: owner, params: { id: 999_999 } });
    expect(unknown.code).toBe(ERRORS.OUTBOX_MESSAGE_NOT_FOUND.code);
  });
});

describe("SMS through Africa's Talking, on a server deployment", () => {
  let at: FakeAfricasTalking;
  let t: TestApp;
  beforeAll(async () => {
    at = await new FakeAfricasTalking().start();
    t = await createTestApp({ ...SERVER, ...at.env(PUBLIC_URL) });
  });
  afterAll(async () => {
    await t.close();
    await at.close();
  });

  it('signs a user up by phone with the code that reached it, after two failed attempts', async () => {
    const phone = nextPhone();
    at.failNext(2, '5xx');
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    await deliverWithRetries(t, 2);
    expect(await statusOf(t, phone.e164)).toMatchObject({ status: 'sent', attempts: 3, provider: 'africastalking' });
    expect(at.to(phone.e164)[0]?.from).toBe('MINERVA');
    expect((await registerWith(t, phone.typed, at.lastCode(phone.e164))).code).toBe(SUCCESS_CODE);
  });

  it('a recipient status other than success is a failed attempt; a blacklisted number fails for good', async () => {
    const phone = nextPhone();
    at.refused.add(phone.e164);
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    expect(await statusOf(t, phone.e164)).toMatchObject({
      status: 'failed',
      attempts: 1,
      lastError: "Africa's Talking UserInBlacklist (406)",
    });
  });

  it('its delivery report needs the secret in the URL; with it, the message is delivered or failed', async () => {
    const phone = nextPhone();
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    const [message] = at.to(phone.e164);
    if (!message) throw new Error("Africa's Talking took no message");
    const report = (query: string, form: URLSearchParams) =>
      t.app.inject({
        method: 'POST',
        url: `${AFRICASTALKING_DELIVERY_PATH}${query}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form.toString(),
      });
    expect((await report('', at.deliveryReport(message, 'Failed', 'DeliveryFailure'))).statusCode).toBe(403);
    expect((await report('?secret=guess', at.deliveryReport(message, 'Failed'))).statusCode).toBe(403);
    expect((await statusOf(t, phone.e164))?.status).toBe('sent');
    const failed = await report(
      `?secret=${at.callbackSecret}`,
      at.deliveryReport(message, 'Failed', 'DeliveryFailure'),
    );
    expect(failed.json()).toMatchObject({ data: { applied: true } });
    expect(await statusOf(t, phone.e164)).toMatchObject({
      status: 'failed',
      lastError: "Africa's Talking Failed: DeliveryFailure",
    });
  });

  it('a provider that never answers is given up on after its timeout, and tried again', async () => {
    const transport = new AfricasTalkingSms({
      username: at.username,
      apiKey: at.apiKey,
      baseUrl: at.url,
      callbackSecret: at.callbackSecret,
      timeoutMs: 200,
    });
    at.failNext(1, 'timeout');
    await expect(
      transport.deliver({ id: 1, channel: 'sms', recipient: '+2348030000001', subject: '', body: 'hi' }),
    ).rejects.toMatchObject({
      name: 'DeliveryFailed',
      permanent: false,
      message: expect.stringContaining('unreachable'),
    });
    await expect(
      transport.deliver({ id: 1, channel: 'sms', recipient: '+2348030000001', subject: '', body: 'hi' }),
    ).resolves.toMatchObject({ providerId: expect.stringMatching(/^ATXid_/) });
  });
});

describe('the stand-ins check what the real providers check', () => {
  let twilio: FakeTwilio;
  let at: FakeAfricasTalking;
  beforeAll(async () => {
    twilio = await new FakeTwilio().start();
    at = await new FakeAfricasTalking().start();
  });
  afterAll(async () => {
    await twilio.close();
    await at.close();
  });
  const message = { id: 1, channel: 'sms' as const, recipient: '+2348031112222', subject: '', body: 'Your code' };
  const twilioWith = (options: Partial<ConstructorParameters<typeof TwilioSms>[0]>) =>
    new TwilioSms({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+15005550006',
      baseUrl: twilio.url,
      statusCallbackUrl: `${PUBLIC_URL}${TWILIO_STATUS_PATH}`,
      ...options,
    });

  it('Twilio refuses a wrong auth token, an unknown sender, and answers its own error codes', async () => {
    await expect(twilioWith({ authToken: 'wrong' }).deliver(message)).rejects.toMatchObject({
      message: 'Twilio HTTP 401 error 20003: Authenticate',
      permanent: false,
    });
    await expect(twilioWith({ from: '+15550000000' }).deliver(message)).rejects.toMatchObject({
      message: expect.stringContaining('error 21606'),
    });
    await expect(twilioWith({}).deliver({ ...message, recipient: '0803' })).rejects.toMatchObject({
      message: expect.stringContaining('error 21211'),
      permanent: true,
    });
    const viaService = twilioWith({ from: undefined, messagingServiceSid: twilio.messagingServiceSid });
    await expect(viaService.deliver(message)).resolves.toMatchObject({ providerId: expect.stringMatching(/^SM/) });
    expect(twilio.answered.at(-1)?.form).toMatchObject({ MessagingServiceSid: twilio.messagingServiceSid });
    expect(twilio.answered.at(-1)?.form.From).toBeUndefined();
  });

  it("Africa's Talking refuses a wrong key or username and an unregistered sender id", async () => {
    const atWith = (options: Partial<ConstructorParameters<typeof AfricasTalkingSms>[0]>) =>
      new AfricasTalkingSms({
        username: at.username,
        apiKey: at.apiKey,
        baseUrl: at.url,
        callbackSecret: at.callbackSecret,
        ...options,
      });
    await expect(atWith({ apiKey: 'wrong' }).deliver(message)).rejects.toMatchObject({
      message: "Africa's Talking HTTP 401: The supplied authentication is invalid",
    });
    await expect(atWith({ username: 'sandbox' }).deliver(message)).rejects.toMatchObject({
      message: expect.stringContaining('HTTP 401'),
    });
    await expect(atWith({ from: 'NOTOURS' }).deliver(message)).rejects.toMatchObject({
      message: "Africa's Talking InvalidSenderId (402)",
      permanent: false,
    });
  });
});

describe('SMS pumping: codes only where the operator allows, and few of them', () => {
  let twilio: FakeTwilio;
  let t: TestApp;
  beforeAll(async () => {
    twilio = await new FakeTwilio().start();
    t = await createTestApp({ ...SERVER, ...twilio.env(PUBLIC_URL) });
    await t.services.config.update({ sms_countries: ['233', '234'] }, { adminId: null, ip: '' });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  it('100 sign-up code requests for numbers outside sms_countries send nothing, each refused clearly', async () => {
    const answers = [];
    for (let i = 0; i < 100; i++) {
      // Numbers of another country, as pumping uses them, each from an address of its own.
      const number = `+44 7700 9${String(i).padStart(5, '0')}`;
      answers.push(await sendCodeFrom(t, `198.51.100.${i + 1}`, number, i % 2 ? 'fr' : 'en'));
    }
    expect(new Set(answers.map((answer) => answer.code))).toEqual(new Set([ERRORS.SMS_COUNTRY_REFUSED.code]));
    expect(answers[1]?.msg).toBe(ERRORS.SMS_COUNTRY_REFUSED.msg.fr);
    await t.services.deliveries.run();
    expect(twilio.taken.filter((message) => message.to.startsWith('+44'))).toHaveLength(0);
    const queued = await t.db.select({ recipient: outbox.recipient }).from(outbox);
    expect(queued.filter((row) => row.recipient.startsWith('+44'))).toHaveLength(0);
  });

  it('a burst of 50 parallel requests to one number sends one code', async () => {
    const phone = nextPhone();
    const burst = await Promise.all(
      Array.from({ length: 50 }, (_, i) => sendCodeFrom(t, `203.0.113.${i + 1}`, phone.typed)),
    );
    expect(burst.filter((answer) => answer.code === SUCCESS_CODE)).toHaveLength(1);
    expect(new Set(burst.map((answer) => answer.code))).toEqual(
      new Set([SUCCESS_CODE, ERRORS.CODE_COOLDOWN.code, ERRORS.RATE_LIMITED.code]),
    );
    await t.services.deliveries.run();
    expect(twilio.to(phone.e164)).toHaveLength(1);
  });

  it('an hour of asking for codes to one number, once a minute from many addresses, sends at most 10', async () => {
    const phone = nextPhone();
    for (let minute = 0; minute < 59; minute++) {
      await sendCodeFrom(t, `192.0.2.${minute + 1}`, phone.typed);
      t.clock.advance(61);
    }
    await t.services.deliveries.run();
    const taken = twilio.to(phone.e164).length;
    expect(taken).toBeGreaterThan(1);
    expect(taken).toBeLessThanOrEqual(10);
  });

  it('SMS codes to one country are capped per hour, past which requests wait', async () => {
    await t.services.config.update({ sms_codes_per_country_hour: 3 }, { adminId: null, ip: '' });
    const ghana = Array.from({ length: 5 }, (_, i) => `+233 24 400 00${String(i).padStart(2, '0')}`);
    const answers = [];
    for (const [i, number] of ghana.entries()) answers.push(await sendCodeFrom(t, `100.64.0.${i + 1}`, number));
    expect(answers.map((answer) => answer.code)).toEqual([
      SUCCESS_CODE,
      SUCCESS_CODE,
      SUCCESS_CODE,
      ERRORS.RATE_LIMITED.code,
      ERRORS.RATE_LIMITED.code,
    ]);
    await t.services.deliveries.run();
    expect(twilio.taken.filter((message) => message.to.startsWith('+233'))).toHaveLength(3);
  });
});

describe('a server deployment with no SMS provider', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(SERVER, {
      transports: { email: { provider: 'test-mail', deliver: async () => ({ providerId: null }) } },
    });
  });
  afterAll(() => t.close());

  it('offers sign-up by email only', async () => {
    expect((await t.ok(api.system.appConfig)).account_kinds).toEqual(['email']);
  });

  it("refuses a phone for a code, a sign-up or a reset, in the user's language, and queues nothing", async () => {
    const phone = nextPhone();
    const code = await t.call(api.user.sendCode, { account: phone.typed, purpose: 'register' }, { lang: 'fr' });
    expect(code).toMatchObject({ code: ERRORS.SMS_UNAVAILABLE.code, msg: ERRORS.SMS_UNAVAILABLE.msg.fr });
    const form = {
      account: phone.typed,
      code: '123456',
      password: PASSWORD,
      repeatPassword: PASSWORD,
      agree: true as const,
    };
    expect((await t.call(api.user.register, form, { lang: 'zh' })).msg).toBe(ERRORS.SMS_UNAVAILABLE.msg.zh);
    const reset = await t.call(api.user.resetPassword, { ...form, code: '123456' });
    expect(reset.code).toBe(ERRORS.SMS_UNAVAILABLE.code);
    expect(await t.db.$count(outbox)).toBe(0);
  });
});

describe('the embedded trial', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('offers email and phone, and keeps SMS codes in the outbox', async () => {
    expect((await t.ok(api.system.appConfig)).account_kinds).toEqual(['email', 'phone']);
    const phone = nextPhone();
    await t.ok(api.user.sendCode, { account: phone.typed, purpose: 'register' });
    await t.services.deliveries.run();
    const [message] = await t.ok(api.testing.outbox, { account: phone.typed });
    expect(message).toMatchObject({ status: 'sent', provider: 'outbox', recipient: phone.e164 });
    expect(message?.body).toContain(message?.code as string);
  });
});

describe('senders side by side', () => {
  let twilio: FakeTwilio;
  let t: TestApp;
  beforeAll(async () => {
    twilio = await new FakeTwilio().start();
    t = await createTestApp({ ...SERVER, ...twilio.env(PUBLIC_URL) });
  });
  afterAll(async () => {
    await t.close();
    await twilio.close();
  });

  const queue = async (count: number) => {
    const recipients = Array.from({ length: count }, () => nextPhone().e164);
    await t.db.transaction(async (tx) => {
      for (const recipient of recipients) {
        await t.services.notifier.enqueue(tx, { channel: 'sms', recipient, subject: '', body: 'Welcome' });
      }
    });
    return recipients;
  };
  const transports = () => ({
    sms: new TwilioSms({
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: '+15005550006',
      baseUrl: twilio.url,
      statusCallbackUrl: `${PUBLIC_URL}${TWILIO_STATUS_PATH}`,
    }),
  });
  const sealKey = derivedKey('any', 'outbox-code');

  it('a message claimed by a sender that died is sent by another once its lease has passed, once', async () => {
    const [recipient] = await queue(1);
    let wall = Date.now();
    const stuck: Transport = { provider: 'twilio', deliver: () => new Promise(() => undefined) };
    const dying = new Deliveries(t.db, t.clock, t.app.log, {
      transports: { sms: stuck },
      outboxOnly: false,
      sealKey,
      wallClock: () => wall,
    });
    void dying.run();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const survivor = new Deliveries(t.db, t.clock, t.app.log, {
      transports: transports(),
      outboxOnly: false,
      sealKey,
      wallClock: () => wall,
    });
    expect(await survivor.run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    wall += 10 * 60_000;
    expect(await survivor.run()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await survivor.run()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(twilio.to(recipient as string)).toHaveLength(1);
    expect(await statusOf(t, recipient as string)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('each outcome is written as soon as it is known, not when the slowest send of its batch ends', async () => {
    const recipients = await queue(10);
    let release: () => void = () => undefined;
    const slow = new Promise<void>((resolve) => {
      release = resolve;
    });
    const taken: string[] = [];
    const oneSlow: Transport = {
      provider: 'twilio',
      async deliver(message) {
        if (message.recipient === recipients[0]) await slow;
        taken.push(message.recipient);
        return { providerId: `SM-${message.id}` };
      },
    };
    const sender = new Deliveries(t.db, t.clock, t.app.log, {
      transports: { sms: oneSlow },
      outboxOnly: false,
      sealKey,
    });
    const running = sender.run();
    await expect
      .poll(
        async () =>
          (await t.db.select().from(outbox).where(eq(outbox.status, 'sent'))).filter((row) =>
            recipients.includes(row.recipient),
          ).length,
      )
      .toBe(9);
    release();
    expect(await running).toMatchObject({ sent: 10 });
    expect(taken).toHaveLength(10);
  });

  it('a message just queued is sent at once on its own, not the rest of the due queue', async () => {
    const [first, second] = await queue(2);
    const [row] = await t.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, first as string));
    const sender = new Deliveries(t.db, t.clock, t.app.log, { transports: transports(), outboxOnly: false, sealKey });
    sender.sendNow([row?.id as number]);
    await expect.poll(async () => (await statusOf(t, first as string))?.status).toBe('sent');
    await sender.stop();
    expect(twilio.to(first as string)).toHaveLength(1);
    expect(twilio.to(second as string)).toHaveLength(0);
    expect((await statusOf(t, second as string))?.status).toBe('queued');
    await t.services.deliveries.run();
    expect(twilio.to(second as string)).toHaveLength(1);
  });

  it.skipIf(!usingPostgres)('two instances draining one queue send each message once (PostgreSQL)', async () => {
    const recipients = await queue(400);
    const second = await openSecondPool(t.database);
    try {
      const options = { transports: transports(), outboxOnly: false, sealKey, batch: 20, concurrency: 8 };
      const a = new Deliveries(t.db, t.clock, t.app.log, options);
      const b = new Deliveries(second.db, t.clock, t.app.log, options);
      const [ranA, ranB] = await Promise.all([a.run(), b.run()]);
      expect(ranA.sent + ranB.sent).toBe(400);
      expect(ranA.sent).toBeGreaterThan(0);
      expect(ranB.sent).toBeGreaterThan(0);
    } finally {
      await second.close();
    }
    const sentTo = twilio.taken.map((message) => message.to).filter((to) => recipients.includes(to));
    expect(sentTo).toHaveLength(400);
    expect(new Set(sentTo).size).toBe(400);
  });
});
