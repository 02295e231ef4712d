import {
  type AdminVipLevel,
  type Language,
  type VipKind,
  type VipLevelInput,
  type VipRequirement,
  vipLevelInput,
} from '@app/contracts';
import type { CsvColumn } from '../../lib/csv.ts';
import { formatMoney, formatNumber, formatShortDateTime } from '../../lib/format.ts';
import { localizedWithEnglish } from '../../lib/localized.ts';

export const KIND_LABELS: Record<VipKind, string> = { vip: 'VIP (reached by totals)', svip: 'SVIP (bought)' };

export const REQUIREMENT_LABELS: Record<VipRequirement, string> = {
  recharge: 'Total recharge',
  teamSize: 'Team size',
  purchases: 'Total purchases',
};

/**
 * The SVIP level a user bought, named as the back office says it: "SVIP 2 bought on 2026-11-27
 * 10:00 AM" (the level's number if it was removed since, no date if no activation records it).
 */
export function paidLevelText(paid: { level: number; name: string | null; at: string | null } | null): string {
  if (!paid) return 'None';
  const bought = `${paid.name ?? `Level ${paid.level}`} bought`;
  return paid.at ? `${bought} on ${formatShortDateTime(paid.at)}` : bought;
}

/** What the drawer edits: every field as the operator types it. */
export interface LevelFormValues {
  level: number;
  name: Partial<Record<Language, string>>;
  kind: VipKind;
  requirementKind: VipRequirement;
  requirementAmount: string;
  price: string;
  extraDraws: number;
  withdrawFeeDiscount: string;
  extraWithdrawals: number;
  incomeBonusRate: string;
}

/** A level as the PUT sends it again: the ladder is saved whole. */
export function levelToInput(level: AdminVipLevel): VipLevelInput {
  return {
    level: level.level,
    name: { ...level.nameI18n, en: level.nameI18n.en ?? level.name },
    kind: level.kind,
    requirement: level.requirement,
    price: level.price,
    benefits: level.benefits,
  };
}

export function levelToValues(level: AdminVipLevel): LevelFormValues {
  return {
    level: level.level,
    name: level.nameI18n,
    kind: level.kind,
    requirementKind: level.requirement?.kind ?? 'recharge',
    requirementAmount: level.requirement?.amount ?? '',
    price: level.price ?? '',
    ...level.benefits,
  };
}

/** A new level: the number after the highest, no benefits yet. */
export function emptyLevelValues(levels: readonly AdminVipLevel[]): LevelFormValues {
  return {
    level: Math.max(0, ...levels.map((level) => level.level)) + 1,
    name: {},
    kind: 'vip',
    requirementKind: 'recharge',
    requirementAmount: '',
    price: '',
    extraDraws: 0,
    withdrawFeeDiscount: '0',
    extraWithdrawals: 0,
    incomeBonusRate: '0',
  };
}

export function valuesToInput(values: LevelFormValues): VipLevelInput {
  return {
    level: values.level,
    name: localizedWithEnglish(values.name),
    kind: values.kind,
    requirement:
      values.kind === 'vip' ? { kind: values.requirementKind, amount: values.requirementAmount.trim() } : null,
    price: values.kind === 'svip' ? values.price.trim() : null,
    benefits: {
      extraDraws: values.extraDraws,
      withdrawFeeDiscount: values.withdrawFeeDiscount.trim(),
      extraWithdrawals: values.extraWithdrawals,
      incomeBonusRate: values.incomeBonusRate.trim(),
    },
  };
}

/** What each form field asks for, said when the value is refused. */
const FIELD_MESSAGES: Record<string, string> = {
  level: 'Enter a level number from 1 to 99 that no other level has.',
  name: 'Enter the English name (at most 40 characters).',
  requirementAmount: 'Enter the amount, e.g. 500.00 (a whole number of members for a team size).',
  price: 'Enter a price above zero, e.g. 1000.00.',
  withdrawFeeDiscount: 'Enter a share from 0 to 1 with at most 6 decimals, e.g. 0.5.',
  incomeBonusRate: 'Enter a share from 0 to 1 with at most 6 decimals, e.g. 0.05.',
  extraDraws: 'Enter a whole number from 0 to 100.',
  extraWithdrawals: 'Enter a whole number from 0 to 100.',
};

