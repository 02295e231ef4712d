import { configDefaults, INCOME_TYPES } from '@app/contracts';
import { type SQL, sql } from 'drizzle-orm';

/** The wallets whose income-type lines are the user's income (the principal's return is not). */
export const INCOME_KINDS = ['uncollected', 'income'] as const;

const list = (values: readonly string[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
export const incomeTypesSql = list(INCOME_TYPES);
export const incomeKindsSql = list(INCOME_KINDS);

/**
 * The day of `at` in the platform's time zone, read from the settings in the same statement: the
 * ledger posts inside transactions, where the configuration service must not be asked.
 */
export function platformDay(at: SQL): SQL {
  return sql`(${at} at time zone coalesce(
    (select value->>'value' from settings where key = 'timezone'), ${configDefaults.timezone}))::date`;
}
