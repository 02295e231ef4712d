import { ERRORS, LANGUAGES, type Language } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import type { Messages } from './en';
import i18n, { i18nReady, loadLanguagePack } from './index';

const messages = Object.fromEntries(
  await Promise.all(LANGUAGES.map(async (language) => [language, (await loadLanguagePack(language)).translation])),
) as Record<Language, Messages>;

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keys(child, prefix ? `${prefix}.${key}` : key));
}

/** A key without its plural category: each language has the categories of its own grammar. */
const stem = (key: string) => key.replace(PLURAL_SUFFIX, '');
const stems = (language: keyof typeof messages) => [...new Set(keys(messages[language]).map(stem))].sort();

function leaves(value: unknown): unknown[] {
  if (typeof value !== 'object' || value === null) return [value];
  return Object.values(value).flatMap(leaves);
}

function lookup(m: unknown, path: string): string {
  return path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], m) as string;
}

describe('i18n resources', () => {
  const reference = stems('en');
  const pluralStems = [
    ...new Set(
      keys(messages.en)
        .filter((key) => PLURAL_SUFFIX.test(key))
        .map(stem),
    ),
  ];

  it('loads a complete pack for each of the six languages', async () => {
    for (const language of LANGUAGES) {
      const pack = await loadLanguagePack(language);
      expect(Object.keys(pack).sort()).toEqual(['antd', 'errors', 'translation']);
      expect(pack.errors.INSUFFICIENT_BALANCE).toBe(ERRORS.INSUFFICIENT_BALANCE.msg[language]);
    }
    expect((await loadLanguagePack('fr')).antd.locale).toBe('fr-FR');
    expect((await loadLanguagePack('th')).antd.locale).toBe('th-TH');
  });

  for (const language of LANGUAGES) {
    it(`${language} has the same strings as en`, () => {
      expect(stems(language)).toEqual(reference);
    });

    it(`${language} has every plural category its grammar uses for each counted string`, () => {
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      const present = new Set(keys(messages[language]));
      const missing = pluralStems.flatMap((key) =>
        categories.map((category) => `${key}_${category}`).filter((path) => !present.has(path)),
      );
      expect(missing).toEqual([]);
    });

    it(`${language} has a non-empty string for every key and keeps every {{placeholder}}`, () => {
      for (const value of leaves(messages[language])) {
        expect(typeof value).toBe('string');
        expect((value as string).trim().length).toBeGreaterThan(0);
      }
      const english = new Set(keys(messages.en));
      const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();
      for (const path of keys(messages[language])) {
        const counterpart = english.has(path) ? path : `${stem(path)}_other`;
        expect(placeholders(lookup(messages[language], path)), path).toEqual(
          placeholders(lookup(messages.en, counterpart)),
        );
      }
    });
  }

  it('French and Spanish have a form for large round numbers', () => {
    expect(new Intl.PluralRules('fr').select(1_000_000)).toBe('many');
    expect(lookup(messages.fr, 'team.members_many')).toBe('{{count}} membres');
    expect(lookup(messages.es, 'team.members_many')).toBe('{{count}} miembros');
  });
});

describe('a counted text agrees with its number (not “+1 draws”)', () => {
  const counted = async (language: Language) => {
    await i18nReady;
    await i18n.loadLanguages(language);
    return i18n.getFixedT(language);
  };

  it('in English, one is singular and two plural', async () => {
    const t = await counted('en');
    expect(t('draws.drawsValue', { count: 1 })).toBe('+1 draw');
    expect(t('draws.drawsValue', { count: 2 })).toBe('+2 draws');
    expect(t('draws.pointsValue', { count: 1, amount: '1' })).toBe('1 point');
    expect(t('draws.pointsValue', { count: 1200, amount: '1,200' })).toBe('1,200 points');
    expect(t('draws.start', { count: 1, points: '1' })).toBe('Draw · 1 point');
    expect(t('events.points', { count: 1, points: '1' })).toBe('1 point');
    expect(t('redeem.reward.points', { count: 1, points: '1' })).toBe('1 point was added to your balance.');
    expect(t('rank.myPlace', { count: 1, rank: 3, points: '1' })).toBe('My team finished No. 3 with 1 point');
    expect(t('messages.unreadCount', { count: 1 })).toBe('1 unread message');
    expect(t('messages.unreadCount', { count: 4 })).toBe('4 unread messages');
  });

  it('in French and Spanish, one and zero as their grammar has them', async () => {
    const fr = await counted('fr');
    expect(fr('draws.drawsValue', { count: 1 })).toBe('+1 tirage');
    expect(fr('draws.drawsValue', { count: 3 })).toBe('+3 tirages');
    expect(fr('messages.unreadCount', { count: 0 })).toBe('0 message non lu');
    const es = await counted('es');
    expect(es('draws.drawsValue', { count: 1 })).toBe('+1 sorteo');
    expect(es('draws.pointsValue', { count: 1, amount: '1' })).toBe('1 punto');
  });
});
