import type { CommentStatus, ContentStatus, ContentType, PageSlug } from '@app/contracts';
import { and, asc, desc, eq, gt, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contentItems, postComments, users } from '../../db/schema.ts';
import type { ContentValues } from './rules.ts';

export type ContentRow = typeof contentItems.$inferSelect;
/** An item with its approved comments counted (0 for every type but posts). */
export type CountedRow = ContentRow & { comments: number };

/** The most items a whole list (banners, notices, guide types) answers. */
const WHOLE_LIST_MAX = 100;

// Spelled out: inside a subquery drizzle would leave `content_items.id` unqualified, and it would read the comment's id.
const approvedComments = sql<number>`(select count(*)::int from post_comments
  where post_comments.post_id = content_items.id and post_comments.status = 'approved')`;

const counted = { item: contentItems, comments: approvedComments };
const withCount = (rows: { item: ContentRow; comments: number }[]): CountedRow[] =>
  rows.map((row) => ({ ...row.item, comments: row.comments }));

const published = (type: ContentType) => and(eq(contentItems.type, type), eq(contentItems.status, 'published'));

/** A published type's items in the operator's order, then newest first. */
export async function publishedList(db: Db, type: ContentType): Promise<ContentRow[]> {
  return db
    .select()
    .from(contentItems)
    .where(published(type))
    .orderBy(asc(contentItems.sort), desc(contentItems.id))
    .limit(WHOLE_LIST_MAX);
}

/** A page of a published type's items, newest first; guides of one guide type when `typeId` is given. */
export async function publishedPage(
  db: Db,
  type: ContentType,
  query: { cursor?: number; limit: number; typeId?: number },
): Promise<CountedRow[]> {
  const rows = await db
    .select(counted)
    .from(contentItems)
    .where(
      and(
        published(type),
        query.typeId === undefined ? undefined : eq(contentItems.typeId, query.typeId),
        query.cursor === undefined ? undefined : lt(contentItems.id, query.cursor),
      ),
    )
    .orderBy(desc(contentItems.id))
    .limit(query.limit + 1);
  return withCount(rows);
}

export async function publishedItem(db: Db, type: ContentType, id: number): Promise<CountedRow | undefined> {
  const [row] = await db
    .select(counted)
    .from(contentItems)
    .where(and(published(type), eq(contentItems.id, id)));
  return row && { ...row.item, comments: row.comments };
}

export async function publishedPageBySlug(db: Db, slug: PageSlug): Promise<ContentRow | undefined> {
  const [row] = await db
    .select()
    .from(contentItems)
    .where(and(published('pages'), eq(contentItems.slug, slug)));
  return row;
}

/** Every item of a type for the back office, drafts included, in the users' order. */
export async function itemsOfType(db: Db, type: ContentType, status?: ContentStatus): Promise<CountedRow[]> {
  const rows = await db
    .select(counted)
    .from(contentItems)
    .where(and(eq(contentItems.type, type), status === undefined ? undefined : eq(contentItems.status, status)))
    .orderBy(asc(contentItems.sort), desc(contentItems.id));
  return withCount(rows);
}

/** An item of a type, locked for the rest of the transaction when `lock` says so. */
export async function itemOfType(db: Db, type: ContentType, id: number, lock = false): Promise<CountedRow | undefined> {
  const query = db
    .select(counted)
    .from(contentItems)
    .where(and(eq(contentItems.type, type), eq(contentItems.id, id)));
  const [row] = await (lock ? query.for('update', { of: contentItems }) : query);
  return row && { ...row.item, comments: row.comments };
}

/** The page that has this slug, other than `exceptId`. */
export async function pageWithSlug(db: Db, slug: PageSlug, exceptId?: number): Promise<number | undefined> {
  const [row] = await db
    .select({ id: contentItems.id })
    .from(contentItems)
    .where(
      and(
        eq(contentItems.type, 'pages'),
        eq(contentItems.slug, slug),
        exceptId === undefined ? undefined : sql`${contentItems.id} <> ${exceptId}`,
      ),
    );
  return row?.id;
}

export type ItemValues = ContentValues & { status: ContentStatus; publishedAt: Date | null; updatedAt: Date };

export async function insertItem(tx: Db, type: ContentType, values: ItemValues & { createdAt: Date }) {
  const [row] = await tx
    .insert(contentItems)
    .values({ type, ...values })
    .returning();
  if (!row) throw new Error('content insert returned no row');
  return row;
}

