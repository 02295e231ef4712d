/** Statistics (docs/product.md#statistics) as functions of plain values. */

const DAY_MS = 86_400_000;

/** The `count` calendar dates (YYYY-MM-DD) that end with `today`, oldest first. */
export function periodDates(today: string, count: number): string[] {
  const end = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: count }, (_, index) =>
    new Date(end - (count - 1 - index) * DAY_MS).toISOString().slice(0, 10),
  );
}

/** Every date of the period with its income (a day without any is zero) and the period's total. */
export function dailyIncome(dates: readonly string[], earned: ReadonlyMap<string, bigint>) {
  let total = 0n;
  const days = dates.map((date) => {
    const income = earned.get(date) ?? 0n;
    total += income;
    return { date, income };
  });
  return { days, total };
}
