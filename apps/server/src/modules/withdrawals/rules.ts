import { applyRate, type ConfigValues, type ErrorKey, type Language, toMinor, type VipBenefits } from '@app/contracts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError, type ErrorParams } from '../../domain/errors.ts';
import { weekdayNames } from '../../domain/weekdays.ts';
import { laterDay, zonedDates, zonedMoment, zonedTime, zonedWeekday } from '../../time.ts';
import { discountedFee, NO_BENEFITS } from '../vip/rules.ts';

/** The withdrawal's terms (docs/product.md#withdrawals) as functions of plain values. */

type AmountTerms = Pick<
  ConfigValues,
  'app_currency' | 'app_currency_decimals' | 'withdraw_step' | 'withdraw_min' | 'withdraw_max'
>;
type CalendarTerms = Pick<ConfigValues, 'withdraw_days' | 'withdraw_hours' | 'timezone'>;

/**
 * Refuses an amount (minor units) that is not a whole multiple of the step, or is below the
 * minimum or above the maximum, in that order; each refusal names the configured value.
 */
export function assertWithdrawalAmount(amount: bigint, cfg: AmountTerms): void {
  const decimals = cfg.app_currency_decimals;
  const money = (value: string) => `${cfg.app_currency}${value}`;
  const step = toMinor(cfg.withdraw_step, decimals);
  if (step > 0n && amount % step !== 0n) throw new AppError('WITHDRAW_STEP', { step: money(cfg.withdraw_step) });
  if (amount < toMinor(cfg.withdraw_min, decimals)) {
    throw new AppError('WITHDRAW_BELOW_MIN', { min: money(cfg.withdraw_min) });
  }
  if (amount > toMinor(cfg.withdraw_max, decimals)) {
    throw new AppError('WITHDRAW_ABOVE_MAX', { max: money(cfg.withdraw_max) });
  }
}

/**
 * Withdrawals are open on `withdraw_days`, from `withdraw_hours.from` until (not including)
 * `withdraw_hours.to`, in the platform's time zone; the refusal names the days or the hours.
 */
export function assertWithdrawalsOpen(now: Date, cfg: CalendarTerms, lang: Language): void {
  const closed = closedBy(now, cfg);
  if (closed === 'day') throw new AppError('WITHDRAW_CLOSED_DAY', { days: weekdayNames(cfg.withdraw_days, lang) });
  if (closed === 'hours') throw new AppError('WITHDRAW_CLOSED_HOURS', cfg.withdraw_hours);
}

/** What closes withdrawals at `now`: the day, the hours, or nothing (open). */
export function closedBy(now: Date, cfg: CalendarTerms): 'day' | 'hours' | null {
  if (!cfg.withdraw_days.includes(zonedWeekday(now, cfg.timezone))) return 'day';
  const time = zonedTime(now, cfg.timezone);
  if (time < cfg.withdraw_hours.from || time >= cfg.withdraw_hours.to) return 'hours';
  return null;
}

/**
 * The fee is `feeRate` of the amount, rounded down, less the discount of the user's level
 * (docs/product.md#levels); the payee receives the rest.
 */
export function withdrawalFee(
  amount: bigint,
  feeRate: string,
  level: Pick<VipBenefits, 'withdrawFeeDiscount'> = NO_BENEFITS,
): { fee: bigint; net: bigint } {
  const fee = discountedFee(applyRate(amount, feeRate), level);
  return { fee, net: amount - fee };
}

/** Refuses a request once the user has made `withdraw_daily_count` today (rejected ones count). */
export function assertDailyCount(madeToday: number, dailyCount: number): void {
  if (madeToday >= dailyCount) throw new AppError('WITHDRAW_DAILY_COUNT', { count: dailyCount });
}

/**
 * When withdrawals open next after `now`: the start of the hours of the next open day of the
 * platform's time zone (today's, when they have not begun yet, unless `notToday`); null when no
 * day is open.
 */
