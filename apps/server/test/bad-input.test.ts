import { ADMIN_API_BASE, API_BASE, adminApi, api, ERRORS, LANGUAGES, SUCCESS_CODE } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HUGE, OVER_LIMIT } from './every-endpoint.ts';
import { createProduct, lastCode, nextAccount, signInOwner, signUp } from './factories.ts';
import { createTestApp, type TestApp } from './setup.ts';

let t: TestApp;
let userToken: string;
let adminToken: string;

beforeAll(async () => {
  // Injected requests come from loopback: trusted, it lets each case name its own client address.
  t = await createTestApp({ TRUST_PROXY: 'loopback' });
  const signed = await signUp(t);
  userToken = signed.token;
  adminToken = await signInOwner(t);
});
afterAll(() => t.close());

describe('input that would reach the database is refused first, with a clear message', () => {
  const admin = (path: string) => ({ method: 'GET' as const, url: `${ADMIN_API_BASE}${path}` });
  const answerOf = async (request: { method: 'GET' | 'PUT'; url: string; payload?: object }) =>
    (await t.app.inject({ ...request, headers: { authorization: adminToken } })).json();

  it('a search with a NUL byte answers TEXT_UNSTORABLE naming the field, where PostgreSQL would have failed', async () => {
    expect(await answerOf(admin('/users?q=ab%00cd'))).toEqual({
      code: ERRORS.TEXT_UNSTORABLE.code,
      msg: 'q contains an invalid character.',
      data: null,
    });
    const deposit = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/deposits/abc%00def`,
      headers: { authorization: userToken, 'accept-language': 'fr' },
    });
    expect(deposit.json()).toEqual({
      code: ERRORS.TEXT_UNSTORABLE.code,
      msg: 'transId contient un caractère non valide.',
      data: null,
    });
  });

  it('a product name with a lone surrogate is refused, not stored as a replacement character', async () => {
    const product = await createProduct(t, { name: { en: 'Miner' } });
    const answer = await answerOf({
      method: 'PUT',
      url: `${ADMIN_API_BASE}/products/${product.id}`,
      payload: { name: { en: 'Miner \ud800' } },
    });
    expect(answer).toMatchObject({ code: ERRORS.TEXT_UNSTORABLE.code, msg: 'Name contains an invalid character.' });
    const [stored] = (await t.ok(adminApi.products.products, {}, { token: adminToken })).filter(
      (p) => p.id === product.id,
    );
    expect(stored?.nameI18n.en).toBe('Miner');
  });

  it('an id past the integer column, as a filter or a cursor, answers INVALID_INPUT', async () => {
    for (const path of ['/orders?userId=2147483648', '/holdings?userId=2147483648', '/users?cursor=2147483648']) {
      expect(await answerOf(admin(path)), path).toMatchObject({ code: ERRORS.INVALID_INPUT.code });
    }
    expect((await answerOf(admin('/users?cursor=2147483647'))).code).toBe(SUCCESS_CODE);
  });

  it('an edit of nothing to an existing admin or product answers NOTHING_TO_CHANGE and changes nothing', async () => {
    const me = await t.ok(adminApi.admin.me, {}, { token: adminToken });
    const product = await createProduct(t);
    for (const url of [`${ADMIN_API_BASE}/admins/${me.id}`, `${ADMIN_API_BASE}/products/${product.id}`]) {
      expect(await answerOf({ method: 'PUT', url, payload: {} }), url).toEqual({
        code: ERRORS.NOTHING_TO_CHANGE.code,
        msg: ERRORS.NOTHING_TO_CHANGE.msg.en,
        data: null,
      });
    }
    const audit = await t.ok(adminApi.admin.audit, { q: `product:${product.id}` }, { token: adminToken });
    expect(audit.items.map((row) => row.action)).toEqual(['product.create']);
  });
});

describe('sessions come before validation', () => {
  it('an anonymous call with bad input to a user endpoint is told to sign in first', async () => {
    const answer = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/location`,
      payload: { latitude: 'north' },
    });
    expect(answer.json()).toMatchObject({ code: ERRORS.SESSION_MISSING.code });
  });

  it('a back-office call with bad input and no token answers ADMIN_SESSION_INVALID', async () => {
    const answer = await t.app.inject({ method: 'PUT', url: `${ADMIN_API_BASE}/config`, payload: { nope: 1 } });
    expect(answer.json()).toMatchObject({ code: ERRORS.ADMIN_SESSION_INVALID.code });
  });
});

