import { randomInt } from 'node:crypto';
import type {
  DrawCampaignInput,
  DrawCampaignUpdate,
  DrawPrizeInput,
  DrawRecordStatus,
  DrawResult,
  ErrorKey,
  Language,
} from '@app/contracts';
import type { Clock } from '../../clock.ts';
import { Batcher } from '../../db/batcher.ts';
import type { Db } from '../../db/client.ts';
import { inTransaction } from '../../db/transaction.ts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import type { EntryDraft } from '../../ledger/post.ts';
import { addressOf } from '../addresses/repository.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { issueCoupon } from '../coupons/repository.ts';
import type { MessageNotifier } from '../messages/notifier.ts';
import type { VipService } from '../vip/service.ts';
import {
  presentAdminCampaign,
  presentAdminRecord,
  presentCampaign,
  presentPrize,
  presentRecord,
  presentRecordDetail,
} from './presenter.ts';
import {
  allCampaigns,
  type CampaignRow,
  campaignRow,
  type DrawAccounts,
  type DrawablePrize,
  type DrawState,
  drawStates,
  insertCampaign,
  lockPoints,
  moveRecord,
  type NewRecord,
  type PrizeValues,
  prizesOf,
  type RecordRow,
  recordById,
  recordPage,
  replacePrizes,
  runningCampaigns,
  setCoupon,
  takeStock,
  todaysDraws,
  updateCampaign,
  wins,
  writeDraws,
} from './repository.ts';
import { canMove, drawRefusal, drawsLeft, type Pickable, pickPrize, statusOfWin } from './rules.ts';

const DAY_MS = 86_400_000;

/** At most this many draws are judged and written in one transaction. */
const DRAWS_PER_BATCH = 100;

interface DrawRequest {
  userId: number;
  campaignId: number;
  /** The Idempotency-Key, namespaced by the user. */
  key: string;
  lang: Language;
}

/** A draw's record (new, or the first made with its key), or why it was refused. */
type DrawOutcome = { record: RecordRow } | { refusal: ErrorKey };

/**
 * Prize draws: the campaigns users draw in with their points, each draw judged, charged, picked
 * and paid in one transaction; the goods won and their shipping; the operators' campaigns.
 */