export function nextOpening(now: Date, cfg: CalendarTerms, { notToday = false } = {}): Date | null {
  const { today } = zonedDates(now, cfg.timezone);
  for (let days = notToday ? 1 : 0; days <= 7; days++) {
    const { day, weekday } = laterDay(today, days);
    if (!cfg.withdraw_days.includes(weekday)) continue;
    const opening = zonedMoment(day, cfg.withdraw_hours.from, cfg.timezone);
    if (opening > now) return opening;
  }
  return null;
}

/** What the user's day and wallet allow, whatever the amount. */
export interface WithdrawStanding {
  /** Requests made today, the platform's day (rejected ones count). */
  madeToday: number;
  /** Requests allowed a day: `withdraw_daily_count` and the level's extra ones. */
  perDay: number;
  /** The income wallet's balance, in minor units. */
  incomeBalance: bigint;
}

/** Why no withdrawal of any amount can be made now: the refusal, and when withdrawals open again. */
export interface WithdrawBlock {
  key: Extract<
    ErrorKey,
    'WITHDRAW_CLOSED_DAY' | 'WITHDRAW_DAILY_COUNT' | 'WITHDRAW_CLOSED_HOURS' | 'WITHDRAW_BELOW_MIN'
  >;
  params: ErrorParams;
  /** The next opening of withdrawals; null when waiting will not do (the balance) or no day is open. */
  opensAt: Date | null;
}

/**
 * Whether the user can withdraw at all at `now` (docs/product.md#withdrawals), for the withdraw
 * page, the quote and the request alike: not on a closed day, not once today's requests are used
 * up, not outside the hours, not with an income balance below the minimum; null when they can.
 */
export function withdrawalBlock(
  now: Date,
  cfg: CalendarTerms & Pick<ConfigValues, 'app_currency' | 'withdraw_min' | 'app_currency_decimals'>,
  standing: WithdrawStanding,
  lang: Language,
): WithdrawBlock | null {
  const closed = closedBy(now, cfg);
  if (closed === 'day') {
    return {
      key: 'WITHDRAW_CLOSED_DAY',
      params: { days: weekdayNames(cfg.withdraw_days, lang) },
      opensAt: nextOpening(now, cfg),
    };
  }
  if (standing.madeToday >= standing.perDay) {
    return {
      key: 'WITHDRAW_DAILY_COUNT',
      params: { count: standing.perDay },
      // A count of none a day never opens by waiting.
      opensAt: standing.perDay > 0 ? nextOpening(now, cfg, { notToday: true }) : null,
    };
  }
  if (closed === 'hours')
    return { key: 'WITHDRAW_CLOSED_HOURS', params: cfg.withdraw_hours, opensAt: nextOpening(now, cfg) };
  if (standing.incomeBalance < toMinor(cfg.withdraw_min, cfg.app_currency_decimals)) {
    return { key: 'WITHDRAW_BELOW_MIN', params: { min: `${cfg.app_currency}${cfg.withdraw_min}` }, opensAt: null };
  }
  return null;
}

/** Refuses, with its reason, a withdrawal that `withdrawalBlock` says cannot be made now. */
export function assertCanWithdraw(...args: Parameters<typeof withdrawalBlock>): void {
  const block = withdrawalBlock(...args);
  if (block) throw new AppError(block.key, block.params);
}

/**
 * Every term of an amount as the user typed it, at `now`: first whether any withdrawal can be made
 * (`withdrawalBlock`), then the amount; answers the amount, fee and net in minor units.
 */
export function withdrawalTerms(
  amountText: string,
  cfg: AmountTerms & CalendarTerms & Pick<ConfigValues, 'withdraw_fee_rate'>,
  at: { now: Date; lang: Language; standing: WithdrawStanding },
  level: Pick<VipBenefits, 'withdrawFeeDiscount'> = NO_BENEFITS,
) {
  assertCanWithdraw(at.now, cfg, at.standing, at.lang);
  const amount = parseAmount(amountText, cfg.app_currency_decimals);
  assertWithdrawalAmount(amount, cfg);
  return { amount, ...withdrawalFee(amount, cfg.withdraw_fee_rate, level) };
}
