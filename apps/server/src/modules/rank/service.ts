import { type ConfigValues, fromMinor, type TeamRankBoard } from '@app/contracts';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { userAccountIds } from '../../ledger/accounts.ts';
import type { Ledger } from '../../ledger/ledger.ts';
import { type EntryDraft, postEntries } from '../../ledger/post.ts';
import { zonedDates, zonedTime } from '../../time.ts';
import { type Actor, recordAudit, SYSTEM_ACTOR } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { presentAdminCycle, presentRankItem, presentStanding } from './presenter.ts';
import {
  type CycleRow,
  chooseTeamName,
  claimCycle,
  cycleAround,
  cycleById,
  cycleBySettleKey,
  cyclesPage,
  dueCycles,
  finishCycle,
  freezeStandings,
  liveStandings,
  openCycle,
  recordPrizeEntries,
  settledStandings,
  teamOf,
  teamSizes,
  teamStanding,
} from './repository.ts';
import {
  type CycleSettings,
  nextCycle,
  normalizeTeamName,
  prizeMinor,
  renameOpensAt,
  SETTLE_GRACE_MS,
  secondsLeft,
  settlesFrom,
  teamNameProblem,
  wholePoints,
} from './rules.ts';

/** The ranking users see: this many teams, or every prize-winning rank if there are more prizes. */
const BOARD_SIZE = 50;
const DAY_MS = 86_400_000;

export const cycleSettings = (cfg: ConfigValues): CycleSettings => ({
  kind: cfg.team_rank_cycle,
  weekStart: cfg.team_rank_week_start,
  timeZone: cfg.timezone,
});

/** Each rank's prize in minor units, first place first. */
export const prizesOf = (cfg: ConfigValues) =>
  cfg.team_rank_prizes.map((prize) => prizeMinor(prize, cfg.app_currency_decimals));

/** The name as it will be stored, or the refusal of the configured length or words. */
export function acceptableTeamName(typed: string, cfg: ConfigValues): string {
  const name = normalizeTeamName(typed);
  const problem = teamNameProblem(name, {
    min: cfg.team_name_min_length,
    max: cfg.team_name_max_length,
    badWords: cfg.team_name_bad_words,
  });
  if (problem) throw new AppError(problem.key, 'params' in problem ? problem.params : {});
  return name;
}

/** "2026-11-30 00:00" in the platform's time zone, for messages. */
const localTime = (at: Date, timeZone: string) => `${zonedDates(at, timeZone).today} ${zonedTime(at, timeZone)}`;

/**
 * The team rank (docs/product.md#team-rank): named teams, the current cycle's ranking by team
 * points, past cycles, and the settlement that pays each cycle's prizes once.
 */