export class DrawService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly vip: VipService,
    private readonly notices: MessageNotifier,
  ) {
    // One draw per user in a batch: a second would be judged on the same points and draws.
    this.batches = new Batcher((requests) => this.drawBatch(requests), {
      concurrency: 4,
      maxBatch: DRAWS_PER_BATCH,
      keyOf: (request) => request.userId,
    });
  }

  private readonly batches: Batcher<DrawRequest, DrawOutcome>;

  /** The campaigns running now, with the draws the user has left in each today. */
  async campaigns(userId: number, lang: Language) {
    const now = this.clock.now();
    const [rows, benefits, today, decimals] = await Promise.all([
      runningCampaigns(this.db, now),
      this.vip.benefitsOf(userId),
      todaysDraws(this.db, userId, now),
      this.config.get('app_currency_decimals'),
    ]);
    const prizes = await prizesOf(
      this.db,
      rows.map((row) => row.id),
    );
    return rows.map((row) => {
      const counted = today.get(row.id) ?? { drawn: 0, won: 0 };
      const left = drawsLeft({ dailyLimit: row.dailyLimit, vipExtra: benefits.extraDraws, ...counted });
      const own = prizes.filter((prize) => prize.campaignId === row.id);
      return presentCampaign(row, own, left, lang, decimals);
    });
  }

  /**
   * One draw. Draws arriving together are judged and written as one batch (group commit): the
   * users' points accounts are locked first, so a user's draws queue one behind the other (one per
   * batch) and each is judged on the points and draws the previous one left; everything a draw
   * changes (points charged, stock taken, prize paid, record written) commits together. The same
   * Idempotency-Key answers the first draw again.
   */
  async draw(userId: number, campaignId: number, ctx: { idempotencyKey: string; lang: Language }): Promise<DrawResult> {
    const decimals = await this.config.get('app_currency_decimals');
    const outcome = await this.batches.submit({
      userId,
      campaignId,
      key: `draw:${userId}:${ctx.idempotencyKey}`,
      lang: ctx.lang,
    });
    if ('refusal' in outcome) throw new AppError(outcome.refusal);
    const { record } = outcome;
    return {
      recordId: record.id,
      prize: presentPrize(
        { id: record.prizeId, name: record.prizeName, kind: record.prizeKind, amount: record.amount, image: '' },
        ctx.lang,
        decimals,
      ),
      points: record.pointsAfter.toString(),
      drawsLeftToday: record.drawsLeft,
    };
  }

  /** A batch of draws by different users, in one transaction: each answered with its record or its refusal. */
  private drawBatch(requests: DrawRequest[]): Promise<DrawOutcome[]> {
    return inTransaction(this.db, async (tx) => {
      const accounts = await lockPoints(
        tx,
        requests.map((request) => request.userId),
      );
      const now = this.clock.now();
      const states = await drawStates(tx, requests, now);
      const records: NewRecord[] = [];
      const entries: EntryDraft[] = [];
      const coupons: { request: DrawRequest; record: NewRecord; prize: DrawablePrize }[] = [];
      const outcomes: DrawOutcome[] = [];
      for (const [index, request] of requests.entries()) {
        const state = states[index] as DrawState;
        const account = accounts.get(request.userId) as DrawAccounts;
        if (state.previous) {
          outcomes.push(
            state.previous.campaignId === request.campaignId
              ? { record: state.previous }
              : { refusal: 'IDEMPOTENCY_MISMATCH' },
          );
          continue;
        }
        const { campaign } = state;
        const allowance = { dailyLimit: campaign?.dailyLimit ?? 0, vipExtra: state.vipExtra, won: state.won };
        const left = drawsLeft({ ...allowance, drawn: state.drawn });
        const refusal = drawRefusal(campaign, { left, points: account.balance }, now);
        const prize = refusal || !campaign ? undefined : await this.pick(tx, state.prizes);
        if (!campaign || !prize) {
          outcomes.push({ refusal: refusal ?? 'DRAW_NOT_RUNNING' });
          continue;
        }
        const cost = BigInt(campaign.pointsPerDraw);
        const record: NewRecord = {
          id: state.recordId,
          userId: request.userId,
          campaignId: request.campaignId,
          prizeId: prize.id,
          day: state.day,
          prizeName: prize.name,
          prizeKind: prize.kind,
          amount: prize.amount,
          pointsSpent: campaign.pointsPerDraw,
          pointsAfter: account.balance - cost + (prize.kind === 'points' ? prize.amount : 0n),
          drawsLeft: drawsLeft({
            ...allowance,
            won: state.won + (prize.kind === 'draws' ? Number(prize.amount) : 0),
            drawn: state.drawn + 1,
          }),
          status: statusOfWin(prize.kind),
          idempotencyKey: request.key,
          createdAt: now,
        };
        records.push(record);
        entries.push(...this.entries(record, account, cost, prize));
        if (prize.kind === 'coupon') coupons.push({ request, record, prize });
        outcomes.push({
          record: { ...record, couponId: null, address: null, carrier: null, tracking: null, shippedAt: null },
        });
      }
      if (records.length > 0) await writeDraws(tx, records, entries);
      for (const won of coupons) await this.giveCoupon(tx, won.record, won.prize);
      return outcomes;
    });
  }

  /**
   * Picks among the prizes with stock left; a limited prize is taken by a conditional decrement,
   * and when a concurrent draw took its last unit first it is left out and the pick runs again.
   * Unlimited prizes write nothing, so a busy campaign does not queue on its prize rows.
   */
  private async pick(tx: Db, prizes: DrawablePrize[]): Promise<DrawablePrize | undefined> {
    let candidates = prizes;
    for (;;) {
      const prize = pickPrize(candidates, randomInt);
      if (!prize || prize.stock === null || (await takeStock(tx, prize.id))) return prize;
      candidates = candidates.filter((candidate) => candidate.id !== prize.id);
    }
  }

  /** The ledger entries of a draw: the points it cost, and a cash or points prize. */
  private entries(record: NewRecord, account: DrawAccounts, cost: bigint, prize: DrawablePrize): EntryDraft[] {
    const { userId } = record;
    const base = { userId, refType: 'draw', refId: String(record.id), at: record.createdAt };
    const drafts: EntryDraft[] = [];
    if (cost > 0n) {
      drafts.push({
        ...base,
        type: 'points_spent',
        lines: [
          { accountId: account.points, asset: 'POINTS', amount: -cost },
          { accountId: this.ledger.house('points_issued', userId), asset: 'POINTS', amount: cost },
        ],
      });
    }
    if (prize.kind === 'points') {
      drafts.push({
        ...base,
        type: 'points_earned',
        lines: [
          { accountId: this.ledger.house('points_issued', userId), asset: 'POINTS', amount: -prize.amount },
          { accountId: account.points, asset: 'POINTS', amount: prize.amount },
        ],
      });
    }
    if (prize.kind === 'cash') {
      drafts.push({
        ...base,
        type: 'other_profit',
        lines: [
          { accountId: this.ledger.house('payouts', userId), asset: 'CASH', amount: -prize.amount },
          { accountId: account.income, asset: 'CASH', amount: prize.amount },
        ],
      });
    }
    return drafts;
  }

  /** A coupon prize: an amount-off coupon valid for the prize's days, tied to the record. */
  private async giveCoupon(tx: Db, record: NewRecord, prize: DrawablePrize): Promise<void> {
    const now = record.createdAt;
    const couponId = await issueCoupon(
      tx,
      {
        userId: record.userId,
        name: prize.name,
        kind: 'amount_off',
        amount: prize.amount,
        minSpend: prize.minSpend,
        expiresAt: new Date(now.getTime() + prize.validDays * DAY_MS),
        source: 'draw',
        sourceId: String(record.id),
      },
      now,
    );
    await setCoupon(tx, record.id, couponId);
  }

  async records(userId: number, query: { status?: DrawRecordStatus; cursor?: string; limit: number }, lang: Language) {
    const [rows, decimals] = await Promise.all([
      recordPage(this.db, { ...query, userId }),
      this.config.get('app_currency_decimals'),
    ]);
    return pageOf(rows, query.limit, (row) => presentRecord(row, lang, decimals));
  }

  async record(userId: number, id: number, lang: Language) {
    const [row, decimals] = await Promise.all([
      recordById(this.db, id, userId),
      this.config.get('app_currency_decimals'),
    ]);
    if (!row) throw new AppError('DRAW_RECORD_NOT_FOUND');
    return presentRecordDetail(row, lang, decimals);
  }

  /**
   * Where a won parcel goes: the address is copied onto the record, so editing or deleting it in
   * the address book later does not move a parcel. It may change until the parcel ships.
   */
  async setAddress(userId: number, id: number, addressId: number, lang: Language) {
    const row = await recordById(this.db, id, userId);
    if (!row) throw new AppError('DRAW_RECORD_NOT_FOUND');
    if (!canMove(row.record.status, 'address')) throw new AppError('DRAW_RECORD_STATE');
    const address = await addressOf(this.db, userId, addressId);
    if (!address) throw new AppError('ADDRESS_NOT_FOUND');
    const moved = await moveRecord(this.db, id, ['awaiting_address', 'awaiting_shipment'], {
      status: 'awaiting_shipment',
      address: {
        firstName: address.firstName,
        lastName: address.lastName,
        phone: address.phone,
        email: address.email || null,
        region: address.region,
        city: address.city,
        postalCode: address.postalCode,
        detail: address.detail,
      },
    });
    if (!moved) throw new AppError('DRAW_RECORD_STATE');
    return this.record(userId, id, lang);
  }

  async adminCampaigns() {
    const [rows, decimals] = await Promise.all([allCampaigns(this.db), this.config.get('app_currency_decimals')]);
    return this.presentAdmin(this.db, rows, decimals);
  }

  private async presentAdmin(db: Db, rows: CampaignRow[], decimals: number) {
    const ids = rows.map((row) => row.id);
    const [prizes, counted] = await Promise.all([prizesOf(db, ids), wins(db, ids)]);
    return rows.map((row) =>
      presentAdminCampaign(
        row,
        prizes.filter((prize) => prize.campaignId === row.id),
        counted,
        decimals,
      ),
    );
  }

  async createCampaign(input: DrawCampaignInput, actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const id = await insertCampaign(tx, {
        kind: input.kind,
        name: input.name,
        pointsPerDraw: input.pointsPerDraw,
        dailyLimit: input.dailyLimit,
        startsAt: new Date(input.startsAt),
        endsAt: new Date(input.endsAt),
        status: input.status,
        createdAt: now,
        updatedAt: now,
      });
      await replacePrizes(tx, id, prizeValues(input.prizes, decimals));
      const [after] = await this.presentAdmin(tx, [(await campaignRow(tx, id)) as CampaignRow], decimals);
      await recordAudit(tx, actor, {
        action: 'draws.create',
        target: `draw_campaign:${id}`,
        before: null,
        after,
        at: now,
      });
      return { id };
    });
  }

  /** Edits a campaign; the dates are checked against those it keeps. Audited with its state before and after. */
  async updateCampaign(id: number, input: DrawCampaignUpdate, actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const row = await campaignRow(tx, id, true);
      if (!row) throw new AppError('DRAW_NOT_FOUND');
      const [before] = await this.presentAdmin(tx, [row], decimals);
      const startsAt = input.startsAt ? new Date(input.startsAt) : row.startsAt;
      const endsAt = input.endsAt ? new Date(input.endsAt) : row.endsAt;
      if (endsAt <= startsAt) throw new AppError('DRAW_DATES');
      await updateCampaign(tx, id, {
        ...(input.kind ? { kind: input.kind } : {}),
        ...(input.name ? { name: input.name } : {}),
        ...(input.pointsPerDraw === undefined ? {} : { pointsPerDraw: input.pointsPerDraw }),
        ...(input.dailyLimit === undefined ? {} : { dailyLimit: input.dailyLimit }),
        ...(input.status ? { status: input.status } : {}),
        startsAt,
        endsAt,
        updatedAt: now,
      });
      if (input.prizes) {
        const own = new Set((await prizesOf(tx, [id])).map((prize) => prize.id));
        if (input.prizes.some((prize) => prize.id !== undefined && !own.has(prize.id))) {
          throw new AppError('INVALID_INPUT', { field: 'prizes' });
        }
        await replacePrizes(tx, id, prizeValues(input.prizes, decimals));
      }
      const [after] = await this.presentAdmin(tx, [(await campaignRow(tx, id)) as CampaignRow], decimals);
      await recordAudit(tx, actor, { action: 'draws.update', target: `draw_campaign:${id}`, before, after, at: now });
      return after as NonNullable<typeof after>;
    });
  }

  /**
   * 10,000 draws of the campaign's prizes as they stand, with the pick the draws use: nothing
   * paid and no stock taken, but a limited prize runs out in the simulation as it would for real.
   */
  async simulate(id: number, draws: number) {
    const row = await campaignRow(this.db, id);
    if (!row) throw new AppError('DRAW_NOT_FOUND');
    const [prizes] = await this.presentAdmin(this.db, [row], await this.config.get('app_currency_decimals'));
    const left: Pickable[] = (prizes?.prizes ?? []).map((prize) => ({ ...prize }));
    const counts = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const prize = pickPrize(left, randomInt);
      if (!prize) break;
      counts.set(prize.id, (counts.get(prize.id) ?? 0) + 1);
      if (prize.stock !== null) prize.stock -= 1;
    }
    return {
      draws: [...counts.values()].reduce((sum, n) => sum + n, 0),
      prizes: (prizes?.prizes ?? []).map((prize) => ({
        id: prize.id,
        name: prize.name,
        odds: prize.odds,
        wins: counts.get(prize.id) ?? 0,
      })),
    };
  }

  async adminRecords(query: { status?: DrawRecordStatus; campaignId?: number; cursor?: string; limit: number }) {
    const [rows, decimals] = await Promise.all([recordPage(this.db, query), this.config.get('app_currency_decimals')]);
    return pageOf(rows, query.limit, (row) => presentAdminRecord(row, decimals));
  }

  /** Marks goods shipped, only once their address is in and not twice; audited. */
  async ship(id: number, input: { carrier?: string; tracking: string }, actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const now = this.clock.now();
    return inTransaction(this.db, async (tx) => {
      const row = await recordById(tx, id);
      if (!row) throw new AppError('DRAW_RECORD_NOT_FOUND');
      if (!canMove(row.record.status, 'ship')) throw new AppError('DRAW_RECORD_STATE');
      const moved = await moveRecord(tx, id, ['awaiting_shipment'], {
        status: 'shipped',
        carrier: input.carrier || null,
        tracking: input.tracking,
        shippedAt: now,
      });
      if (!moved) throw new AppError('DRAW_RECORD_STATE');
      await this.notices.notify(tx, {
        notice: 'prize_shipped',
        userId: row.record.userId,
        prize: row.record.prizeName,
        tracking: input.tracking,
      });
      const after = presentAdminRecord((await recordById(tx, id)) as NonNullable<typeof row>, decimals);
      await recordAudit(tx, actor, {
        action: 'draws.ship',
        target: `draw_record:${id}`,
        before: presentAdminRecord(row, decimals),
        after,
        at: now,
      });
      return after;
    });
  }
}

/** The prizes as stored: money to minor units at the currency's decimals, in the order given. */
function prizeValues(prizes: (DrawPrizeInput & { id?: number })[], decimals: number): PrizeValues[] {
  return prizes.map((prize, position) => ({
    ...(prize.id === undefined ? {} : { id: prize.id }),
    position,
    name: prize.name,
    kind: prize.kind,
    amount:
      prize.kind === 'cash' || prize.kind === 'coupon'
        ? parseAmount(prize.amount, decimals)
        : prize.kind === 'points' || prize.kind === 'draws'
          ? BigInt(prize.amount)
          : 0n,
    weight: prize.weight,
    stock: prize.stock,
    image: prize.image,
    minSpend: parseAmount(prize.minSpend, decimals),
    validDays: prize.validDays,
  }));
}
