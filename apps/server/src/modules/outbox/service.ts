import type { MessageChannel, OutboxStatus } from '@app/contracts';
import { and, desc, eq, ilike, inArray, lt, type SQL } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { messageDeadline } from '../../notify/delivery-rules.ts';
import type { Notifier } from '../../notify/notifier.ts';
import type { Receipt } from '../../notify/transport.ts';
import type { VerificationCodes } from '../accounts/codes.ts';
import { signInAccount } from '../accounts/rules.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { presentOutboxMessage } from './presenter.ts';

/** The statuses a provider's receipt may move a message from, by what the receipt says. */
const RECEIPT_MOVES: Record<Receipt['status'], OutboxStatus[]> = {
  sent: [],
  delivered: ['sent', 'failed'],
  failed: ['sent'],
};

/**
 * The outbox as operators see it: every message with where it is on its way, the providers'
 * receipts, and a failed message sent again.
 */
export class OutboxService {
  constructor(
    private readonly deps: {
      db: Db;
      clock: Clock;
      config: ConfigService;
      codes: VerificationCodes;
      notifier: Notifier;
    },
  ) {}

  async list(query: { cursor?: string; limit: number; q?: string; status?: OutboxStatus; channel?: MessageChannel }) {
    const filters: (SQL | undefined)[] = [];
    if (query.cursor) filters.push(lt(outbox.id, cursorId(query.cursor)));
    if (query.q) filters.push(ilike(outbox.recipient, `%${query.q}%`));
    if (query.status) filters.push(eq(outbox.status, query.status));
    if (query.channel) filters.push(eq(outbox.channel, query.channel));
    const rows = await this.deps.db
      .select()
      .from(outbox)
      .where(and(...filters))
      .orderBy(desc(outbox.id))
      .limit(query.limit + 1);
    return pageOf(rows, query.limit, presentOutboxMessage);
  }

  /** The last messages to the account a user would type (TEST_MODE's outbox). */
  async lastTo(typed: string, limit = 10) {
    const recipient = signInAccount(typed, await this.deps.config.get('phone_default_country'));
    const rows = await this.deps.db
      .select()
      .from(outbox)
      .where(eq(outbox.recipient, recipient))
      .orderBy(desc(outbox.id))
      .limit(limit);
    return rows.map(presentOutboxMessage);
  }

  /**
   * A failed message queued again, due now. A code still valid goes out as it was; one past its
   * validity (or used, or superseded) goes out as a fresh code, which the user's form takes.
   */
  async resend(id: number, actor: Actor) {
    const { db, clock, codes, notifier } = this.deps;
    const row = await db.transaction(async (tx) => {
      const [before] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
      if (!before) throw new AppError('OUTBOX_MESSAGE_NOT_FOUND');
      if (before.status !== 'failed') throw new AppError('OUTBOX_NOT_FAILED', { status: before.status });
      const validUntil = before.codeId ? await codes.validUntil(tx, before.codeId) : null;
      const fresh =
        before.purpose && !(validUntil && (before.code || before.sealedCode))
          ? await codes.fresh(tx, before.recipient, before.purpose)
          : undefined;
      const deadline = fresh?.expiresAt ?? validUntil ?? messageDeadline(clock.now());
      await notifier.requeue(tx, id, deadline, fresh);
      await recordAudit(tx, actor, {
        action: 'outbox.resend',
        target: `outbox:${id}`,
        before: { status: before.status, attempts: before.attempts, lastError: before.lastError },
        after: { status: 'queued', freshCode: fresh !== undefined },
        at: clock.now(),
      });
      const [after] = await tx.select().from(outbox).where(eq(outbox.id, id));
      return after ?? before;
    });
    notifier.wake([row.id]);
    return presentOutboxMessage(row);
  }

  /**
   * A provider's report on a message it took: delivered, or failed with its reason. A report never
   * takes a message back (a late "sent" after "delivered"), and one about no message of ours is
   * acknowledged and ignored.
   */
  async applyReceipt(receipt: Receipt): Promise<boolean> {
    const from = RECEIPT_MOVES[receipt.status];
    if (from.length === 0) return false;
    const moved = await this.deps.db
      .update(outbox)
      .set({ status: receipt.status, ...(receipt.reason ? { lastError: receipt.reason } : {}) })
      .where(
        and(
          eq(outbox.provider, receipt.provider),
          eq(outbox.providerId, receipt.providerId),
          inArray(outbox.status, from),
        ),
      )
      .returning({ id: outbox.id });
    return moved.length > 0;
  }
}
