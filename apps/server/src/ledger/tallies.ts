import { configDefaults, INCOME_TYPES } from '@app/contracts';

/** The wallets whose income-type lines are the user's income (the principal's return is not). */
export const INCOME_KINDS = ['uncollected', 'income'] as const;

/** SQL text of a list of the project's own constants, for `in (...)`. */
const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');
export const incomeTypesSql = list(INCOME_TYPES);
export const incomeKindsSql = list(INCOME_KINDS);

/**
 * The platform's time zone as an SQL expression, read from the settings by the statement itself:
 * the ledger posts inside transactions, where the configuration service must not be asked.
 */
const PLATFORM_TIME_ZONE = `coalesce((select value->>'value' from settings where key = 'timezone'),
  '${configDefaults.timezone.replaceAll("'", "''")}')`;

/** SQL text: the day of the timestamp expression `at` in the platform's time zone. */
export function platformDay(at: string): string {
  return `(${at} at time zone ${PLATFORM_TIME_ZONE})::date`;
}
