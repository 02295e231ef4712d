import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../languages.ts';
import {
  COMMENT_STATUS_LABELS,
  COMMENT_STATUSES,
  CONTENT_FIELD_KINDS,
  CONTENT_FIELD_LABELS,
  CONTENT_FIELDS,
  CONTENT_STATUS_LABELS,
  CONTENT_STATUSES,
  CONTENT_TYPE_LABELS,
  CONTENT_TYPES,
  commentInput,
  contentInput,
  LOCALIZED_FIELDS,
  PAGE_SLUG_LABELS,
  PAGE_SLUGS,
} from './content.ts';

/** The names a label table gives, each with the languages it lacks or leaves empty. */
function gaps(labels: Readonly<Record<string, Readonly<Record<string, string>>>>, names: readonly string[]) {
  return names
    .map((name) => ({ name, missing: LANGUAGES.filter((lang) => !labels[name]?.[lang]?.trim()) }))
    .filter((gap) => gap.missing.length > 0);
}

describe('every content label operators read comes in the six languages', () => {
  it('every field of every content type has its label in each language', () => {
    const fields = [...new Set(CONTENT_TYPES.flatMap((type) => CONTENT_FIELDS[type].map((use) => use.field)))];
    expect(gaps(CONTENT_FIELD_LABELS, fields)).toEqual([]);
    expect(gaps(CONTENT_FIELD_LABELS, Object.keys(CONTENT_FIELD_KINDS))).toEqual([]);
  });

  it('every type, page, item status and comment status is named in each language', () => {
    expect(gaps(CONTENT_TYPE_LABELS, CONTENT_TYPES)).toEqual([]);
    expect(gaps(PAGE_SLUG_LABELS, PAGE_SLUGS)).toEqual([]);
    expect(gaps(CONTENT_STATUS_LABELS, CONTENT_STATUSES)).toEqual([]);
    expect(gaps(COMMENT_STATUS_LABELS, COMMENT_STATUSES)).toEqual([]);
  });

  it('the test itself notices a label missing a language', () => {
    expect(gaps({ title: { en: 'Title', fr: 'Titre', es: '', vi: 'x', th: 'x' } }, ['title'])).toEqual([
      { name: 'title', missing: ['es', 'zh'] },
    ]);
  });
});

describe('a text field of the content contract holds the six languages', () => {
  const six = Object.fromEntries(LANGUAGES.map((lang) => [lang, lang === 'en' ? 'Title' : '']));

  it.each(LOCALIZED_FIELDS)('%s refuses an object that lacks a language', (field) => {
    for (const lang of LANGUAGES) {
      const { [lang]: _dropped, ...five } = six;
      const input = { title: six, [field]: five };
      const issue = contentInput.safeParse(input).error?.issues[0];
      expect(issue, `${field} without ${lang}`).toMatchObject({ path: [field, lang], message: 'FIELD_REQUIRED' });
    }
  });

  it('takes all six, empty ones included (they fall back to English)', () => {
    expect(contentInput.safeParse({ title: six, summary: six, body: six }).success).toBe(true);
  });
});

describe('a comment', () => {
  it('is plain text, required and limited, with at most nine uploaded images', () => {
    expect(commentInput.safeParse({ content: '  ' }).error?.issues[0]?.message).toBe('COMMENT_REQUIRED');
    expect(commentInput.safeParse({}).error?.issues[0]?.message).toBe('COMMENT_REQUIRED');
    expect(commentInput.safeParse({ content: 'x'.repeat(501) }).error?.issues[0]?.message).toBe('COMMENT_TOO_LONG');
    const image = (n: number) => `/media/${String(n).padStart(32, '0')}.jpg`;
    const ten = Array.from({ length: 10 }, (_, n) => image(n));
    expect(commentInput.safeParse({ content: 'x', images: ten }).error?.issues[0]?.message).toBe(
      'COMMENT_IMAGES_LIMIT',
    );
    expect(commentInput.parse({ content: ' <b>x</b> ', images: ten.slice(1) })).toEqual({
      content: '<b>x</b>',
      images: ten.slice(1),
    });
  });
});
