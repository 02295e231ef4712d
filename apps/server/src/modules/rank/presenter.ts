import { fromMinor, type OutputOf, type RankItem, type rankAdmin } from '@app/contracts';
import { maskAccount } from '../team/rules.ts';
import type { CycleRow, StandingRow, TeamRow } from './repository.ts';
import { wholePoints } from './rules.ts';

type AdminCycle = OutputOf<typeof rankAdmin.cycle>['cycle'];
type AdminStanding = OutputOf<typeof rankAdmin.standings>['items'][number];
type AdminTeam = OutputOf<typeof rankAdmin.updateTeam>;

/** A team's line in a ranking, as users see it. */
export function presentRankItem(
  standing: { rank: number; teamName: string; points: bigint; size: number; prize: bigint },
  decimals: number,
): RankItem {
  return {
    rank: standing.rank,
    teamName: standing.teamName,
    points: wholePoints(standing.points, decimals),
    size: standing.size,
    prize: fromMinor(standing.prize, decimals),
  };
}

export function presentAdminCycle(cycle: CycleRow & { settledByEmail: string | null }, decimals: number): AdminCycle {
  return {
    id: cycle.id,
    kind: cycle.kind,
    startsAt: cycle.startsAt.toISOString(),
    endsAt: cycle.endsAt.toISOString(),
    status: cycle.status,
    settledAt: cycle.settledAt?.toISOString() ?? null,
    settledBy: cycle.status === 'settled' ? cycle.settledByEmail : null,
    teams: cycle.teams,
    paid: cycle.paid === null ? null : fromMinor(cycle.paid, decimals),
  };
}

/**
 * A team in a cycle's standings. The leader's account is masked as the team page masks members:
 * every back-office role reads the standings, content included, and only the roles that serve users
 * see accounts (issue 29); the owner's id opens the user for them.
 */
export function presentStanding(
  standing: Omit<StandingRow, 'cycleId' | 'entryId'> & { entryId: number | null },
  decimals: number,
): AdminStanding {
  return {
    rank: standing.rank,
    ownerId: standing.ownerId,
    account: maskAccount(standing.account),
    teamName: standing.teamName,
    points: wholePoints(standing.points, decimals),
    size: standing.size,
    prize: fromMinor(standing.prize, decimals),
    entryId: standing.entryId,
  };
}

/** A team as the back office lists it, the leader's account masked (see `presentStanding`). */
export function presentTeam(team: TeamRow, account: string, size: number): AdminTeam {
  return {
    ownerId: team.ownerId,
    account: maskAccount(account),
    name: team.name,
    hidden: team.hidden,
    size,
    namedAt: team.namedAt.toISOString(),
    createdAt: team.createdAt.toISOString(),
  };
}