describe('field rules answer their exact code and message', () => {
  it('a malformed email is refused with EMAIL_INVALID "Email address invalid."', async () => {
    for (const account of ['plainaddress@', 'a@b', 'no-at-sign.example.com@x', 'spaces in@example.com']) {
      const answer = await t.call(api.user.sendCode, { account, purpose: 'register' });
      expect(answer, account).toMatchObject({ code: ERRORS.EMAIL_INVALID.code, msg: 'Email address invalid.' });
    }
  });

  it('a phone number too short for the configured digits is refused with PHONE_INVALID', async () => {
    const answer = await t.call(api.user.sendCode, { account: '0801234', purpose: 'register' }, { lang: 'fr' });
    expect(answer).toMatchObject({
      code: ERRORS.PHONE_INVALID.code,
      msg: ERRORS.PHONE_INVALID.msg.fr.replace('{min}', '10'),
    });
    const register = await t.call(api.user.register, {
      account: '12345',
      code: '123456',
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    expect(register.code).toBe(ERRORS.PHONE_INVALID.code);
  });

  it('mismatched passwords are refused with PASSWORDS_MISMATCH before the code is checked', async () => {
    const answer = await t.call(api.user.register, {
      account: nextAccount(),
      code: '123456',
      password: 'secret123',
      repeatPassword: 'secret124',
      agree: true,
    });
    expect(answer.code).toBe(ERRORS.PASSWORDS_MISMATCH.code);
    expect(answer.msg).toBe(ERRORS.PASSWORDS_MISMATCH.msg.en);
  });

  it('sign-up without accepting the agreement is refused with AGREEMENT_REQUIRED', async () => {
    const form = { account: nextAccount(), code: '123456', password: 'secret123', repeatPassword: 'secret123' };
    for (const agree of [false, 'true', 1, undefined]) {
      const answer = await t.call(api.user.register, { ...form, agree } as never);
      expect(answer, String(agree)).toMatchObject({
        code: ERRORS.AGREEMENT_REQUIRED.code,
        msg: ERRORS.AGREEMENT_REQUIRED.msg.en,
      });
    }
  });

  it('a code used once cannot be used again: sign-up and reset answer CODE_EXPIRED', async () => {
    const { account } = await signUp(t);
    const registerCode = await lastCode(t, account);
    const again = await t.call(api.user.register, {
      account,
      code: registerCode,
      password: 'secret123',
      repeatPassword: 'secret123',
      agree: true,
    });
    expect(again).toMatchObject({ code: ERRORS.CODE_EXPIRED.code, msg: ERRORS.CODE_EXPIRED.msg.en });

    await t.ok(api.user.sendCode, { account, purpose: 'reset' });
    const resetCode = await lastCode(t, account);
    const form = { account, code: resetCode, password: 'another1', repeatPassword: 'another1' };
    await t.ok(api.user.resetPassword, form);
    const reused = await t.call(api.user.resetPassword, { ...form, password: 'another2', repeatPassword: 'another2' });
    expect(reused).toMatchObject({ code: ERRORS.CODE_EXPIRED.code, msg: ERRORS.CODE_EXPIRED.msg.en });
  });

  it('an expired code answers CODE_EXPIRED', async () => {
    const account = nextAccount();
    await t.ok(api.user.sendCode, { account, purpose: 'register' });
    const code = await lastCode(t, account);
    t.clock.advance(10 * 60 + 5);
    try {
      const answer = await t.call(api.user.register, {
        account,
        code,
        password: 'secret123',
        repeatPassword: 'secret123',
        agree: true,
      });
      expect(answer).toMatchObject({ code: ERRORS.CODE_EXPIRED.code, msg: ERRORS.CODE_EXPIRED.msg.en });
    } finally {
      t.clock.set(new Date());
    }
  });

  it('a missing field answers FIELD_REQUIRED naming the field in the reader’s language', async () => {
    const cases: [string, string][] = [
      ['en', 'Please enter Password.'],
      ['fr', 'Veuillez saisir Mot de passe.'],
      ['zh', '请输入密码'],
      ['es', 'Introduce Contraseña.'],
    ];
    for (const [lang, msg] of cases) {
      const answer = await t.call(api.user.login, { account: 'someone@example.com' } as never, { lang });
      expect(answer, lang).toEqual({ code: ERRORS.FIELD_REQUIRED.code, msg, data: null });
    }
    const fr = await t.call(api.user.sendCode, { purpose: 'register' } as never, { lang: 'fr-FR,fr;q=0.9' });
    expect(fr).toMatchObject({ code: ERRORS.FIELD_REQUIRED.code, msg: 'Veuillez saisir E-mail ou téléphone.' });
    const zh = await t.call(api.user.register, { account: nextAccount() } as never, { lang: 'zh-CN' });
    expect(zh).toMatchObject({ code: ERRORS.FIELD_REQUIRED.code, msg: '请输入验证码' });
  });

  it('a field that is too long answers FIELD_TOO_LONG', async () => {
    const answer = await t.call(api.user.login, { account: HUGE, password: 'whatever1' });
    expect(answer).toMatchObject({ code: ERRORS.FIELD_TOO_LONG.code, msg: 'Email or phone is too long.' });
  });
});

describe('messages in six languages', () => {
  it('every error of the table has a message in each of the six languages', () => {
    for (const [key, def] of Object.entries(ERRORS)) {
      for (const lang of LANGUAGES) expect(def.msg[lang]?.trim(), `${key} ${lang}`).toBeTruthy();
      expect(Object.keys(def.msg).sort(), key).toEqual([...LANGUAGES].sort());
    }
  });

  it('error codes are unique', () => {
    const codes = Object.values(ERRORS).map((def) => def.code);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it('the message follows Accept-Language in en, es, fr, vi, th and zh', async () => {
    const expected: Record<string, string> = {
      en: 'Email address invalid.',
      es: 'Dirección de correo no válida.',
      fr: 'Adresse e-mail invalide.',
      vi: 'Địa chỉ email không hợp lệ.',
      th: 'ที่อยู่อีเมลไม่ถูกต้อง',
      zh: '邮箱地址无效',
    };
    for (const lang of LANGUAGES) {
      const answer = await t.call(api.user.sendCode, { account: 'bad@email', purpose: 'register' }, { lang });
      expect(answer, lang).toEqual({ code: ERRORS.EMAIL_INVALID.code, msg: expected[lang], data: null });
      expect(answer.msg).toBe(ERRORS.EMAIL_INVALID.msg[lang]);
    }
  });

  it('an unsupported language falls back to English', async () => {
    for (const lang of ['de', 'de-DE,de;q=0.9', 'xx', '*']) {
      const answer = await t.call(api.user.sendCode, { account: 'bad@email', purpose: 'register' }, { lang });
      expect(answer.msg, lang).toBe('Email address invalid.');
    }
    const preferred = await t.call(
      api.user.sendCode,
      { account: 'bad@email', purpose: 'register' },
      { lang: 'de;q=1, vi;q=0.5' },
    );
    expect(preferred.msg).toBe('Địa chỉ email không hợp lệ.');
  });

  it('session, back-office and transport errors are translated too', async () => {
    expect((await t.call(api.user.info, {}, { lang: 'th' })).msg).toBe(ERRORS.SESSION_MISSING.msg.th);
    expect((await t.call(adminApi.admin.dashboard, {}, { lang: 'vi' })).msg).toBe(ERRORS.ADMIN_SESSION_INVALID.msg.vi);
    const badJson = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/login`,
      headers: { 'content-type': 'application/json', 'accept-language': 'es' },
      payload: '{',
    });
    expect(badJson.json()).toEqual({ code: ERRORS.BAD_JSON.code, msg: ERRORS.BAD_JSON.msg.es, data: null });
  });
});

describe('transport', () => {
  it('an unknown route answers the NOT_FOUND envelope with HTTP 200', async () => {
    for (const [method, url] of [
      ['GET', `${API_BASE}/nope`],
      ['POST', `${API_BASE}/user/nope`],
      ['GET', `${ADMIN_API_BASE}/nope`],
      ['DELETE', `${API_BASE}/appConfig`],
      ['GET', '/sandbox/nope'],
    ] as const) {
      const response = await t.app.inject({ method, url, headers: { 'accept-language': 'fr' } });
      expect(response.statusCode, url).toBe(200);
      expect(response.json(), url).toEqual({ code: ERRORS.NOT_FOUND.code, msg: ERRORS.NOT_FOUND.msg.fr, data: null });
    }
  });

  it('malformed JSON answers BAD_JSON', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/login`,
      headers: { 'content-type': 'application/json' },
      payload: '{"account":',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ERRORS.BAD_JSON.code, msg: ERRORS.BAD_JSON.msg.en });
  });

  it('a body over 256 kB answers BAD_JSON, not HTTP 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/user/login`,
      payload: { account: OVER_LIMIT, password: 'x' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ code: ERRORS.BAD_JSON.code });
  });

  it('GET accepts and ignores the cache-buster t', async () => {
    const plain = await t.app.inject({ method: 'GET', url: `${API_BASE}/appConfig` });
    const busted = await t.app.inject({ method: 'GET', url: `${API_BASE}/appConfig?t=${Date.now()}` });
    expect(busted.json()).toEqual(plain.json());
    expect(busted.json()).toMatchObject({ code: SUCCESS_CODE });
    const bill = await t.app.inject({
      method: 'GET',
      url: `${API_BASE}/bill?t=1700000000000`,
      headers: { authorization: userToken },
    });
    expect(bill.json()).toMatchObject({ code: SUCCESS_CODE, data: { rechargeBalance: '0.00' } });
    const users = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_API_BASE}/users?t=abc&limit=5`,
      headers: { authorization: adminToken },
    });
    expect(users.json()).toMatchObject({ code: SUCCESS_CODE });
  });

  it('the token is read with or without "Bearer "', async () => {
    const bare = userToken.replace(/^Bearer\s+/i, '');
    expect((await t.call(api.user.info, {}, { token: bare })).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.info, {}, { token: `Bearer ${bare}` })).code).toBe(SUCCESS_CODE);
    expect((await t.call(api.user.info, {}, { token: `bearer  ${bare}` })).code).toBe(SUCCESS_CODE);
  });
});
