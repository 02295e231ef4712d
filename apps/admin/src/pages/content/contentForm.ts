import {
  type AdminContentItem,
  type adminApi,
  CONTENT_FIELDS,
  type ContentField,
  type ContentType,
  type InputOf,
  LANGUAGES,
  type PageSlug,
  type Translations,
} from '@app/contracts';
import type { CsvColumn } from '../../lib/csv.ts';

/** What the editor holds: every field of every type, sent according to the type's own. */
export interface ContentFormValues {
  title: Translations;
  summary: Translations;
  body: Translations;
  image?: string;
  link: string;
  slug?: PageSlug;
  typeId?: number;
  commentsOpen: boolean;
  sort: number;
  published: boolean;
}

export type ContentInputValues = InputOf<typeof adminApi.content.create>;

const emptyText = (): Translations => Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as Translations;

/** Whether the type has this field, so the editor shows it. */
export function hasField(type: ContentType, field: ContentField): boolean {
  return CONTENT_FIELDS[type].some((use) => use.field === field);
}

export function isRequired(type: ContentType, field: ContentField): boolean {
  return CONTENT_FIELDS[type].some((use) => use.field === field && use.required);
}

/** A new item: a draft, every language empty, comments open on a post. */
export function emptyContentValues(type: ContentType): ContentFormValues {
  return {
    title: emptyText(),
    summary: emptyText(),
    body: emptyText(),
    link: '',
    commentsOpen: type === 'posts',
    sort: 0,
    published: false,
  };
}

export function itemToValues(item: AdminContentItem): ContentFormValues {
  return {
    title: { ...item.title },
    summary: { ...item.summary },
    body: { ...item.body },
    image: item.image || undefined,
    link: item.link,
    slug: item.slug ?? undefined,
    typeId: item.typeId ?? undefined,
    commentsOpen: item.commentsOpen,
    sort: item.sort,
    published: item.status === 'published',
  };
}

/** Every language of a text, trimmed; an absent one sent empty (users then read English). */
function sixLanguages(text: Partial<Translations> | undefined): Translations {
  return Object.fromEntries(LANGUAGES.map((lang) => [lang, text?.[lang]?.trim() ?? ''])) as Translations;
}

/** The request of a save: the type's fields only, every text in the six languages. */
export function valuesToInput(type: ContentType, values: ContentFormValues): ContentInputValues {
  const has = (field: ContentField) => hasField(type, field);
  return {
    title: sixLanguages(values.title),
    ...(has('summary') ? { summary: sixLanguages(values.summary) } : {}),
    ...(has('body') ? { body: sixLanguages(values.body) } : {}),
    ...(has('image') ? { image: values.image ?? '' } : {}),
    ...(has('link') ? { link: values.link.trim() } : {}),
    ...(has('slug') && values.slug ? { slug: values.slug } : {}),
    ...(has('typeId') && values.typeId ? { typeId: values.typeId } : {}),
    ...(has('commentsOpen') ? { commentsOpen: values.commentsOpen } : {}),
    ...(has('sort') ? { sort: values.sort } : {}),
    status: values.published ? 'published' : 'draft',
  };
}

/** The languages of a text left empty, which users read in English. */
export function fallbackLanguages(text: Partial<Translations>): string[] {
  return LANGUAGES.filter((lang) => lang !== 'en' && !text[lang]?.trim());
}

export const CONTENT_CSV: CsvColumn<AdminContentItem>[] = [
  { title: 'ID', value: (item) => item.id },
  { title: 'Type', value: (item) => item.type },
  { title: 'Title (English)', value: (item) => item.title.en },
  { title: 'Status', value: (item) => item.status },
  { title: 'Order', value: (item) => item.sort },
  { title: 'Comments', value: (item) => item.comments },
  { title: 'Published at', value: (item) => item.publishedAt ?? '' },
  { title: 'Updated at', value: (item) => item.updatedAt },
];
