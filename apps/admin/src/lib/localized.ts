import { LANGUAGES, type Language } from '@app/contracts';

/** A text as the operator types it in each language. */
export type LocalizedDraft = Partial<Record<Language, string>>;

/** The texts trimmed, blank translations left out (the user then reads English). */
export function localizedTexts(draft: LocalizedDraft): LocalizedDraft {
  return Object.fromEntries(
    LANGUAGES.flatMap((lang) => {
      const text = draft[lang]?.trim();
      return text ? [[lang, text]] : [];
    }),
  );
}

/** The texts as a request sends a required one: English always present, blank if the operator left it so. */
export function localizedWithEnglish(draft: LocalizedDraft): LocalizedDraft & { en: string } {
  return { ...localizedTexts(draft), en: draft.en?.trim() ?? '' };
}