export async function updateItem(tx: Db, id: number, values: Partial<ItemValues>) {
  const [row] = await tx.update(contentItems).set(values).where(eq(contentItems.id, id)).returning();
  if (!row) throw new Error(`content item ${id} vanished under its lock`);
  return row;
}

/** The comment's author's row, locked: their comments queue on it, so the rate limit counts each one. */
export async function lockCommenter(tx: Db, userId: number): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('no key update');
}

/** When the user's latest comments were made, newest first, at most `limit` within the window. */
export async function recentCommentTimes(db: Db, userId: number, since: Date, limit: number): Promise<Date[]> {
  const rows = await db
    .select({ createdAt: postComments.createdAt })
    .from(postComments)
    .where(and(eq(postComments.userId, userId), gt(postComments.createdAt, since)))
    .orderBy(desc(postComments.createdAt))
    .limit(limit);
  return rows.map((row) => row.createdAt);
}

const commentColumns = {
  id: postComments.id,
  postId: postComments.postId,
  userId: postComments.userId,
  content: postComments.content,
  images: postComments.images,
  status: postComments.status,
  createdAt: postComments.createdAt,
  moderatedAt: postComments.moderatedAt,
  nickname: users.nickname,
  avatar: users.avatar,
  account: users.account,
};
export type CommentRow = {
  id: number;
  postId: number;
  userId: number;
  content: string;
  images: string[];
  status: CommentStatus;
  createdAt: Date;
  moderatedAt: Date | null;
  nickname: string;
  avatar: string;
  account: string;
};
export type AdminCommentRow = CommentRow & { postTitle: Record<string, string> };

export async function insertComment(
  tx: Db,
  comment: { postId: number; userId: number; content: string; images: string[]; status: CommentStatus; at: Date },
): Promise<number> {
  const [row] = await tx
    .insert(postComments)
    .values({
      postId: comment.postId,
      userId: comment.userId,
      content: comment.content,
      images: comment.images,
      status: comment.status,
      createdAt: comment.at,
    })
    .returning({ id: postComments.id });
  if (!row) throw new Error('comment insert returned no row');
  return row.id;
}

/** A page of a post's comments, newest first: the approved ones and the viewer's own. */
export function postCommentRows(
  db: Db,
  postId: number,
  query: { viewerId?: number; cursor?: number; limit: number },
): Promise<CommentRow[]> {
  const visible =
    query.viewerId === undefined
      ? eq(postComments.status, 'approved')
      : or(eq(postComments.status, 'approved'), eq(postComments.userId, query.viewerId));
  return db
    .select(commentColumns)
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .where(
      and(
        eq(postComments.postId, postId),
        visible,
        query.cursor === undefined ? undefined : lt(postComments.id, query.cursor),
      ),
    )
    .orderBy(desc(postComments.id))
    .limit(query.limit + 1);
}

const adminCommentQuery = (db: Db) =>
  db
    .select({ ...commentColumns, postTitle: contentItems.title })
    .from(postComments)
    .innerJoin(users, eq(users.id, postComments.userId))
    .innerJoin(contentItems, eq(contentItems.id, postComments.postId));

/** The moderation queue: a page of comments of a status (every status when none), newest first. */
export function adminCommentRows(
  db: Db,
  query: { status?: CommentStatus; cursor?: number; limit: number },
): Promise<AdminCommentRow[]> {
  const filters: (SQL | undefined)[] = [
    query.status === undefined ? undefined : eq(postComments.status, query.status),
    query.cursor === undefined ? undefined : lt(postComments.id, query.cursor),
  ];
  return adminCommentQuery(db)
    .where(and(...filters))
    .orderBy(desc(postComments.id))
    .limit(query.limit + 1);
}

export async function commentRow(db: Db, id: number): Promise<AdminCommentRow | undefined> {
  const [row] = await adminCommentQuery(db).where(eq(postComments.id, id));
  return row;
}

export async function moderateComment(
  tx: Db,
  id: number,
  change: { status: CommentStatus; adminId: number | null; at: Date },
): Promise<boolean> {
  const rows = await tx
    .update(postComments)
    .set({ status: change.status, moderatedBy: change.adminId, moderatedAt: change.at })
    .where(eq(postComments.id, id))
    .returning({ id: postComments.id });
  return rows.length > 0;
}
