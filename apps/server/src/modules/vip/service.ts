import type { Language, VipBenefits, VipLevelInput, VipRequirement } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import { Batcher } from '../../db/batcher.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { UserGate } from '../../db/user-gate.ts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError } from '../../domain/errors.ts';
import { lockUserAccount } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { postEntry } from '../../ledger/post.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import type { MessageNotifier } from '../messages/notifier.ts';
import { presentAdminLevel, presentBenefits, presentLevel, presentPaidLevel, presentUserVip } from './presenter.ts';
import {
  activatedAt,
  activationByKey,
  ancestorIdsOf,
  followKinds,
  heldLevel,
  holdersByLevel,
  type LevelRow,
  type LevelValues,
  levelRow,
  levelRows,
  moveLevels,
  raiseToPaidLevel,
  replaceLevels,
  type Standing,
  standings,
  userLevel,
} from './repository.ts';
import { activationRefusal, dependsOn, levelAfter, levelByTotals } from './rules.ts';

/** At most this many buyers' levels are counted again in one statement. */
const LEVEL_CHECKS_PER_BATCH = 100;

/**
 * VIP and SVIP levels: the operator's ladder, levels reached by the users' totals when they
 * change, SVIP levels bought from the deposit wallet, and the benefits the rest of the product
 * asks for.
 */
