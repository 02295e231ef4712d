import type { BroadcastAudience, BroadcastInput, ContactStatus, Language } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import type { MessageNotifier } from './notifier.ts';
import { presentBroadcast, presentContact, presentMessage } from './presenter.ts';
import {
  audienceCount,
  broadcastRows,
  type ContactRow,
  contactRow,
  contactRows,
  existingUserIds,
  insertBroadcast,
  insertContact,
  markAllRead,
  markRead,
  messagePage,
  openContactCount,
  reachOf,
  unreadCount,
  updateContact,
} from './repository.ts';
import { audienceOf, CONTACT_OPEN_MAX, contactMoveRefusal, contactRefusal } from './rules.ts';

/** Above every message id: the first page starts below it. */
const FIRST_PAGE = 2_147_483_647;

/** System messages: the reader's list and read marks, operators' broadcasts. */
export class MessageService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  async list(userId: number, query: { cursor?: string; limit: number }, lang: Language) {
    const before = query.cursor === undefined ? FIRST_PAGE : cursorId(query.cursor);
    const [{ rows, unread }, values] = await Promise.all([
      messagePage(this.db, userId, before, query.limit),
      this.config.all(),
    ]);
    const money = { decimals: values.app_currency_decimals, symbol: values.app_currency };
    return { ...pageOf(rows, query.limit, (row) => presentMessage(row, lang, money)), unread };
  }

  /** Marks one of the user's messages read; reading it again changes nothing. */
  async read(userId: number, messageId: number) {
    const reach = await reachOf(this.db, userId, messageId);
    if (!reach) throw new AppError('MESSAGE_NOT_FOUND');
    if (!reach.readAll) await markRead(this.db, userId, messageId);
    return { unread: await unreadCount(this.db, userId) };
  }

  async readAll(userId: number) {
    await inTransaction(this.db, (tx) => markAllRead(tx, userId, this.clock.now()));
    return { unread: await unreadCount(this.db, userId) };
  }

  /** How many users the audience holds now; listed users that do not exist are refused by name. */
  async audienceSize(audience: BroadcastAudience, db: Db = this.db): Promise<number> {
    const stored = audienceOf(audience);
    if (stored.audience !== 'users') return audienceCount(db, stored);
    const found = new Set(await existingUserIds(db, stored.userIds));
    const unknown = stored.userIds.filter((id) => !found.has(id));
    if (unknown.length > 0) throw new AppError('BROADCAST_USERS_UNKNOWN', { ids: unknown.slice(0, 20).join(', ') });
    return stored.userIds.length;
  }

  /** One row for the whole audience (and one per listed user), audited; an empty audience is refused. */
  async broadcast(input: BroadcastInput, actor: Actor) {
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const sent = await this.audienceSize(input.audience, tx);
      if (sent === 0) throw new AppError('BROADCAST_AUDIENCE_EMPTY');
      const id = await insertBroadcast(tx, {
        ...audienceOf(input.audience),
        title: input.title,
        body: input.body,
        sent,
        adminId: actor.adminId,
        at: now,
      });
      await recordAudit(tx, actor, {
        action: 'message.broadcast',
        target: `message:${id}`,
        before: null,
        after: { title: input.title, audience: input.audience, sent },
        at: now,
      });
      return { id, sent };
    });
  }

  async broadcasts(query: { cursor?: string; limit: number }) {
    const cursor = query.cursor === undefined ? undefined : cursorId(query.cursor);
    return pageOf(await broadcastRows(this.db, { cursor, limit: query.limit }), query.limit, presentBroadcast);
  }
}

/** The contact form and the back-office inbox; answers reach the user as system messages. */
export class ContactService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly notifier: MessageNotifier,
  ) {}

  async send(userId: number, input: { message: string; contact?: string }) {
    const refusal = contactRefusal(await openContactCount(this.db, userId));
    if (refusal) throw new AppError(refusal, { max: CONTACT_OPEN_MAX });
    const id = await insertContact(this.db, {
      userId,
      message: input.message,
      contact: input.contact || null,
      at: this.clock.now(),
    });
    return { id };
  }

  async inbox(query: { cursor?: string; limit: number; status?: ContactStatus }) {
    const cursor = query.cursor === undefined ? undefined : cursorId(query.cursor);
    const rows = await contactRows(this.db, { ...query, cursor });
    return pageOf(rows, query.limit, presentContact);
  }

  /** The answer is a message to the user, written with the inbox's change and its audit row. */
  reply(id: number, reply: string, actor: Actor) {
    return this.move(id, actor, 'contact.reply', async (tx, row) => {
      const messageId = await this.notifier.notify(tx, { notice: 'contact_reply', userId: row.userId, reply });
      return { status: 'replied', reply, replyMessageId: messageId };
    });
  }

  close(id: number, actor: Actor) {
    return this.move(id, actor, 'contact.close', async () => ({ status: 'closed' }));
  }

  private move(
    id: number,
    actor: Actor,
    action: string,
    change: (tx: Db, row: ContactRow) => Promise<{ status: ContactStatus; reply?: string; replyMessageId?: number }>,
  ) {
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const before = await contactRow(tx, id, true);
      const refusal = contactMoveRefusal(before?.status);
      if (refusal || !before) throw new AppError(refusal ?? 'CONTACT_NOT_FOUND');
      await updateContact(tx, id, { ...(await change(tx, before)), handledBy: actor.adminId, updatedAt: now });
      const after = (await contactRow(tx, id)) as ContactRow;
      await recordAudit(tx, actor, {
        action,
        target: `contact:${id}`,
        before: presentContact(before),
        after: presentContact(after),
        at: now,
      });
      return presentContact(after);
    });
  }
}
