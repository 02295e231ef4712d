import type { ErrorMessages, Language } from '@app/contracts';
import type { Locale } from 'antd-mobile/es/locales/base';
import i18n from 'i18next';
import resourcesToBackend from 'i18next-resources-to-backend';
import { initReactI18next } from 'react-i18next';
import { sessionStore } from '../store/session';
import type { Messages } from './en';

/**
 * Everything written in one language, loaded together as the i18next namespaces of that language:
 * the app's texts, the server's error messages (for checks made before a call) and antd-mobile's.
 */
export interface LanguagePack {
  translation: Messages;
  errors: ErrorMessages;
  antd: Locale;
}

type Loaded<L extends Language, T> = Promise<Record<L, T>>;

async function pack<L extends Language>(
  language: L,
  app: Loaded<L, Messages>,
  errors: Loaded<L, ErrorMessages>,
  antd: Promise<{ default: Locale }>,
): Promise<LanguagePack> {
  const [texts, messages, locale] = await Promise.all([app, errors, antd]);
  return { translation: texts[language], errors: messages[language], antd: locale.default };
}

/** One chunk per language: a phone downloads only the language it shows. */
const PACKS: Record<Language, () => Promise<LanguagePack>> = {
  en: () => pack('en', import('./en'), import('@app/contracts/errors/en'), import('antd-mobile/es/locales/en-US')),
  es: () => pack('es', import('./es'), import('@app/contracts/errors/es'), import('antd-mobile/es/locales/es-ES')),
  fr: () => pack('fr', import('./fr'), import('@app/contracts/errors/fr'), import('antd-mobile/es/locales/fr-FR')),
  vi: () => pack('vi', import('./vi'), import('@app/contracts/errors/vi'), import('antd-mobile/es/locales/vi-VN')),
  th: () => pack('th', import('./th'), import('@app/contracts/errors/th'), import('antd-mobile/es/locales/th-TH')),
  zh: () => pack('zh', import('./zh'), import('@app/contracts/errors/zh'), import('antd-mobile/es/locales/zh-CN')),
};

export function loadLanguagePack(language: Language): Promise<LanguagePack> {
  return PACKS[language]();
}

/** Names of each language in itself, for the picker. */
export const LANGUAGE_NAMES: Record<Language, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  vi: 'Tiếng Việt',
  th: 'ไทย',
  zh: '简体中文',
};

/**
 * Resolves once the chosen language is loaded: the app renders after it. No fallback language, so
 * nothing but the chosen one is fetched; `i18n.test.ts` keeps every language complete.
 */
export const i18nReady = i18n
  .use(
    resourcesToBackend((language: Language, namespace: keyof LanguagePack) =>
      loadLanguagePack(language).then((loaded) => loaded[namespace]),
    ),
  )
  .use(initReactI18next)
  .init({
    lng: sessionStore.get().language,
    fallbackLng: false,
    ns: ['translation', 'errors', 'antd'],
    interpolation: { escapeValue: false },
    returnNull: false,
  });

/** i18next loads the language before it switches to it, so no screen shows a half-loaded language. */
export function setLanguage(language: Language): void {
  sessionStore.set({ language });
  void i18n.changeLanguage(language);
  document.documentElement.lang = language;
}

export default i18n;