/** The form field a schema issue is about. */
function fieldOf(path: readonly PropertyKey[]): (string | number)[] {
  const [first, second] = path;
  if (first === 'name') return ['name', typeof second === 'string' ? second : 'en'];
  if (first === 'requirement') return [second === 'kind' ? 'requirementKind' : 'requirementAmount'];
  if (first === 'benefits' && typeof second === 'string') return [second];
  return [String(first)];
}

/** The fields the shared schema refuses, and a level number already taken by another level. */
export function validateLevel(
  input: VipLevelInput,
  taken: readonly number[],
): { name: (string | number)[]; message: string }[] {
  const parsed = vipLevelInput.safeParse(input);
  const fields = parsed.success ? [] : parsed.error.issues.map((issue) => fieldOf(issue.path));
  if (taken.includes(input.level)) fields.push(['level']);
  const seen = new Set<string>();
  return fields
    .filter((name) => !seen.has(name.join('.')) && seen.add(name.join('.')))
    .map((name) => ({ name, message: FIELD_MESSAGES[String(name[0])] ?? 'Check this value.' }));
}

/**
 * The ladder with `edited` in place of the level numbered `replacing` (null: added), in level
 * order, as the PUT takes it.
 */
export function ladderWith(
  levels: readonly AdminVipLevel[],
  edited: VipLevelInput,
  replacing: number | null,
): VipLevelInput[] {
  return [...levels.filter((level) => level.level !== replacing).map(levelToInput), edited].sort(
    (a, b) => a.level - b.level,
  );
}

export function ladderWithout(levels: readonly AdminVipLevel[], removed: number): VipLevelInput[] {
  return levels.filter((level) => level.level !== removed).map(levelToInput);
}

/** "Total recharge ≥ $500.00", "Team size ≥ 20"; an SVIP level's price. */
export function termsText(level: Pick<AdminVipLevel, 'requirement' | 'price'>): string {
  const { requirement } = level;
  if (requirement) {
    const amount = requirement.kind === 'teamSize' ? formatNumber(requirement.amount) : formatMoney(requirement.amount);
    return `${REQUIREMENT_LABELS[requirement.kind]} ≥ ${amount}`;
  }
  return `Price ${formatMoney(level.price)}`;
}

/** A share ("0.05") as a percent ("5%"): the decimal point moves, no float. */
export function percentOf(share: string): string {
  const [whole = '0', fraction = ''] = share.split('.');
  const digits = fraction.padEnd(2, '0');
  const rest = digits.slice(2).replace(/0+$/, '');
  return `${Number(whole) * 100 + Number(digits.slice(0, 2))}${rest ? `.${rest}` : ''}%`;
}

export const LEVEL_CSV: CsvColumn<AdminVipLevel>[] = [
  { title: 'Level', value: (l) => l.level },
  { title: 'Name (en)', value: (l) => l.name },
  { title: 'Kind', value: (l) => l.kind },
  { title: 'Requirement', value: (l) => l.requirement?.kind ?? '' },
  { title: 'Requirement amount', value: (l) => l.requirement?.amount ?? '' },
  { title: 'Price', value: (l) => l.price ?? '' },
  { title: 'Extra draws a day', value: (l) => l.benefits.extraDraws },
  { title: 'Withdrawal fee discount', value: (l) => l.benefits.withdrawFeeDiscount },
  { title: 'Extra withdrawals a day', value: (l) => l.benefits.extraWithdrawals },
  { title: 'Income bonus rate', value: (l) => l.benefits.incomeBonusRate },
  { title: 'Holders', value: (l) => l.holders },
];
