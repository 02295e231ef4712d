import { type AppConfig, type Language, lowestPhoneMinDigits, phoneMinDigitsFor } from '@app/contracts';

const DEFAULT_MIN_DIGITS = 10;

/** The configuration's phone rules; a config stored before the per-language rule existed has none. */
function rulesOf(config: AppConfig) {
  return {
    phone_min_digits: config.phone_min_digits,
    phone_min_digits_by_language: config.phone_min_digits_by_language ?? {},
  };
}

/** The shortest phone number a form in `language` accepts (Spanish: 9 digits by default). */
export function phoneMinDigitsOf(config: AppConfig | null | undefined, language: Language): number {
  return config ? phoneMinDigitsFor(rulesOf(config), language) : DEFAULT_MIN_DIGITS;
}

/** Sign-in accepts the shortest of every language's rule: an account made in one language signs in from any. */
export function signInPhoneMinDigitsOf(config: AppConfig | null | undefined): number {
  return config ? lowestPhoneMinDigits(rulesOf(config)) : DEFAULT_MIN_DIGITS;
}
