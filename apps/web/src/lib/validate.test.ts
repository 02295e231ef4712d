import { api, ERRORS } from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/client';
import i18n from '../i18n';
import { refusalOf, validate, validateAccount } from './validate';

const base = { account: 'a@b.co', code: '123456', password: 'secret1', repeatPassword: 'secret1', agree: true };

describe('form validation with the contract schemas', () => {
  beforeAll(() => i18n.loadLanguages(['en', 'fr']));
  it('a missing field says which field, in the chosen language', () => {
    const result = validate(api.user.register.input, { ...base, code: '' }, 'fr');
    expect(result).toMatchObject({ ok: false, field: 'code', message: 'Veuillez saisir Code de vérification.' });
  });
  it('mismatching passwords are rejected', () => {
    const result = validate(api.user.register.input, { ...base, repeatPassword: 'other12' }, 'en');
    expect(result).toMatchObject({ ok: false, message: 'The two passwords do not match.' });
  });
  it('the agreement must be accepted', () => {
    const result = validate(api.user.register.input, { ...base, agree: false }, 'en');
    expect(result).toMatchObject({ ok: false, message: 'Please read and accept the user agreement.' });
  });
  it('a valid form passes', () => {
    expect(validate(api.user.register.input, base, 'en').ok).toBe(true);
  });
  it('an invalid email and a short phone are rejected with the configured minimum', () => {
    expect(validateAccount('a@b', 10, 'en')?.message).toBe('Email address invalid.');
    expect(validateAccount('12345', 10, 'en')?.message).toBe('Phone number must have at least 10 digits.');
    expect(validateAccount('0123456789', 10, 'en')).toBeNull();
  });
  it('a payment password must be 6 digits and both entries must match', () => {
    expect(validate(api.user.setPayPassword.input, { code: '123456', payPassword: '12345' }, 'en').ok).toBe(false);
    const mismatch = validate(
      api.user.setPayPassword.input,
      { code: '123456', payPassword: '123456', repeatPayPassword: '654321' },
      'en',
    );
    expect(mismatch.ok).toBe(false);
  });
});

describe("a server's refusal in a form", () => {
  const fields = { PAY_PASSWORD_WRONG: 'payPassword' } as const;
  it('is about the field its error is named for', () => {
    const wrong = new ApiError(ERRORS.PAY_PASSWORD_WRONG.code, 'Wrong payment password.', 'business');
    expect(refusalOf(wrong, 'offline', fields)).toEqual({ field: 'payPassword', message: 'Wrong payment password.' });
  });
  it('is about the whole form when its error names no field of it', () => {
    const locked = new ApiError(ERRORS.PAY_PASSWORD_LOCKED.code, 'Locked for today.', 'business');
    expect(refusalOf(locked, 'offline', fields)).toEqual({ field: undefined, message: 'Locked for today.' });
  });
  it("says the form's own words when the API said nothing (a lost connection)", () => {
    expect(refusalOf(new ApiError(-1, '', 'network'), 'offline', fields)).toEqual({ message: 'offline' });
    expect(refusalOf(new TypeError('x'), 'offline', fields)).toEqual({ message: 'offline' });
  });
});