export class RankService {
  /** The cycle last found or opened: purchases ask for it, and it changes once a cycle. */
  private current: CycleRow | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    private readonly ledger: Ledger,
  ) {}

  /** The cycle that holds `at`, opened if none does yet. */
  async cycleAt(at: Date): Promise<CycleRow> {
    const known = this.current;
    if (known && known.startsAt <= at && at < known.endsAt) return known;
    const around = await cycleAround(this.db, at);
    let cycle = around.cycle;
    if (!cycle) {
      const settings = cycleSettings(await this.config.all());
      cycle = await openCycle(this.db, settings.kind, nextCycle(at, around, settings));
    }
    this.current = cycle;
    return cycle;
  }

  async board(userId: number): Promise<TeamRankBoard> {
    const cfg = await this.config.all();
    const decimals = cfg.app_currency_decimals;
    const prizes = prizesOf(cfg);
    const now = this.clock.now();
    const cycle = await this.cycleAt(now);
    const top = await liveStandings(this.db, cycle.id, 0, Math.max(BOARD_SIZE, prizes.length));
    const mine = await teamStanding(this.db, cycle.id, userId);
    const sizes = await teamSizes(this.db, [...top.map((standing) => standing.ownerId), userId]);
    return {
      cycle: {
        id: cycle.id,
        startsAt: cycle.startsAt.toISOString(),
        endsAt: cycle.endsAt.toISOString(),
        secondsLeft: secondsLeft(cycle.endsAt, now),
      },
      mine: mine
        ? {
            teamName: mine.teamName,
            points: wholePoints(mine.points, decimals),
            size: sizes.get(userId) ?? 0,
            rank: mine.rank,
          }
        : null,
      items: top.map((standing) =>
        presentRankItem(
          {
            ...standing,
            size: sizes.get(standing.ownerId) ?? 0,
            prize: prizes[standing.rank - 1] ?? 0n,
          },
          decimals,
        ),
      ),
    };
  }

  /** Settled cycles, newest first, with their prize winners and where the caller's team finished. */
  async history(userId: number, query: { cursor?: string; limit: number }) {
    const decimals = await this.config.get('app_currency_decimals');
    const rows = await cyclesPage(this.db, query, true);
    const ids = rows.slice(0, query.limit).map((row) => row.cycle.id);
    const winners = await settledStandings(this.db, ids, { prizedOnly: true });
    const mine = await settledStandings(this.db, ids, { ownerId: userId });
    return pageOf(rows, query.limit, ({ cycle }) => {
      const own = mine.find((standing) => standing.cycleId === cycle.id);
      return {
        id: cycle.id,
        startsAt: cycle.startsAt.toISOString(),
        endsAt: cycle.endsAt.toISOString(),
        winners: winners
          .filter((standing) => standing.cycleId === cycle.id)
          .map((standing) => presentRankItem(standing, decimals)),
        mine: own
          ? { rank: own.rank, points: wholePoints(own.points, decimals), prize: fromMinor(own.prize, decimals) }
          : null,
      };
    });
  }

  /**
   * Names the user's team, or renames it once `team_name_change_days` have passed since the owner
   * last chose its name. The same name again changes nothing.
   */
  async nameTeam(userId: number, typed: string) {
    const cfg = await this.config.all();
    const name = acceptableTeamName(typed, cfg);
    const current = await teamOf(this.db, userId);
    if (current?.name === name) return { teamName: name };
    const now = this.clock.now();
    const days = cfg.team_name_change_days;
    try {
      const team = await chooseTeamName(this.db, userId, name, {
        now,
        opensBefore: new Date(now.getTime() - days * DAY_MS),
      });
      if (team) return { teamName: team.name };
    } catch (error) {
      if (isUniqueViolation(error, 'teams_name_key')) throw new AppError('TEAM_NAME_TAKEN');
      throw error;
    }
    const named = (await teamOf(this.db, userId))?.namedAt ?? now;
    throw new AppError('TEAM_NAME_TOO_SOON', { time: localTime(renameOpensAt(named, days), cfg.timezone) });
  }

  /** The job: settles every cycle that ended at least the grace period ago. */
  async settleDue() {
    const due = await dueCycles(this.db, new Date(this.clock.now().getTime() - SETTLE_GRACE_MS));
    for (const id of due) await this.settle(id, SYSTEM_ACTOR);
    return { settled: due };
  }

  /**
   * Settles an ended cycle: in one transaction it claims the cycle (`open` to `settled`, the row
   * locked, so a second settlement on any connection waits and then finds it done), freezes the
   * standings with each rank's prize (hidden and unnamed teams are not ranked) and posts each
   * prize as a ledger entry into the winner's income wallet. Whoever asks again, and however often,
   * gets the same result. An operator's settlement is audited; the job's is not an operator change.
   */
  async settle(cycleId: number, actor: Actor, key?: string) {
    const cfg = await this.config.all();
    const prizes = prizesOf(cfg);
    if (key !== undefined) {
      const keyed = await cycleBySettleKey(this.db, key);
      if (keyed !== undefined && keyed !== cycleId) throw new AppError('IDEMPOTENCY_MISMATCH');
    }
    const now = this.clock.now();
    try {
      await inTransaction(this.db, async (tx) => {
        const cutoff = new Date(now.getTime() - SETTLE_GRACE_MS);
        const claimed = await claimCycle(tx, cycleId, { cutoff, at: now, adminId: actor.adminId, key: key ?? null });
        if (!claimed) return;
        const result = await freezeStandings(tx, cycleId, prizes);
        const winners = await settledStandings(tx, [cycleId], { prizedOnly: true });
        const drafts: EntryDraft[] = [];
        for (const winner of winners) {
          const income = (await userAccountIds(tx, winner.ownerId)).income;
          drafts.push({
            type: 'team_rank_prize',
            userId: winner.ownerId,
            refType: 'rank_cycle',
            refId: String(cycleId),
            idempotencyKey: `team-rank:${cycleId}:${winner.rank}`,
            memo: winner.teamName,
            at: now,
            lines: [
              { accountId: income, asset: 'CASH', amount: winner.prize },
              { accountId: this.ledger.house('payouts', winner.ownerId), asset: 'CASH', amount: -winner.prize },
            ],
          });
        }
        const entryIds = await postEntries(tx, drafts);
        await recordPrizeEntries(
          tx,
          cycleId,
          winners.map((winner, index) => ({ rank: winner.rank, entryId: entryIds[index] as number })),
        );
        await finishCycle(tx, cycleId, result);
        if (actor.adminId !== null) {
          await recordAudit(tx, actor, {
            action: 'team_rank.settle',
            target: `rank_cycle:${cycleId}`,
            before: { status: 'open' },
            after: { status: 'settled', teams: result.teams, paid: fromMinor(result.paid, cfg.app_currency_decimals) },
            at: now,
          });
        }
      });
    } catch (error) {
      if (key !== undefined && isUniqueViolation(error, 'rank_cycles_settle_key')) {
        throw new AppError('IDEMPOTENCY_MISMATCH');
      }
      throw error;
    }
    const settlement = await this.settlement(cycleId);
    if (settlement.cycle.status === 'open') {
      throw new AppError('RANK_CYCLE_NOT_ENDED', {
        time: localTime(settlesFrom(new Date(settlement.cycle.endsAt)), cfg.timezone),
      });
    }
    return settlement;
  }

  /**
   * A cycle and its prizes: as paid once settled; while open, the prizes the current leaders would
   * take (no entry yet).
   */
  async settlement(cycleId: number) {
    const cfg = await this.config.all();
    const decimals = cfg.app_currency_decimals;
    const cycle = await cycleById(this.db, cycleId);
    if (!cycle) throw new AppError('RANK_CYCLE_NOT_FOUND');
    if (cycle.status === 'settled') {
      const paid = await settledStandings(this.db, [cycleId], { prizedOnly: true });
      return {
        cycle: presentAdminCycle(cycle, decimals),
        prizes: paid.map((standing) => presentStanding(standing, decimals)),
      };
    }
    const prizes = prizesOf(cfg);
    const leaders = await liveStandings(this.db, cycleId, 0, prizes.length);
    const sizes = await teamSizes(
      this.db,
      leaders.map((leader) => leader.ownerId),
    );
    return {
      cycle: presentAdminCycle(cycle, decimals),
      prizes: leaders
        .map((leader) => ({
          ...leader,
          size: sizes.get(leader.ownerId) ?? 0,
          prize: prizes[leader.rank - 1] ?? 0n,
          entryId: null,
        }))
        .filter((leader) => leader.prize > 0n)
        .map((leader) => presentStanding(leader, decimals)),
    };
  }
}
