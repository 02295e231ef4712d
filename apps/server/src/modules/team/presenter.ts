import { type ConfigValues, fromMinor, type TeamLevel, type TeamMember, type TeamSummary } from '@app/contracts';
import type { MemberRow } from './repository.ts';
import { inviteUrl, maskAccount, memberNickname, type teamFigures } from './rules.ts';

type Figures = ReturnType<typeof teamFigures>;
type Rewards = Pick<ConfigValues, 'referral_rates' | 'new_invite_bonus' | 'app_currency_decimals'>;

export function presentTeamSummary(
  figures: Figures,
  state: { inviteCode: string; today: bigint },
  options: { cfg: Rewards; publicUrl: string },
): TeamSummary {
  const { cfg } = options;
  const money = (minor: bigint) => fromMinor(minor, cfg.app_currency_decimals);
  return {
    teamSize: figures.teamSize,
    levels: figures.levels.map(({ level, members, commission }) => ({
      level,
      count: members,
      commission: money(commission),
      rate: cfg.referral_rates[level - 1] ?? '0',
    })),
    todayCommission: money(state.today),
    totalCommission: money(figures.totalCommission),
    inviteCode: state.inviteCode,
    inviteUrl: inviteUrl(options.publicUrl, state.inviteCode),
    newInviteBonus: cfg.new_invite_bonus,
  };
}

/** A member as their upline sees them: account and default nickname masked. */
export function presentMember(row: MemberRow, level: TeamLevel, decimals: number): TeamMember {
  return {
    id: row.id,
    nickname: memberNickname(row.nickname, row.account),
    account: maskAccount(row.account),
    level,
    registeredAt: row.registeredAt.toISOString(),
    contribution: fromMinor(row.contribution, decimals),
  };
}

/** A member as an operator sees them: nothing masked. */
export function presentAdminMember(row: MemberRow, level: TeamLevel, decimals: number) {
  return {
    id: row.id,
    account: row.account,
    nickname: row.nickname,
    level,
    registeredAt: row.registeredAt.toISOString(),
    contribution: fromMinor(row.contribution, decimals),
  };
}

export function presentUserTeam(
  figures: Figures,
  upline: { id: number; account: string; nickname: string; level: number }[],
  decimals: number,
) {
  const money = (minor: bigint) => fromMinor(minor, decimals);
  return {
    upline,
    teamSize: figures.teamSize,
    levels: figures.levels.map(({ level, members, commission }) => ({
      level,
      count: members,
      commission: money(commission),
    })),
    totalCommission: money(figures.totalCommission),
  };
}
