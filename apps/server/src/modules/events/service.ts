import type { EventInput, Language } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { userAccountIds } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { postEntry } from '../../ledger/post.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { presentAdminEvent, presentSignup, presentUserEvent } from './presenter.ts';
import {
  type EventRow,
  type EventValues,
  eventRow,
  eventRows,
  hasSignedUp,
  insertEvent,
  insertSignup,
  signupRows,
  updateEvent,
  userEventRows,
} from './repository.ts';
import { signupRefusal } from './rules.ts';

const APPLIED = { status: 'applied' } as const;

/** The anniversary event and the press conference: the operator's events, users' sign-ups and their rewards. */
export class EventService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
  ) {}

  async userEvents(userId: number, lang: Language) {
    const [rows, decimals] = await Promise.all([
      userEventRows(this.db, userId),
      this.config.get('app_currency_decimals'),
    ]);
    const now = this.clock.now();
    return rows.map((row) => presentUserEvent(row, now, { lang, decimals }));
  }

  /**
   * Signs the user up: the seat, the sign-up and its reward's ledger entry in one transaction.
   * The event's row is locked first, so its sign-ups queue and each sees the seats the previous
   * one left: the last seat goes once. Signing up again answers the same and changes nothing.
   */
  signup(userId: number, eventId: number) {
    return inTransaction(this.db, async (tx) => {
      const event = await eventRow(tx, eventId, true);
      if (event && event.status === 'on' && (await hasSignedUp(tx, eventId, userId))) return APPLIED;
      const now = this.clock.now();
      const refusal = signupRefusal(event, now);
      if (refusal || !event) throw new AppError(refusal ?? 'EVENT_NOT_FOUND');
      const entryId = await this.payReward(tx, event, userId, now);
      await insertSignup(tx, { eventId, userId, entryId, at: now });
      return APPLIED;
    });
  }

  /** Money to the income wallet as other profit from the house's payouts, or points issued; null when none. */
  private async payReward(tx: Db, event: EventRow, userId: number, at: Date): Promise<number | null> {
    const amount = event.rewardAmount;
    if (event.rewardKind === null || amount === null) return null;
    const accounts = await userAccountIds(tx, userId);
    const draft = {
      userId,
      refType: 'event',
      refId: String(event.id),
      idempotencyKey: `event:${event.id}:${userId}`,
      at,
    };
    if (event.rewardKind === 'cash') {
      return postEntry(tx, {
        ...draft,
        type: 'other_profit',
        lines: [
          { accountId: accounts.income, asset: 'CASH', amount },
          { accountId: this.ledger.house('payouts', userId), asset: 'CASH', amount: -amount },
        ],
      });
    }
    return postEntry(tx, {
      ...draft,
      type: 'points_earned',
      lines: [
        { accountId: accounts.points, asset: 'POINTS', amount },
        { accountId: this.ledger.house('points_issued', userId), asset: 'POINTS', amount: -amount },
      ],
    });
  }

  async adminEvents() {
    const [rows, decimals] = await Promise.all([eventRows(this.db), this.config.get('app_currency_decimals')]);
    return rows.map((row) => presentAdminEvent(row, decimals));
  }

  async create(input: EventInput, actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const row = await insertEvent(tx, { ...eventValues(input, decimals, now), createdAt: now });
      await recordAudit(tx, actor, {
        action: 'event.create',
        target: `event:${row.id}`,
        before: null,
        after: presentAdminEvent(row, decimals),
        at: now,
      });
      return { id: row.id };
    });
  }

  /** Changes an event, audited; its capacity may not drop below the seats already taken. */
  async update(id: number, input: EventInput, actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const before = await eventRow(tx, id, true);
      if (!before) throw new AppError('EVENT_NOT_FOUND');
      if (input.capacity < before.signups) {
        throw new AppError('EVENT_CAPACITY_BELOW_SIGNUPS', { signups: before.signups });
      }
      const after = await updateEvent(tx, id, eventValues(input, decimals, now));
      await recordAudit(tx, actor, {
        action: 'event.update',
        target: `event:${id}`,
        before: presentAdminEvent(before, decimals),
        after: presentAdminEvent(after, decimals),
        at: now,
      });
      return presentAdminEvent(after, decimals);
    });
  }

  async signups(eventId: number, query: { cursor?: string; limit: number }) {
    if (!(await eventRow(this.db, eventId))) throw new AppError('EVENT_NOT_FOUND');
    const cursor = query.cursor === undefined ? undefined : cursorId(query.cursor);
    const rows = await signupRows(this.db, eventId, { cursor, limit: query.limit });
    return pageOf(rows, query.limit, presentSignup);
  }
}

/** The row of an event as the operator wrote it: a cash reward in minor units, points as they are. */
function eventValues(input: EventInput, decimals: number, now: Date): EventValues {
  const { reward } = input;
  return {
    kind: input.kind,
    title: input.title,
    body: input.body,
    startsAt: new Date(input.startsAt),
    endsAt: new Date(input.endsAt),
    capacity: input.capacity,
    status: input.status,
    rewardKind: reward?.kind ?? null,
    rewardAmount:
      reward === null ? null : reward.kind === 'cash' ? parseAmount(reward.amount, decimals) : BigInt(reward.amount),
    updatedAt: now,
  };
}
