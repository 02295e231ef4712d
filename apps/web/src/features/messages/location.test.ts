import { describe, expect, it } from 'vitest';
import { locationConsent, rememberLocationConsent } from './location';

function memory() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe('the location consent', () => {
  it('is unknown until the user answers', () => {
    expect(locationConsent(memory())).toBeNull();
  });

  it('keeps a refusal, so the page does not ask again', () => {
    const storage = memory();
    rememberLocationConsent('refused', storage);
    expect(locationConsent(storage)).toBe('refused');
    rememberLocationConsent('granted', storage);
    expect(locationConsent(storage)).toBe('granted');
  });

  it('ignores anything else stored under its name', () => {
    const storage = memory();
    storage.setItem('location-consent', 'maybe');
    expect(locationConsent(storage)).toBeNull();
  });
});
