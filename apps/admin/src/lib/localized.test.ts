import { describe, expect, it } from 'vitest';
import { localizedTexts, localizedWithEnglish } from './localized.ts';

describe('a text in six languages as the back office sends it', () => {
  it('trims each language and leaves blank translations out, so the user reads English', () => {
    expect(localizedTexts({ en: ' Spring ', fr: 'Printemps', th: '   ', zh: '' })).toEqual({
      en: 'Spring',
      fr: 'Printemps',
    });
  });

  it('always carries English, blank when the operator left it so, for the contract to refuse', () => {
    expect(localizedWithEnglish({ vi: ' Mùa xuân ' })).toEqual({ vi: 'Mùa xuân', en: '' });
    expect(localizedWithEnglish({})).toEqual({ en: '' });
  });
});
