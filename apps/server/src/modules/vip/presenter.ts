import {
  type AdminVipLevel,
  fromMinor,
  type Language,
  type USER_LEVELS,
  type VipBenefits,
  type VipLevel,
  type VipRequirement,
} from '@app/contracts';
import { localizedText } from '../products/presenter.ts';
import type { LevelRow } from './repository.ts';
import { levelHold, NO_BENEFITS, type Totals } from './rules.ts';

/** A stored rate ("0.500000") as the API writes rates ("0.5"). */
export function rateText(stored: string): string {
  return stored.includes('.') ? stored.replace(/0+$/, '').replace(/\.$/, '') : stored;
}

export function presentBenefits(row: LevelRow | undefined): VipBenefits {
  if (!row) return NO_BENEFITS;
  return {
    extraDraws: row.extraDraws,
    withdrawFeeDiscount: rateText(row.withdrawFeeDiscount),
    extraWithdrawals: row.extraWithdrawals,
    incomeBonusRate: rateText(row.incomeBonusRate),
  };
}

/** A figure of a requirement: money in major units, a team in members. */
export function figureText(kind: VipRequirement, value: bigint, decimals: number): string {
  return kind === 'teamSize' ? value.toString() : fromMinor(value, decimals);
}

function requirementOf(row: LevelRow, decimals: number) {
  if (row.requirementKind === null || row.requirementAmount === null) return null;
  return { kind: row.requirementKind, amount: figureText(row.requirementKind, row.requirementAmount, decimals) };
}

/** A level as the user sees it, among `ladder` (every level), with how they hold it. */
export function presentLevel(
  row: LevelRow,
  ladder: readonly LevelRow[],
  user: { level: number; paidLevel: number; totals: Totals },
  figures: { lang: Language; decimals: number },
): VipLevel {
  const requirement = requirementOf(row, figures.decimals);
  const hold = levelHold(row, user, user.totals);
  const including = hold?.how === 'included' ? ladder.find((level) => level.level === hold.by) : undefined;
  return {
    level: row.level,
    name: localizedText(row.name, figures.lang),
    kind: row.kind,
    requirement: requirement && {
      ...requirement,
      current: figureText(requirement.kind, user.totals[requirement.kind], figures.decimals),
    },
    price: row.price === null ? null : fromMinor(row.price, figures.decimals),
    benefits: presentBenefits(row),
    reached: row.level <= user.level,
    holds: hold?.how ?? null,
    includedIn: including ? { level: including.level, name: localizedText(including.name, figures.lang) } : null,
  };
}

export function presentAdminLevel(row: LevelRow, holders: number, decimals: number): AdminVipLevel {
  return {
    level: row.level,
    name: localizedText(row.name, 'en'),
    nameI18n: row.name,
    kind: row.kind,
    requirement: requirementOf(row, decimals),
    price: row.price === null ? null : fromMinor(row.price, decimals),
    benefits: presentBenefits(row),
    holders,
  };
}

export function presentUserVip(
  user: { level: number; paidLevel: number; vip: (typeof USER_LEVELS)[number] },
  row: LevelRow | undefined,
  totals: Totals,
  decimals: number,
) {
  return {
    level: user.level,
    name: row ? localizedText(row.name, 'en') : null,
    vip: user.vip,
    paidLevel: user.paidLevel,
    totals: {
      recharge: fromMinor(totals.recharge, decimals),
      purchases: fromMinor(totals.purchases, decimals),
      teamSize: Number(totals.teamSize),
    },
    benefits: presentBenefits(row),
  };
}

/** The SVIP level a user bought, as the back office names it: its number, English name and when. */
export function presentPaidLevel(level: number, row: LevelRow | undefined, at: Date | undefined) {
  if (level === 0) return null;
  return { level, name: row ? localizedText(row.name, 'en') : null, at: at?.toISOString() ?? null };
}
