import type { TeamLevel } from '@app/contracts';
import { eq } from 'drizzle-orm';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { AppError } from '../../domain/errors.ts';
import { cursorId, pageOf } from '../../domain/paging.ts';
import { zonedDates } from '../../time.ts';
import type { ConfigService } from '../config/service.ts';
import { presentAdminMember, presentMember, presentTeamSummary, presentUserTeam } from './presenter.ts';
import { type MemberRow, teamMembers, teamState, upline } from './repository.ts';
import { teamFigures } from './rules.ts';

type MembersQuery = { level: TeamLevel; cursor?: string; limit: number };

/**
 * A user's referral team (docs/product.md#referral), read from the running totals that sign-ups
 * and postings keep (`team_levels`, `team_contributions`, `team_commission_days`) and the
 * ancestors table: a fixed number of rows however large the team.
 */
export class TeamService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly config: ConfigService,
    /** Where the web app is served: the invite link points at its sign-up page. */
    private readonly publicUrl: string,
  ) {}

  async summary(userId: number) {
    const { cfg, state } = await this.state(userId);
    return presentTeamSummary(teamFigures(state.levels), state, { cfg, publicUrl: this.publicUrl });
  }

  async members(userId: number, query: MembersQuery) {
    const decimals = await this.config.get('app_currency_decimals');
    const rows = await this.page(userId, query);
    return pageOf(rows, query.limit, (row) => presentMember(row, query.level, decimals));
  }

  /** The back office's view of a user's place in the invite tree: who is above, how many below. */
  async userTeam(userId: number) {
    const { cfg, state } = await this.state(userId);
    return presentUserTeam(teamFigures(state.levels), await upline(this.db, userId), cfg.app_currency_decimals);
  }

  async userTeamMembers(userId: number, query: MembersQuery) {
    const decimals = await this.config.get('app_currency_decimals');
    const [user] = await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId));
    if (!user) throw new AppError('USER_NOT_FOUND');
    const rows = await this.page(userId, query);
    return pageOf(rows, query.limit, (row) => presentAdminMember(row, query.level, decimals));
  }

  private async state(userId: number) {
    const cfg = await this.config.all();
    const { today } = zonedDates(this.clock.now(), cfg.timezone);
    const state = await teamState(this.db, userId, today);
    if (!state) throw new AppError('USER_NOT_FOUND');
    return { cfg, state };
  }

  private page(userId: number, query: MembersQuery): Promise<MemberRow[]> {
    return teamMembers(this.db, userId, query.level, {
      before: query.cursor ? cursorId(query.cursor) : undefined,
      limit: query.limit + 1,
    });
  }
}
