import {
  CONTENT_FIELDS,
  type CommentStatus,
  type ContentField,
  type ContentInput,
  type ContentStatus,
  type ContentType,
  LANGUAGES,
  type ModerationMode,
  type PageSlug,
  type Translations,
} from '@app/contracts';

/** Content and comments (docs/product.md#content) as functions of plain values. */

/** An item's stored fields, whatever its type: the fields a type lacks hold their empty value. */
export interface ContentValues {
  title: Translations;
  summary: Translations;
  body: Translations;
  image: string;
  link: string;
  slug: PageSlug | null;
  typeId: number | null;
  commentsOpen: boolean;
  sort: number;
}

const EMPTY_TEXT: Translations = Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as Translations;

/** Whether the type has this field; a field it lacks is stored empty whatever was sent. */
export function hasField(type: ContentType, field: ContentField): boolean {
  return CONTENT_FIELDS[type].some((use) => use.field === field);
}

/** The row's fields from what the operator sent (rich text already sanitized), keeping only the type's fields. */
export function contentValues(type: ContentType, input: ContentInput): ContentValues {
  const has = (field: ContentField) => hasField(type, field);
  return {
    title: input.title,
    summary: has('summary') ? (input.summary ?? EMPTY_TEXT) : EMPTY_TEXT,
    body: has('body') ? (input.body ?? EMPTY_TEXT) : EMPTY_TEXT,
    image: has('image') ? (input.image ?? '') : '',
    link: has('link') ? (input.link ?? '') : '',
    slug: has('slug') ? (input.slug ?? null) : null,
    typeId: has('typeId') ? (input.typeId ?? null) : null,
    commentsOpen: has('commentsOpen') ? (input.commentsOpen ?? false) : false,
    sort: has('sort') ? (input.sort ?? 0) : 0,
  };
}

/**
 * The first required field of the type left empty, or null. A six-language field needs its
 * English: every other language falls back to it.
 */
export function missingField(type: ContentType, values: ContentValues): ContentField | null {
  for (const { field, required } of CONTENT_FIELDS[type]) {
    if (!required) continue;
    const value = values[field];
    const empty = typeof value === 'object' && value !== null ? value.en === '' : value === '' || value === null;
    if (empty) return field;
  }
  return null;
}

/**
 * The status after a save and when it was published: a draft made public takes the moment, an
 * item already public keeps its date, and a draft keeps the date it last had.
 */
export function publication(
  before: { status: ContentStatus; publishedAt: Date | null } | undefined,
  status: ContentStatus,
  now: Date,
): { status: ContentStatus; publishedAt: Date | null } {
  if (status === 'published') {
    return { status, publishedAt: before?.status === 'published' ? before.publishedAt : now };
  }
  return { status, publishedAt: before?.publishedAt ?? null };
}

/** Under pre-moderation a comment waits for an operator; under post-moderation it shows at once. */
export function newCommentStatus(mode: ModerationMode): CommentStatus {
  return mode === 'pre' ? 'pending' : 'approved';
}

/**
 * Seconds the user must wait before commenting again, 0 when they may now. `recent` is when their
 * latest comments were made, newest first, at most `limit` of them: at the limit, the window must
 * first slide past the oldest of these.
 */
export function commentWaitSeconds(
  recent: readonly Date[],
  rule: { limit: number; windowSeconds: number },
  now: Date,
): number {
  const oldest = recent[rule.limit - 1];
  if (!oldest) return 0;
  const freesAt = oldest.getTime() + rule.windowSeconds * 1000;
  return Math.max(0, Math.ceil((freesAt - now.getTime()) / 1000));
}
