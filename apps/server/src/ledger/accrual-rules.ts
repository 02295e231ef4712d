/**
 * The accrual's arithmetic (docs/product.md#accrual): a machine earns its income per cycle each
 * time a cycle of its product's length has passed since it started, `cyclesTotal` times, and at
 * its last cycle returns the principal when the product guarantees it.
 *
 * Each rule is written twice: as a function of plain values, and as the SQL expression that the
 * set-based accrual (`ledger/accrual.ts`) evaluates for a whole batch of holdings at once. The
 * SQL takes the name of a `holdings` row (its columns `started_at`, `cycle_seconds`,
 * `cycles_total`, `principal`, `principal_returned`) and SQL expressions for the other values;
 * `apps/server/test/accrual-rules.test.ts` holds the two forms to the same answers.
 */

/** What the rules read of a holding. */
export interface Schedule {
  startedAt: Date;
  cycleSeconds: number;
  cyclesTotal: number;
}

export interface Guarantee {
  cyclesTotal: number;
  principal: bigint;
  principalReturned: boolean;
}

/** When cycle `cycle` (the first is 1) matures: that many cycle lengths after the start. */
export function cycleDueAt(schedule: Schedule, cycle: number): Date {
  return new Date(schedule.startedAt.getTime() + cycle * schedule.cycleSeconds * 1000);
}

export const cycleDueAtSql = (h: string, cycle: string) =>
  `${h}.started_at + make_interval(secs => (${cycle})::double precision * ${h}.cycle_seconds)`;

/** The cycles matured by `now`: every whole cycle length since the start, up to the machine's last. */
export function cyclesMatured(schedule: Schedule, now: Date): number {
  const lengths = Math.floor((now.getTime() - schedule.startedAt.getTime()) / (schedule.cycleSeconds * 1000));
  return Math.max(0, Math.min(schedule.cyclesTotal, lengths));
}

export const cyclesMaturedSql = (h: string, now: string) =>
  `greatest(0, least(${h}.cycles_total, floor(extract(epoch from (${now} - ${h}.started_at)) / ${h}.cycle_seconds)::integer))`;

/** The income of `cycles` cycles. */
export function profitOf(cycles: number, incomePerCycle: bigint): bigint {
  return BigInt(cycles) * incomePerCycle;
}

export const profitOfSql = (cycles: string, incomePerCycle: string) => `(${cycles})::bigint * ${incomePerCycle}`;

/** Credited through `cycle`, the machine has paid its last cycle: it is expired. */
export function isExpired(schedule: Pick<Schedule, 'cyclesTotal'>, cycle: number): boolean {
  return cycle >= schedule.cyclesTotal;
}

export const isExpiredSql = (h: string, cycle: string) => `${cycle} >= ${h}.cycles_total`;

/** The principal returned when crediting through `cycle`: all of it at the last cycle if the product guarantees it. */
export function principalReturnAt(holding: Guarantee, cycle: number): bigint {
  return isExpired(holding, cycle) && holding.principalReturned ? holding.principal : 0n;
}

export const principalReturnAtSql = (h: string, cycle: string) =>
  `case when ${isExpiredSql(h, cycle)} and ${h}.principal_returned then ${h}.principal else 0 end`;

/** When the machine is next due, credited through `cycle`: its next cycle's maturity; never once expired. */
export function nextDueAt(schedule: Schedule, cycle: number): Date | null {
  return isExpired(schedule, cycle) ? null : cycleDueAt(schedule, cycle + 1);
}

export const nextDueAtSql = (h: string, cycle: string) =>
  `case when ${isExpiredSql(h, cycle)} then null else ${cycleDueAtSql(h, `${cycle} + 1`)} end`;
