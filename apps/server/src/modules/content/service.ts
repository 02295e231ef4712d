import type { ContentInput, ContentStatus, ContentType, Language, PageSlug, Translations } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import {
  presentAdminItem,
  presentArticle,
  presentBanner,
  presentGuide,
  presentGuideSummary,
  presentGuideType,
  presentNotice,
  presentPage,
  presentPost,
  presentPostSummary,
  presentSummary,
} from './presenter.ts';
import {
  type CountedRow,
  insertItem,
  itemOfType,
  itemsOfType,
  pageWithSlug,
  publishedItem,
  publishedList,
  publishedPage,
  publishedPageBySlug,
  updateItem,
} from './repository.ts';
import { type ContentValues, contentValues, missingField, publication } from './rules.ts';
import { sanitizeTranslations } from './sanitize.ts';

interface PageQuery {
  cursor?: string;
  limit: number;
}

/** What operators write and users read: news, posts, guides, honors, company pages, banners, notices. */
export class ContentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async banners(lang: Language) {
    return (await publishedList(this.db, 'banners')).map((row) => presentBanner(row, lang));
  }

  async notices(lang: Language) {
    return (await publishedList(this.db, 'notices')).map((row) => presentNotice(row, lang));
  }

  async guideTypes(lang: Language) {
    return (await publishedList(this.db, 'guideTypes')).map((row) => presentGuideType(row, lang));
  }

  async news(query: PageQuery, lang: Language) {
    const rows = await publishedPage(this.db, 'news', this.cursorOf(query));
    return pageOf(rows, query.limit, (row) => presentSummary(row, lang));
  }

  async honors(query: PageQuery, lang: Language) {
    const rows = await publishedPage(this.db, 'honors', this.cursorOf(query));
    return pageOf(rows, query.limit, (row) => presentSummary(row, lang));
  }

  async posts(query: PageQuery, lang: Language) {
    const rows = await publishedPage(this.db, 'posts', this.cursorOf(query));
    return pageOf(rows, query.limit, (row) => presentPostSummary(row, lang));
  }

  /** A guide type's guides; a type that is not published has none to show. */
  async guides(query: PageQuery & { typeId: number }, lang: Language) {
    if (!(await publishedItem(this.db, 'guideTypes', query.typeId))) throw new AppError('CONTENT_NOT_FOUND');
    const rows = await publishedPage(this.db, 'guides', { ...this.cursorOf(query), typeId: query.typeId });
    return pageOf(rows, query.limit, (row) => presentGuideSummary(row, lang));
  }

  async newsItem(id: number, lang: Language) {
    return presentArticle(await this.published('news', id), lang);
  }

  async honor(id: number, lang: Language) {
    return presentArticle(await this.published('honors', id), lang);
  }

  async guide(id: number, lang: Language) {
    return presentGuide(await this.published('guides', id), lang);
  }

  async post(id: number, lang: Language) {
    return presentPost(await this.published('posts', id), lang);
  }

  async page(slug: PageSlug, lang: Language) {
    const row = await publishedPageBySlug(this.db, slug);
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    return presentPage(row, lang);
  }

  /** A published item of the type, or the refusal users get for anything else (a draft included). */
  async published(type: ContentType, id: number): Promise<CountedRow> {
    const row = await publishedItem(this.db, type, id);
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    return row;
  }

  async adminList(type: ContentType, status?: ContentStatus) {
    return (await itemsOfType(this.db, type, status)).map(presentAdminItem);
  }

  async adminItem(type: ContentType, id: number) {
    const row = await itemOfType(this.db, type, id);
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    return presentAdminItem(row);
  }

  /** Rich text exactly as a save would store it, for the editor's preview. */
  preview(body: Translations) {
    return { body: sanitizeTranslations(body) };
  }

  async create(type: ContentType, input: ContentInput, actor: Actor) {
    const values = await this.checkedValues(this.db, type, input);
    const now = this.clock.now();
    return this.unlessPageTaken(() =>
      inTransaction(this.db, async (tx) => {
        const row = await insertItem(tx, type, {
          ...values,
          ...publication(undefined, input.status ?? 'draft', now),
          createdAt: now,
          updatedAt: now,
        });
        const after = presentAdminItem({ ...row, comments: 0 });
        await recordAudit(tx, actor, {
          action: 'content.create',
          target: `${type}:${row.id}`,
          before: null,
          after,
          at: now,
        });
        return after;
      }),
    );
  }

  /** Replaces every field of the item; its status too when one is sent. */
  async update(type: ContentType, id: number, input: ContentInput, actor: Actor) {
    const now = this.clock.now();
    return this.unlessPageTaken(() =>
      inTransaction(this.db, async (tx) => {
        const before = await this.lockedItem(tx, type, id);
        const values = await this.checkedValues(tx, type, input, id);
        return this.write(
          tx,
          before,
          { ...values, ...publication(before, input.status ?? before.status, now) },
          actor,
          {
            action: 'content.update',
            at: now,
          },
        );
      }),
    );
  }

  async publish(type: ContentType, id: number, actor: Actor) {
    return this.setStatus(type, id, 'published', actor);
  }

  async unpublish(type: ContentType, id: number, actor: Actor) {
    return this.setStatus(type, id, 'draft', actor);
  }

  private setStatus(type: ContentType, id: number, status: ContentStatus, actor: Actor) {
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const before = await this.lockedItem(tx, type, id);
      return this.write(tx, before, publication(before, status, now), actor, {
        action: status === 'published' ? 'content.publish' : 'content.unpublish',
        at: now,
      });
    });
  }

  private async write(
    tx: Db,
    before: CountedRow,
    change: Partial<ContentValues> & { status: ContentStatus; publishedAt: Date | null },
    actor: Actor,
    audit: { action: string; at: Date },
  ) {
    const row = await updateItem(tx, before.id, { ...change, updatedAt: audit.at });
    const after = presentAdminItem({ ...row, comments: before.comments });
    await recordAudit(tx, actor, {
      action: audit.action,
      target: `${before.type}:${before.id}`,
      before: presentAdminItem(before),
      after,
      at: audit.at,
    });
    return after;
  }

  private async lockedItem(tx: Db, type: ContentType, id: number): Promise<CountedRow> {
    const row = await itemOfType(tx, type, id, true);
    if (!row) throw new AppError('CONTENT_NOT_FOUND');
    return row;
  }

  /**
   * The row's fields, rich text sanitized, refused when a required field is empty, a guide names no
   * guide type, or a page's slug is another page's.
   */
  private async checkedValues(db: Db, type: ContentType, input: ContentInput, id?: number): Promise<ContentValues> {
    const values = contentValues(type, input);
    values.body = sanitizeTranslations(values.body);
    const missing = missingField(type, values);
    if (missing) throw new AppError('CONTENT_FIELD_REQUIRED', { field: missing });
    if (values.typeId !== null && !(await itemOfType(db, 'guideTypes', values.typeId))) {
      throw new AppError('GUIDE_TYPE_NOT_FOUND');
    }
    if (values.slug !== null && (await pageWithSlug(db, values.slug, id)) !== undefined)
      throw new AppError('PAGE_EXISTS');
    return values;
  }

  /** Two operators creating the same page at once: the unique index decides, the loser is told. */
  private async unlessPageTaken<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error, 'content_items_page_key')) throw new AppError('PAGE_EXISTS');
      throw error;
    }
  }

  private cursorOf(query: PageQuery) {
    return { cursor: query.cursor === undefined ? undefined : cursorId(query.cursor), limit: query.limit };
  }
}
