import { applyRate, type ConfigValues, type Language, toMinor, type VipBenefits } from '@app/contracts';
import { parseAmount } from '../../domain/amounts.ts';
import { AppError } from '../../domain/errors.ts';
import { weekdayNames } from '../../domain/weekdays.ts';
import { zonedTime, zonedWeekday } from '../../time.ts';
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

/** Every term of an amount as the user typed it, at `now`: the amount, fee and net in minor units. */
export function withdrawalTerms(
  amountText: string,
  cfg: AmountTerms & CalendarTerms & Pick<ConfigValues, 'withdraw_fee_rate'>,
  now: Date,
  lang: Language,
  level: Pick<VipBenefits, 'withdrawFeeDiscount'> = NO_BENEFITS,
) {
  const amount = parseAmount(amountText, cfg.app_currency_decimals);
  assertWithdrawalAmount(amount, cfg);
  assertWithdrawalsOpen(now, cfg, lang);
  return { amount, ...withdrawalFee(amount, cfg.withdraw_fee_rate, level) };
}
