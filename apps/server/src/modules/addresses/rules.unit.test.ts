import { ADDRESS_MAX } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors.ts';
import { assertRoomForAddress, contactOf, isDefaultAfter } from './rules.ts';

describe('address rules', () => {
  it('a phone is checked like a phone account and kept without spaces or dashes', () => {
    expect(contactOf({ phone: '+234 801-234-5678' }, 10)).toEqual({ phone: '+2348012345678', email: '' });
    expect(() => contactOf({ phone: '12345' }, 10)).toThrowError(new AppError('PHONE_INVALID', { min: 10 }));
    expect(() => contactOf({ phone: 'call me' }, 10)).toThrowError(new AppError('PHONE_INVALID', { min: 10 }));
    expect(() => contactOf({ phone: 'a@b.co' }, 5)).toThrowError(new AppError('PHONE_INVALID', { min: 5 }));
  });

  it('an email is optional, and checked when given', () => {
    expect(contactOf({ phone: '08012345678', email: ' Ann@Mail.com ' }, 10).email).toBe('ann@mail.com');
    expect(() => contactOf({ phone: '08012345678', email: 'not-an-email' }, 10)).toThrowError(
      new AppError('EMAIL_INVALID'),
    );
  });

  it('a user keeps at most ADDRESS_MAX addresses', () => {
    expect(() => assertRoomForAddress(ADDRESS_MAX - 1)).not.toThrow();
    expect(() => assertRoomForAddress(ADDRESS_MAX)).toThrowError(new AppError('ADDRESS_LIMIT', { max: ADDRESS_MAX }));
  });

  it('the first address is the default, one marked so takes it, and the default stays', () => {
    expect(isDefaultAfter({ wasDefault: false, asked: undefined, others: 0 })).toBe(true);
    expect(isDefaultAfter({ wasDefault: false, asked: true, others: 3 })).toBe(true);
    expect(isDefaultAfter({ wasDefault: false, asked: undefined, others: 3 })).toBe(false);
    expect(isDefaultAfter({ wasDefault: true, asked: false, others: 3 })).toBe(true);
  });
});
