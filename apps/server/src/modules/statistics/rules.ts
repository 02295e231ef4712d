/** Statistics (docs/product.md#statistics) as functions of plain values. */

const DAY_MS = 86_400_000;

/** The `count` calendar dates (YYYY-MM-DD) that end with `today`, oldest first. */
export function periodDates(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

export interface EarnedOnDay {
  day: string;
  type: string;
  amount: bigint;
}

/**
 * Every date of the period with its income (a day without any is zero), the period's total, and
 * its income by each of `types` (zero when none), counting only the days of the period.
 */
export function periodIncome<Type extends string>(
  dates: readonly string[],
  types: readonly Type[],
  earned: readonly EarnedOnDay[],
) {
  const perDay = new Map(dates.map((date) => [date, 0n]));
  const perType = new Map<string, bigint>(types.map((type) => [type, 0n]));
  let total = 0n;
  for (const { day, type, amount } of earned) {
    const dayIncome = perDay.get(day);
    const typeIncome = perType.get(type);
    if (dayIncome === undefined || typeIncome === undefined) continue;
    perDay.set(day, dayIncome + amount);
    perType.set(type, typeIncome + amount);
    total += amount;
  }
  return {
    days: dates.map((date) => ({ date, income: perDay.get(date) ?? 0n })),
    byType: types.map((type) => ({ type, amount: perType.get(type) ?? 0n })),
    total,
  };
}