export class VipService {
  /** The ladder's read, and its rows once they are in (a purchase then checks them without waiting). */
  private cached: { rows: Promise<LevelRow[]>; read?: LevelRow[]; at: number } | undefined;
  /** Buyers whose purchase total moved: counted again together under load. */
  private readonly purchaseChecks: Batcher<number, undefined>;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
    private readonly cacheMs: number,
    private readonly notices: MessageNotifier,
    private readonly gate: UserGate,
  ) {
    this.purchaseChecks = new Batcher(
      async (userIds) => {
        await this.reach(db, userIds, await this.levels());
        return userIds.map(() => undefined);
      },
      { concurrency: 1, maxBatch: LEVEL_CHECKS_PER_BATCH, keyOf: (userId) => userId },
    );
  }

  /**
   * The ladder, cached briefly like the configuration; only outside a transaction. The read in
   * flight is what is cached, so the purchases that find the cache expired together share one.
   */
  private levels(): Promise<LevelRow[]> {
    const now = Date.now();
    if (!this.cached || now - this.cached.at >= this.cacheMs) {
      const rows = levelRows(this.db);
      const cached: NonNullable<typeof this.cached> = { rows, at: now };
      this.cached = cached;
      rows.then(
        (read) => {
          cached.read = read;
        },
        () => {
          if (this.cached === cached) this.cached = undefined;
        },
      );
    }
    return this.cached.rows;
  }

  /**
   * Counts the users' totals again and moves each to the level they now hold; `db` may be the
   * caller's transaction. Answers each user's standing at their new level.
   */
  private async reach(db: Db, userIds: number[], levels: LevelRow[]): Promise<Standing[]> {
    const found = await standings(db, userIds);
    const reached = found.map((standing) => ({
      ...standing,
      level: levelAfter(standing, levelByTotals(levels, standing.totals), standing.canDrop),
    }));
    const moves = reached.flatMap((standing, index) => {
      const seen = found[index] as Standing;
      if (standing.level === seen.level) return [];
      return [{ id: seen.id, seenLevel: seen.level, seenPaid: seen.paidLevel, level: standing.level }];
    });
    const moved = new Set(await moveLevels(db, moves));
    for (const move of moves) {
      const level = levels.find((row) => row.level === move.level);
      if (moved.has(move.id) && move.level > move.seenLevel && level) {
        await this.notices.notify(db, { notice: 'level_reached', userId: move.id, level: level.name });
      }
    }
    return reached;
  }

  /** A total of these users changed (in the transaction `db` that changed it): their levels follow. */
  private async totalsChanged(db: Db, userIds: number[], requirement: VipRequirement): Promise<void> {
    if (userIds.length === 0) return;
    const levels = await levelRows(db);
    if (dependsOn(levels, requirement)) await this.reach(db, userIds, levels);
  }

  /** A deposit was credited to the user, in the transaction `tx` that credited it. */
  recharged(tx: Db, userId: number): Promise<void> {
    return this.totalsChanged(tx, [userId], 'recharge');
  }

  /** A member signed up, in the transaction `tx` that placed them in their inviters' teams. */
  async memberJoined(tx: Db, memberId: number): Promise<void> {
    await this.totalsChanged(tx, await ancestorIdsOf(tx, memberId), 'teamSize');
  }

  /**
   * The user bought a machine. Counted after the purchase's own statement, which stays as short
   * as it is, and only while a level is reached by purchases.
   */
  async purchased(userId: number): Promise<void> {
    const reading = this.levels();
    const levels = this.cached?.read ?? (await reading);
    if (dependsOn(levels, 'purchases')) await this.purchaseChecks.submit(userId);
  }

  /** The benefits of the level the user holds; none at no level. */
  async benefitsOf(userId: number): Promise<VipBenefits> {
    return presentBenefits(await heldLevel(this.db, userId));
  }

  /**
   * Every level as the user sees it. Their totals are counted again first, so a level an operator
   * has just made easier shows reached without waiting for the user's next deposit or purchase.
   */
  async userLevels(userId: number, lang: Language) {
    const levels = await this.levels();
    const [standing] = await this.reach(this.db, [userId], levels);
    if (!standing) throw new AppError('SESSION_UNKNOWN');
    const decimals = await this.config.get('app_currency_decimals');
    return levels.map((row) => presentLevel(row, levels, standing, { lang, decimals }));
  }

  /**
   * Buys an SVIP level from the deposit wallet: one ledger entry and the level, in one transaction.
   * The deposit wallet is locked first, so a user's activations (and anything else spending that
   * wallet) queue; each is then judged on the level and balance the previous one left. The same
   * Idempotency-Key answers the first activation again, however many arrive together.
   */
  activate(userId: number, level: number, ctx: { idempotencyKey: string }) {
    const key = `vip:${userId}:${ctx.idempotencyKey}`;
    // One of the user's money requests at a time (`UserGate`): another is refused at once.
    return this.gate.run(userId, () => this.activateOnce(userId, level, key), { key, hash: String(level) });
  }

  private async activateOnce(userId: number, level: number, key: string) {
    const previous = await this.previousActivation(this.db, key, level);
    if (previous) return previous;
    try {
      return await this.gate.transaction(this.db, userId, async (tx) => {
        const wallet = await lockUserAccount(tx, userId, 'deposit');
        // A request with the same key that held the lock first has been written by now.
        const again = await this.previousActivation(tx, key, level);
        if (again) return again;
        const user = await userLevel(tx, userId, true);
        if (!user) throw new AppError('SESSION_UNKNOWN');
        const target = await levelRow(tx, level);
        const refusal = activationRefusal(target, user.level);
        if (refusal) throw new AppError(refusal);
        const price = target?.price ?? 0n;
        if (wallet.balance < price) throw new AppError('INSUFFICIENT_BALANCE');
        await postEntry(tx, {
          type: 'vip_activation',
          userId,
          refType: 'vip_level',
          refId: String(level),
          idempotencyKey: key,
          at: this.clock.now(),
          lines: [
            { accountId: wallet.id, asset: 'CASH', amount: -price },
            { accountId: this.ledger.house('sales', userId), asset: 'CASH', amount: price },
          ],
        });
        await raiseToPaidLevel(tx, userId, level);
        if (target) await this.notices.notify(tx, { notice: 'level_reached', userId, level: target.name });
        return { level };
      });
    } catch (error) {
      if (isUniqueViolation(error, 'journal_entries_idempotency_key')) {
        const answered = await this.previousActivation(this.db, key, level);
        if (answered) return answered;
      }
      throw error;
    }
  }

  /** The answer of the activation made with `key`; the key reused for another level is refused. */
  private async previousActivation(db: Db, key: string, level: number) {
    const bought = await activationByKey(db, key);
    if (bought === undefined) return undefined;
    if (bought !== String(level)) throw new AppError('IDEMPOTENCY_MISMATCH');
    return { level };
  }

  async adminLevels() {
    const [rows, holders, decimals] = await Promise.all([
      levelRows(this.db),
      holdersByLevel(this.db),
      this.config.get('app_currency_decimals'),
    ]);
    return rows.map((row) => presentAdminLevel(row, holders.get(row.level) ?? 0, decimals));
  }

  /**
   * Replaces the ladder, audited in the same transaction. A level users hold cannot be left out
   * (they would keep a number with nothing behind it); a level whose kind changes takes its
   * holders' `vip` with it.
   */
  async saveLevels(input: VipLevelInput[], actor: Actor) {
    const decimals = await this.config.get('app_currency_decimals');
    const now = this.clock.now();
    const values = input.map((level) => levelValues(level, decimals, now));
    const saved = await inTransaction(this.db, async (tx) => {
      const [before, holders] = await Promise.all([levelRows(tx), holdersByLevel(tx)]);
      const kept = new Set(values.map((value) => value.level));
      const held = before.find((row) => !kept.has(row.level) && (holders.get(row.level) ?? 0) > 0);
      if (held) throw new AppError('VIP_LEVEL_HELD', { level: held.level });
      await replaceLevels(tx, values);
      await followKinds(tx);
      const after = await levelRows(tx);
      const present = (row: LevelRow) => presentAdminLevel(row, holders.get(row.level) ?? 0, decimals);
      await recordAudit(tx, actor, {
        action: 'vip.levels',
        target: 'vip_levels',
        before: before.map(present),
        after: after.map(present),
        at: now,
      });
      return after.map(present);
    });
    this.cached = undefined;
    return saved;
  }

  /** A user's level for the back office, with the totals behind it. */
  async adminUserLevel(userId: number) {
    const [levels, decimals] = await Promise.all([this.levels(), this.config.get('app_currency_decimals')]);
    const [[standing], user] = await Promise.all([standings(this.db, [userId]), userLevel(this.db, userId)]);
    if (!standing || !user) throw new AppError('USER_NOT_FOUND');
    const boughtAt = user.paidLevel === 0 ? undefined : await activatedAt(this.db, userId, user.paidLevel);
    return {
      ...presentUserVip(
        user,
        levels.find((level) => level.level === user.level),
        standing.totals,
        decimals,
      ),
      paid: presentPaidLevel(
        user.paidLevel,
        levels.find((level) => level.level === user.paidLevel),
        boughtAt,
      ),
    };
  }
}

/** The row of a level as the operator wrote it: money to minor units at the currency's decimals. */
function levelValues(level: VipLevelInput, decimals: number, now: Date): LevelValues {
  const { requirement } = level;
  return {
    level: level.level,
    name: level.name,
    kind: level.kind,
    requirementKind: requirement?.kind ?? null,
    requirementAmount:
      requirement === null
        ? null
        : requirement.kind === 'teamSize'
          ? BigInt(requirement.amount)
          : parseAmount(requirement.amount, decimals),
    price: level.price === null ? null : parseAmount(level.price, decimals),
    extraDraws: level.benefits.extraDraws,
    withdrawFeeDiscount: level.benefits.withdrawFeeDiscount,
    extraWithdrawals: level.benefits.extraWithdrawals,
    incomeBonusRate: level.benefits.incomeBonusRate,
    updatedAt: now,
  };
}
