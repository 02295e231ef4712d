import { type AppConfig, configDefaults, PUBLIC_CONFIG_KEYS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { phoneMinDigitsOf, signInPhoneMinDigitsOf } from './phoneRule';

const config = Object.fromEntries(PUBLIC_CONFIG_KEYS.map((key) => [key, configDefaults[key]])) as unknown as AppConfig;

describe('the phone rule of the account forms', () => {
  it('Spanish accepts 9 digits, the other languages the general 10', () => {
    expect(phoneMinDigitsOf(config, 'es')).toBe(9);
    expect(phoneMinDigitsOf(config, 'en')).toBe(10);
    expect(phoneMinDigitsOf(config, 'th')).toBe(10);
  });
  it('sign-in accepts the shortest of the rules, so a Spanish account signs in from any language', () => {
    expect(signInPhoneMinDigitsOf(config)).toBe(9);
  });
  it('a configuration stored before the per-language rule uses the general one', () => {
    const old = { ...config, phone_min_digits_by_language: undefined } as unknown as AppConfig;
    expect(phoneMinDigitsOf(old, 'es')).toBe(10);
    expect(phoneMinDigitsOf(null, 'es')).toBe(10);
  });
});
