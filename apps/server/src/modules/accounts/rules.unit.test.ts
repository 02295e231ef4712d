import { ERRORS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import {
  accountOf,
  codeChannel,
  codeDelivery,
  signInAccount,
  signUpKinds,
  storedAccount,
  userSearch,
} from './rules.ts';

const NIGERIA = { phoneMinDigits: 10, defaultCountry: 'NG' };
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? error.key : String(error);
  }
  return null;
};

describe('the account a user typed', () => {
  it('a phone typed in the national way is kept in E.164, with its country calling code', () => {
    expect(accountOf('0803 123 4567', NIGERIA)).toEqual({
      account: '+2348031234567',
      kind: 'phone',
      callingCode: '234',
    });
  });

  it('the same phone typed with + and its country code is the same account', () => {
    expect(accountOf('+234 803-123-4567', NIGERIA).account).toBe('+2348031234567');
    expect(accountOf('(0803) 123 4567', NIGERIA).account).toBe('+2348031234567');
  });

  it('a number of another country keeps its own country code', () => {
    expect(accountOf('+233 24 412 3456', NIGERIA)).toMatchObject({ account: '+233244123456', callingCode: '233' });
  });

  it('the default country decides a number typed without +', () => {
    expect(accountOf('024 412 3456', { phoneMinDigits: 10, defaultCountry: 'GH' }).account).toBe('+233244123456');
  });

  it('the length rule of the language still applies to what was typed', () => {
    const spain = { phoneMinDigits: 9, defaultCountry: 'ES' };
    expect(refusal(() => accountOf('612345678', { ...spain, phoneMinDigits: 10 }))).toBe('PHONE_INVALID');
    expect(accountOf('612 345 678', spain).account).toBe('+34612345678');
  });

  it('a number no country numbers so is refused with its own message', () => {
    expect(refusal(() => accountOf('+999 1234 567890', NIGERIA))).toBe('PHONE_NUMBER_INVALID');
    expect(ERRORS.PHONE_NUMBER_INVALID.msg.en).toContain('country code');
  });

  it('an email is kept in lower case; a bad one is refused', () => {
    expect(accountOf(' Ada@Example.COM ', NIGERIA)).toEqual({ account: 'ada@example.com', kind: 'email' });
    expect(refusal(() => accountOf('ada@', NIGERIA))).toBe('EMAIL_INVALID');
  });

  it('a sign-in finds the account however its phone is typed, and refuses nothing itself', () => {
    expect(signInAccount('08031234567', 'NG')).toBe('+2348031234567');
    expect(signInAccount('+2348031234567', 'NG')).toBe('+2348031234567');
    expect(signInAccount('12', 'NG')).toBe('12');
    expect(signInAccount('Ada@Example.com', 'NG')).toBe('ada@example.com');
  });
});

describe('the channel a code goes by', () => {
  const phone = accountOf('08031234567', NIGERIA);
  const email = accountOf('ada@example.com', NIGERIA);
  const both = { email: true, sms: true };

  it('a phone gets an SMS, an email an email', () => {
    expect(codeChannel(phone, both, [])).toBe('sms');
    expect(codeChannel(email, both, [])).toBe('email');
  });

  it('with no SMS provider a phone is refused, and sign-up offers email only', () => {
    expect(refusal(() => codeChannel(phone, { email: true, sms: false }, []))).toBe('SMS_UNAVAILABLE');
    expect(signUpKinds({ email: true, sms: false })).toEqual(['email']);
    expect(signUpKinds(both)).toEqual(['email', 'phone']);
  });

  it('with no email provider an email is refused', () => {
    expect(refusal(() => codeChannel(email, { email: false, sms: true }, []))).toBe('EMAIL_UNAVAILABLE');
  });

  it('a number outside the countries that may receive SMS is refused; an empty list allows all', () => {
    expect(refusal(() => codeChannel(phone, both, ['233', '254']))).toBe('SMS_COUNTRY_REFUSED');
    expect(codeChannel(phone, both, ['233', '234'])).toBe('sms');
  });

  it('the country list says nothing of emails', () => {
    expect(codeChannel(email, both, ['233'])).toBe('email');
  });
});

describe('what a code request sends', () => {
  it('a sign-up code goes to a new account; a registered one gets the notice in its place', () => {
    expect(codeDelivery('register', false)).toBe('code');
    expect(codeDelivery('register', true)).toBe('accountTaken');
  });

  it('a reset or payment-password code goes to a registered account; for another nothing is sent', () => {
    for (const purpose of ['reset', 'payPassword'] as const) {
      expect(codeDelivery(purpose, true)).toBe('code');
      expect(codeDelivery(purpose, false)).toBe('nothing');
    }
  });
});

describe('an account as stored', () => {
  it('a stored phone knows its country calling code again', () => {
    expect(storedAccount('+233244123456')).toEqual({ account: '+233244123456', kind: 'phone', callingCode: '233' });
    expect(storedAccount('ada@example.com')).toEqual({ account: 'ada@example.com', kind: 'email' });
  });
});

describe('an operator’s search of the users', () => {
  it('matches a phone typed the national way, with spaces, as its stored number', () => {
    expect(userSearch('0803 123 4567', 'NG')).toEqual({ text: '0803 123 4567', account: '+2348031234567' });
  });

  it('matches a user ID typed as a number or as "#12", besides the text', () => {
    expect(userSearch('#12', 'NG')).toEqual({ text: '#12', account: '#12', id: 12 });
    expect(userSearch('12', 'NG')).toMatchObject({ text: '12', id: 12 });
    expect(userSearch('ada', 'NG')).toEqual({ text: 'ada', account: 'ada' });
  });
});
