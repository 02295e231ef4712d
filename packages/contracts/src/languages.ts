export const LANGUAGES = ['en', 'es', 'fr', 'vi', 'th', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'en';

export type Translations = Record<Language, string>;

/** Picks the best supported language from an Accept-Language header ("fr-FR,fr;q=0.9,en;q=0.8"). */
export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return DEFAULT_LANGUAGE;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const base = tag.split('-')[0] as Language;
    if ((LANGUAGES as readonly string[]).includes(base)) return base;
  }
  return DEFAULT_LANGUAGE;
}

/** `{seconds, plural, one {# second} other {# seconds}}`: ICU's plural form, `#` standing for the number. */
const PLURAL = /\{(\w+), plural,((?:\s*\w+\s*\{[^{}]*\})+)\s*\}/g;
const PLURAL_FORM = /(\w+)\s*\{([^{}]*)\}/g;

/**
 * Replaces {name} placeholders and picks each plural form by `language`'s plural rules (French
 * and Spanish also have a `many` form); unknown placeholders stay visible so a missing param is noticed.
 */
export function interpolate(
  template: string,
  params?: Record<string, string | number>,
  language: Language = DEFAULT_LANGUAGE,
): string {
  if (!params) return template;
  return template
    .replace(PLURAL, (whole, name: string, body: string) => {
      if (!(name in params)) return whole;
      const value = params[name];
      const forms = new Map([...body.matchAll(PLURAL_FORM)].map(([, category, text]) => [category, text]));
      const form = forms.get(new Intl.PluralRules(language).select(Number(value))) ?? forms.get('other') ?? whole;
      return form.replaceAll('#', String(value));
    })
    .replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));
}
