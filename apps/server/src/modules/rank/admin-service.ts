import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { inTransaction } from '../../db/transaction.ts';
import { AppError } from '../../domain/errors.ts';
import { pageOf } from '../../domain/paging.ts';
import { type Actor, recordAudit } from '../audit/service.ts';
import type { ConfigService } from '../config/service.ts';
import { presentAdminCycle, presentStanding, presentTeam } from './presenter.ts';
import {
  accountOf,
  cycleById,
  cyclesPage,
  liveStandings,
  settledStandings,
  teamOf,
  teamSizes,
  teamsPage,
  updateTeam,
} from './repository.ts';
import { acceptableTeamName, prizesOf } from './service.ts';

/** The team rank in the back office: cycles and their standings, and teams moderated by operators. */
export class RankAdminService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
  ) {}

  async cycles(query: { cursor?: string; limit: number }) {
    const decimals = await this.config.get('app_currency_decimals');
    const rows = await cyclesPage(this.db, query);
    return pageOf(rows, query.limit, ({ cycle, email }) =>
      presentAdminCycle({ ...cycle, settledByEmail: email }, decimals),
    );
  }

  /**
   * Every ranked team of a cycle, best first, paged by rank: as frozen by the settlement, or the
   * live ranking with the configured prizes while the cycle is open.
   */
  async standings(cycleId: number, query: { cursor?: string; limit: number }) {
    const cfg = await this.config.all();
    const decimals = cfg.app_currency_decimals;
    const cycle = await cycleById(this.db, cycleId);
    if (!cycle) throw new AppError('RANK_CYCLE_NOT_FOUND');
    const afterRank = query.cursor ? Number(query.cursor) : 0;
    let rows: Parameters<typeof presentStanding>[0][];
    if (cycle.status === 'settled') {
      rows = await settledStandings(this.db, [cycleId], { afterRank, limit: query.limit + 1 });
    } else {
      const prizes = prizesOf(cfg);
      const live = await liveStandings(this.db, cycleId, afterRank, query.limit + 1);
      const sizes = await teamSizes(
        this.db,
        live.map((standing) => standing.ownerId),
      );
      rows = live.map((standing) => ({
        ...standing,
        size: sizes.get(standing.ownerId) ?? 0,
        prize: prizes[standing.rank - 1] ?? 0n,
        entryId: null,
      }));
    }
    const items = rows.slice(0, query.limit).map((row) => presentStanding(row, decimals));
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? String(last.rank) : null };
  }

  async teams(query: { cursor?: string; limit: number; q?: string }) {
    const rows = await teamsPage(this.db, query);
    const page = rows.slice(0, query.limit);
    const sizes = await teamSizes(
      this.db,
      page.map((row) => row.team.ownerId),
    );
    const items = page.map(({ team, account }) => presentTeam(team, account, sizes.get(team.ownerId) ?? 0));
    const last = items.at(-1);
    return { items, nextCursor: rows.length > query.limit && last ? String(last.ownerId) : null };
  }

  /**
   * An operator renames a team (the same checks as the owner's, without the wait between renames,
   * which stays the owner's) or hides it from the ranking and its prizes; audited in the same
   * transaction.
   */
  async updateTeam(ownerId: number, change: { name?: string; hidden?: boolean }, actor: Actor) {
    const cfg = await this.config.all();
    const name = change.name === undefined ? undefined : acceptableTeamName(change.name, cfg);
    try {
      const team = await inTransaction(this.db, async (tx) => {
        const before = await teamOf(tx, ownerId, { lock: true });
        if (!before) throw new AppError('TEAM_NOT_FOUND');
        const after = await updateTeam(tx, ownerId, { name, hidden: change.hidden });
        await recordAudit(tx, actor, {
          action: 'team.update',
          target: `team:${ownerId}`,
          before: { name: before.name, hidden: before.hidden },
          after: { name: after?.name, hidden: after?.hidden },
          at: this.clock.now(),
        });
        return after ?? before;
      });
      const sizes = await teamSizes(this.db, [ownerId]);
      return presentTeam(team, await accountOf(this.db, ownerId), sizes.get(ownerId) ?? 0);
    } catch (error) {
      if (isUniqueViolation(error, 'teams_name_key')) throw new AppError('TEAM_NAME_TAKEN');
      throw error;
    }
  }
}
