import { LANGUAGES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { messages } from './index';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

describe('i18n resources', () => {
  const reference = keys(messages.en).sort();

  it('has a resource file for each of the six languages', () => {
    expect(Object.keys(messages).sort()).toEqual([...LANGUAGES].sort());
  });

  for (const language of LANGUAGES) {
    it(`${language} has exactly the same keys as en`, () => {
      expect(keys(messages[language]).sort()).toEqual(reference);
    });

    it(`${language} has a non-empty string for every key and keeps every {{placeholder}}`, () => {
      for (const value of leaves(messages[language])) {
        expect(typeof value).toBe('string');
        expect((value as string).trim().length).toBeGreaterThan(0);
      }
      const flat = (m: unknown, path: string) =>
        path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], m) as string;
      for (const path of reference) {
        const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
        expect(placeholders(flat(messages[language], path)), path).toEqual(placeholders(flat(messages.en, path)));
      }
    });
  }
});
