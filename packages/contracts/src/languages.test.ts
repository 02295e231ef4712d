import { describe, expect, it } from 'vitest';
import { ERRORS } from './errors.ts';
import { interpolate, LANGUAGES } from './languages.ts';

describe('messages with a count', () => {
  it('say "1 second", not "1 seconds"', () => {
    expect(interpolate(ERRORS.RATE_LIMITED.msg.en, { seconds: 1 }, 'en')).toBe(
      'Too many attempts. Please try again in 1 second.',
    );
    expect(interpolate(ERRORS.CODE_COOLDOWN.msg.en, { seconds: 42 }, 'en')).toBe(
      'Please wait 42 seconds before requesting a new code.',
    );
  });

  it("pick the form by the language's own rules: French says 1 seconde and 0 seconde", () => {
    expect(interpolate(ERRORS.RATE_LIMITED.msg.fr, { seconds: 0 }, 'fr')).toBe(
      'Trop de tentatives. Réessayez dans 0 seconde.',
    );
    expect(interpolate(ERRORS.WITHDRAW_DAILY_COUNT.msg.en, { count: 1 }, 'en')).toMatch(/withdraw once a day/);
    expect(interpolate(ERRORS.WITHDRAW_DAILY_COUNT.msg.es, { count: 1_000_000 }, 'es')).toMatch(/1000000 veces/);
  });

  it('leave a plural without its parameter visible, so a missing parameter is noticed', () => {
    expect(interpolate('in {seconds, plural, one {# second} other {# seconds}}', { other: 1 })).toBe(
      'in {seconds, plural, one {# second} other {# seconds}}',
    );
  });

  it('read in every language with every count, leaving no plural syntax behind', () => {
    for (const language of LANGUAGES) {
      for (const count of [0, 1, 2, 5, 21, 1_000_000]) {
        for (const key of ['CODE_COOLDOWN', 'RATE_LIMITED', 'COMMENT_RATE_LIMITED', 'PAY_PASSWORD_LOCKED'] as const) {
          const text = interpolate(ERRORS[key].msg[language], { seconds: count, minutes: count }, language);
          expect(text, `${key} ${language}`).not.toMatch(/[{}#]/);
          expect(text).toContain(String(count));
        }
      }
    }
  });
});
