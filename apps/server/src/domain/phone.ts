import { type CountryCode, isSupportedCountry, parsePhoneNumberFromString } from 'libphonenumber-js';

/** A phone number as it is stored and compared: E.164, and the country calling code it starts with. */
export interface E164 {
  number: string;
  callingCode: string;
}

/**
 * `typed` in E.164, read in `defaultCountry` when it has no + and country code ("0803 123 4567" in
 * NG is +2348031234567). Null for what no country numbers so: a length the country does not use.
 * Possible, not valid: validity follows each operator's number ranges, which change faster than a
 * deployed server's metadata, and a number that only looks right costs a refused send, not a wrong
 * account.
 */
export function toE164(typed: string, defaultCountry: string): E164 | null {
  const country = isSupportedCountry(defaultCountry) ? (defaultCountry as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(typed, country);
  if (!parsed?.isPossible()) return null;
  return { number: parsed.number, callingCode: parsed.countryCallingCode };
}

/** Whether `code` names a country whose numbers the library knows (ISO 3166-1 alpha-2). */
export function isPhoneCountry(code: string): boolean {
  return isSupportedCountry(code);
}
