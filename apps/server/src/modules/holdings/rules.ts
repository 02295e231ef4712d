import type { ConfigValues, Language } from '@app/contracts';
import { AppError } from '../../domain/errors.ts';
import { weekdayNames } from '../../domain/weekdays.ts';
import { zonedWeekday } from '../../time.ts';

/** Collection (docs/product.md#collection-days) as functions of plain values. */

/** Collection is open only on `collect_days`, weekdays of the platform's time zone; the refusal names them. */
export function assertCollectionOpen(
  now: Date,
  cfg: Pick<ConfigValues, 'collect_days' | 'timezone'>,
  lang: Language,
): void {
  if (!cfg.collect_days.includes(zonedWeekday(now, cfg.timezone))) {
    throw new AppError('COLLECT_CLOSED', { days: weekdayNames(cfg.collect_days, lang) });
  }
}

/** A machine as a collection reads it. */
export interface Collectable {
  id: number;
  status: 'holding' | 'expired';
  uncollected: bigint;
}

/**
 * What a collection takes from `machines` (the one asked for, or all the user's with income
 * waiting): the sum of their uncollected income and the machines it empties. Refused when the
 * machine asked for is not the user's, or when there is nothing to take (an expired machine says
 * so).
 */
export function collectionOf(machines: Collectable[], holdingId: number | undefined) {
  if (holdingId !== undefined && machines.length === 0) throw new AppError('HOLDING_NOT_FOUND');
  const amount = machines.reduce((sum, machine) => sum + machine.uncollected, 0n);
  if (amount === 0n) {
    const expired = holdingId !== undefined && machines[0]?.status === 'expired';
    throw new AppError(expired ? 'MACHINE_EXPIRED' : 'NOTHING_TO_COLLECT');
  }
  return { amount, emptied: machines.filter((machine) => machine.uncollected > 0n).map((machine) => machine.id) };
}
