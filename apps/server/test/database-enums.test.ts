import * as contracts from '@app/contracts';
import { OUTBOX_STATUSES, WITHDRAWAL_STATUSES } from '@app/contracts';
import { getTableColumns, sql } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { openTestDatabase, type TestDatabase } from './setup.ts';

/** Each CHECK constraint of the migrations that spells a list of values, and the contracts' list it must equal. */
const CHECKED_LISTS: Record<string, readonly string[]> = {
  outbox_status: OUTBOX_STATUSES,
  withdrawals_status: WITHDRAWAL_STATUSES,
};

let database: TestDatabase;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe("the database's lists of values are the contracts'", () => {
  it('every CHECK that lists the values of a column allows exactly the contract list', async () => {
    const checks = await queryRows<{ name: string; definition: string }>(
      database.db,
      sql`select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
        where contype = 'c' and connamespace = 'public'::regnamespace and pg_get_constraintdef(oid) like '%ARRAY[%'
        order by conname`,
    );
    const allowed = checks.map((check) => ({
      name: check.name,
      values: [...check.definition.matchAll(/'([^']*)'::text/g)].map((match) => match[1]),
    }));
    expect(allowed).toEqual(Object.entries(CHECKED_LISTS).map(([name, values]) => ({ name, values: [...values] })));
  });

  it("every enum the schema declares is a list of the contracts, save the sandbox provider's own books", () => {
    const lists = Object.values(contracts as Record<string, unknown>).filter((value): value is readonly string[] =>
      Array.isArray(value),
    );
    const outside: string[] = [];
    for (const table of Object.values(schema)) {
      if (!(table instanceof PgTable) || table === schema.sandboxPayments) continue;
      for (const [name, column] of Object.entries(getTableColumns(table))) {
        const values = column.enumValues;
        if (values && !lists.some((list) => list.join() === values.join())) outside.push(`${name}: ${values.join()}`);
      }
    }
    expect(outside).toEqual([]);
  });
});
