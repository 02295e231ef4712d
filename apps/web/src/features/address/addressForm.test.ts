import { addressInput as addressSchema } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { type AddressDraft, addressInput, addressProblems, EMPTY_ADDRESS } from './addressForm';

const FULL: AddressDraft = {
  firstName: ' Ada ',
  lastName: 'Lovelace',
  phone: '08012345678',
  email: '',
  region: 'Lagos',
  city: 'Ikeja',
  postalCode: '100001',
  detail: '12 Allen Avenue',
  isDefault: false,
};

describe('the address form', () => {
  it('asks for first name, last name, phone, region, city, postal code and detailed address, each under its field', () => {
    expect(addressProblems(addressSchema, EMPTY_ADDRESS)).toEqual({
      firstName: 'FIELD_REQUIRED',
      lastName: 'FIELD_REQUIRED',
      phone: 'FIELD_REQUIRED',
      region: 'FIELD_REQUIRED',
      city: 'FIELD_REQUIRED',
      postalCode: 'FIELD_REQUIRED',
      detail: 'FIELD_REQUIRED',
    });
  });

  it('takes a complete address without an email', () => {
    expect(addressProblems(addressSchema, FULL)).toEqual({});
  });

  it('refuses an email that is given but is no address', () => {
    expect(addressProblems(addressSchema, { ...FULL, email: 'ada@' })).toEqual({ email: 'EMAIL_INVALID' });
    expect(addressProblems(addressSchema, { ...FULL, email: 'ada@example.com' })).toEqual({});
  });

  it('refuses a text longer than the server keeps', () => {
    expect(addressProblems(addressSchema, { ...FULL, detail: 'x'.repeat(301) })).toEqual({ detail: 'FIELD_TOO_LONG' });
  });

  it('sends the texts trimmed and leaves an empty email out', () => {
    const sent = addressInput({ ...FULL, isDefault: true });
    expect(sent.firstName).toBe('Ada');
    expect('email' in sent).toBe(false);
    expect(sent.isDefault).toBe(true);
    expect(addressInput({ ...FULL, email: ' ada@example.com ' }).email).toBe('ada@example.com');
  });
});
