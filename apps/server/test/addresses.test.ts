import { ADDRESS_MAX, type AddressInput, api, ERRORS, SUCCESS_CODE } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './factories.ts';
import { createTestApp, type TestApp, usingPostgres } from './setup.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const HOME: AddressInput = {
  firstName: 'Ada',
  lastName: 'Obi',
  phone: '+234 801 234 5678',
  region: 'Lagos',
  city: 'Ikeja',
  postalCode: '100001',
  detail: '12 Allen Avenue',
};

async function user() {
  const { token } = await signUp(t);
  return `Bearer ${token}`;
}

const add = (token: string, fields: Partial<AddressInput> = {}) =>
  t.ok(api.addresses.create, { ...HOME, ...fields }, { token });
const list = (token: string) => t.ok(api.addresses.list, {}, { token });
const defaultOf = async (token: string) => (await list(token)).filter((a) => a.isDefault).map((a) => a.detail);

describe('my addresses', () => {
  it('an address is kept with its phone normalized, and the first one becomes the default', async () => {
    const token = await user();
    const saved = await add(token, { email: 'Ada@Mail.com' });
    expect(saved).toMatchObject({ ...HOME, phone: '+2348012345678', email: 'ada@mail.com', isDefault: true });
    expect(await list(token)).toEqual([saved]);
  });

  it('name, surname, detailed address, postal code, region and city are required', async () => {
    const token = await user();
    for (const field of ['firstName', 'lastName', 'detail', 'postalCode', 'region', 'city'] as const) {
      const answer = await t.call(api.addresses.create, { ...HOME, [field]: '  ' }, { token });
      expect(answer.code, field).toBe(ERRORS.FIELD_REQUIRED.code);
    }
    expect(await list(token)).toEqual([]);
  });

  it('a phone is checked like a phone account, an email like an email', async () => {
    const token = await user();
    const shortPhone = await t.call(api.addresses.create, { ...HOME, phone: '12345' }, { token });
    expect(shortPhone.code).toBe(ERRORS.PHONE_INVALID.code);
    const badEmail = await t.call(api.addresses.create, { ...HOME, email: 'ada@' }, { token });
    expect(badEmail.code).toBe(ERRORS.EMAIL_INVALID.code);
  });

  it('marking another address the default moves the default to it', async () => {
    const token = await user();
    await add(token, { detail: 'first' });
    const second = await add(token, { detail: 'second' });
    expect(await defaultOf(token)).toEqual(['first']);
    await add(token, { detail: 'third', isDefault: true });
    expect(await defaultOf(token)).toEqual(['third']);
    await t.ok(
      api.addresses.update,
      { ...HOME, detail: 'second, edited', isDefault: true },
      { token, params: { id: second.id } },
    );
    expect(await defaultOf(token)).toEqual(['second, edited']);
    expect((await list(token))[0]?.detail).toBe('second, edited');
  });

  it('the default stays the default when an edit does not mark it', async () => {
    const token = await user();
    const first = await add(token, { detail: 'first' });
    await t.ok(
      api.addresses.update,
      { ...HOME, detail: 'moved', isDefault: false },
      { token, params: { id: first.id } },
    );
    expect(await defaultOf(token)).toEqual(['moved']);
  });

  it('deleting the default makes the newest remaining address the default', async () => {
    const token = await user();
    const first = await add(token, { detail: 'first' });
    await add(token, { detail: 'second' });
    await add(token, { detail: 'third' });
    expect(await t.ok(api.addresses.remove, {}, { token, params: { id: first.id } })).toBeNull();
    expect(await defaultOf(token)).toEqual(['third']);
    expect((await list(token)).map((a) => a.detail)).toEqual(['third', 'second']);
  });

  it(`a user keeps at most ${ADDRESS_MAX} addresses`, async () => {
    const token = await user();
    for (let i = 0; i < ADDRESS_MAX; i++) await add(token, { detail: `street ${i}` });
    const answer = await t.call(api.addresses.create, HOME, { token });
    expect(answer.code).toBe(ERRORS.ADDRESS_LIMIT.code);
    expect(answer.msg).toContain(String(ADDRESS_MAX));
  });

  it("another user's address can be neither seen, changed nor deleted", async () => {
    const owner = await user();
    const other = await user();
    const mine = await add(owner);
    expect(await list(other)).toEqual([]);
    const edit = await t.call(
      api.addresses.update,
      { ...HOME, detail: 'taken' },
      { token: other, params: { id: mine.id } },
    );
    expect(edit.code).toBe(ERRORS.ADDRESS_NOT_FOUND.code);
    const removal = await t.call(api.addresses.remove, {}, { token: other, params: { id: mine.id } });
    expect(removal.code).toBe(ERRORS.ADDRESS_NOT_FOUND.code);
    expect(await list(owner)).toEqual([mine]);
  });

  it('the address book is for signed-in users only', async () => {
    expect((await t.call(api.addresses.list, {})).code).toBe(ERRORS.SESSION_MISSING.code);
  });
});

if (!usingPostgres) {
  it.skip('parallel address changes (PostgreSQL only: set TEST_DATABASE_URL)', () => {});
}

describe.skipIf(!usingPostgres)('address changes at once (PostgreSQL)', () => {
  it('30 first addresses added at once make one default and stop at the cap', async () => {
    const token = await user();
    const answers = await Promise.all(
      Array.from({ length: ADDRESS_MAX + 10 }, (_, i) =>
        t.call(api.addresses.create, { ...HOME, detail: `d${i}` }, { token }),
      ),
    );
    expect(answers.filter((answer) => answer.code === SUCCESS_CODE)).toHaveLength(ADDRESS_MAX);
    expect(answers.filter((answer) => answer.code === ERRORS.ADDRESS_LIMIT.code)).toHaveLength(10);
    expect((await list(token)).filter((a) => a.isDefault)).toHaveLength(1);
  });
});
