import { ADDRESS_MAX, type AddressInput, checkAccount, EMAIL_PATTERN, normalizeAccount } from '@app/contracts';
import { AppError } from '../../domain/errors.ts';

/**
 * An address's contact details checked like the product's accounts: the phone as a phone account
 * (digits with an optional +, at least `phone_min_digits`), the email, when given, as an email
 * account. Answers them normalized.
 */
export function contactOf(input: Pick<AddressInput, 'phone' | 'email'>, phoneMinDigits: number) {
  const phone = normalizeAccount(input.phone);
  if (phone.includes('@') || checkAccount(phone, phoneMinDigits) !== null) {
    throw new AppError('PHONE_INVALID', { min: phoneMinDigits });
  }
  const email = (input.email ?? '').trim().toLowerCase();
  if (email !== '' && !EMAIL_PATTERN.test(email)) throw new AppError('EMAIL_INVALID');
  return { phone, email };
}

/** A new address is refused once the user keeps ADDRESS_MAX of them. */
export function assertRoomForAddress(count: number): void {
  if (count >= ADDRESS_MAX) throw new AppError('ADDRESS_LIMIT', { max: ADDRESS_MAX });
}

/**
 * Whether an address is the default after a change: the first address always is, one marked
 * isDefault becomes it, and the default stays the default (there is one while any address exists:
 * another takes the place only by being made the default).
 */
export function isDefaultAfter(change: { wasDefault: boolean; asked: boolean | undefined; others: number }): boolean {
  return change.wasDefault || change.asked === true || change.others === 0;
}
