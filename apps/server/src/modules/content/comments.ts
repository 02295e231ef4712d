import type { CommentInput, CommentStatus } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { presentAdminComment, presentComment } from './presenter.ts';
import {
  adminCommentRows,
  commentRow,
  insertComment,
  lockCommenter,
  moderateComment,
  postCommentRows,
  recentCommentTimes,
} from './repository.ts';
import { commentWaitSeconds, newCommentStatus } from './rules.ts';
import type { ContentService } from './service.ts';

/** Users' comments on posts and their moderation. A comment is plain text and stays so. */
export class CommentService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly content: ContentService,
  ) {}

  /** A published post's comments: the approved ones, and the viewer's own whatever their status. */
  async list(postId: number, query: { cursor?: string; limit: number }, viewerId: number | undefined) {
    await this.content.published('posts', postId);
    const cursor = query.cursor === undefined ? undefined : cursorId(query.cursor);
    const rows = await postCommentRows(this.db, postId, { viewerId, cursor, limit: query.limit });
    return pageOf(rows, query.limit, (row) => presentComment(row, viewerId));
  }

  /**
   * Comments on a published post whose comments are open, within the rate limit. The author's row
   * is locked first, so two comments sent at once count each other and the limit holds.
   */
  async create(userId: number, postId: number, input: CommentInput) {
    const post = await this.content.published('posts', postId);
    if (!post.commentsOpen) throw new AppError('COMMENTS_CLOSED');
    const cfg = await this.config.all();
    const rule = { limit: cfg.comment_rate_limit, windowSeconds: cfg.comment_rate_window_seconds };
    const now = this.clock.now();
    const id = await inTransaction(this.db, async (tx) => {
      await lockCommenter(tx, userId);
      const since = new Date(now.getTime() - rule.windowSeconds * 1000);
      const wait = commentWaitSeconds(await recentCommentTimes(tx, userId, since, rule.limit), rule, now);
      if (wait > 0) throw new AppError('COMMENT_RATE_LIMITED', { seconds: wait });
      return insertComment(tx, {
        postId,
        userId,
        content: input.content,
        images: input.images,
        status: newCommentStatus(cfg.comment_moderation),
        at: now,
      });
    });
    const row = await commentRow(this.db, id);
    if (!row) throw new Error(`comment ${id} vanished after its insert`);
    return presentComment(row, userId);
  }

  async queue(query: { status?: CommentStatus; cursor?: string; limit: number }) {
    const cursor = query.cursor === undefined ? undefined : cursorId(query.cursor);
    const rows = await adminCommentRows(this.db, { status: query.status, cursor, limit: query.limit });
    return pageOf(rows, query.limit, presentAdminComment);
  }

  approve(id: number, actor: Actor) {
    return this.moderate(id, 'approved', actor);
  }

  hide(id: number, actor: Actor) {
    return this.moderate(id, 'hidden', actor);
  }

  private moderate(id: number, status: CommentStatus, actor: Actor) {
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const before = await commentRow(tx, id);
      if (!before || !(await moderateComment(tx, id, { status, adminId: actor.adminId, at: now }))) {
        throw new AppError('COMMENT_NOT_FOUND');
      }
      const after = await commentRow(tx, id);
      if (!after) throw new Error(`comment ${id} vanished under its update`);
      await recordAudit(tx, actor, {
        action: status === 'approved' ? 'comment.approve' : 'comment.hide',
        target: `comment:${id}`,
        before: { status: before.status },
        after: { status: after.status },
        at: now,
      });
      return presentAdminComment(after);
    });
  }
}
