import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Columns, namesOf, paramsOf, textRows, unnestOf } from '../src/db/client.ts';
import {
  cycleDueAt,
  cycleDueAtSql,
  cyclesMatured,
  cyclesMaturedSql,
  isExpired,
  isExpiredSql,
  nextDueAt,
  nextDueAtSql,
  principalReturnAt,
  principalReturnAtSql,
  profitOf,
  profitOfSql,
} from '../src/ledger/accrual-rules.ts';
import { openTestDatabase, type TestDatabase } from './setup.ts';

/**
 * The accrual runs its rules as SQL over whole batches; `ledger/accrual-rules.ts` also states them
 * as functions of plain values. Here the database evaluates the SQL form for many holdings,
 * instants and cycles, and each answer must be the function's.
 */

const HOUR = 3600;
const DAY = 24 * HOUR;
const START = new Date('2026-11-27T09:00:00Z');

interface Case {
  startedAt: Date;
  cycleSeconds: number;
  cyclesTotal: number;
  incomePerCycle: bigint;
  principal: bigint;
  principalReturned: boolean;
  now: Date;
  cycle: number;
}

const CASE_COLUMNS: Columns<Case> = [
  ['started_at', 'timestamptz', (c) => c.startedAt.toISOString()],
  ['cycle_seconds', 'integer', (c) => c.cycleSeconds],
  ['cycles_total', 'integer', (c) => c.cyclesTotal],
  ['income_per_cycle', 'bigint', (c) => c.incomePerCycle.toString()],
  ['principal', 'bigint', (c) => c.principal.toString()],
  ['principal_returned', 'boolean', (c) => c.principalReturned],
  ['now', 'timestamptz', (c) => c.now.toISOString()],
  ['cycle', 'integer', (c) => c.cycle],
];

const machines = [
  { cycleSeconds: HOUR, cyclesTotal: 24, incomePerCycle: 125n, principal: 10_000n, principalReturned: true },
  {
    cycleSeconds: DAY,
    cyclesTotal: 7,
    incomePerCycle: 9_007_199_254_740_993n,
    principal: 1n,
    principalReturned: false,
  },
  { cycleSeconds: 7 * DAY, cyclesTotal: 52, incomePerCycle: 1n, principal: 5_000_00n, principalReturned: true },
  { cycleSeconds: HOUR, cyclesTotal: 1, incomePerCycle: 0n, principal: 100n, principalReturned: true },
];

const cases: Case[] = machines.flatMap((machine) => {
  const length = machine.cycleSeconds * 1000;
  const offsets = [
    -length,
    0,
    length - 1,
    length,
    length + 1,
    2.5 * length,
    (machine.cyclesTotal - 1) * length,
    machine.cyclesTotal * length - 1,
    machine.cyclesTotal * length,
    (machine.cyclesTotal + 3) * length + 17,
  ];
  const cycles = [0, 1, machine.cyclesTotal - 1, machine.cyclesTotal, machine.cyclesTotal + 1];
  return offsets.flatMap((offset) =>
    cycles.map((cycle) => ({
      ...machine,
      startedAt: START,
      now: new Date(START.getTime() + offset),
      cycle,
    })),
  );
});

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

describe('the accrual rules say the same in SQL as in code', () => {
  let database: TestDatabase;
  let rows: {
    matured: number;
    due_at: Date | string;
    profit: string;
    expired: boolean;
    principal_return: string;
    next_due_at: Date | string | null;
  }[];

  beforeAll(async () => {
    database = await openTestDatabase();
    rows = await textRows(
      database.db,
      `select ${cyclesMaturedSql('h', 'h.now')} as matured, ${cycleDueAtSql('h', 'h.cycle')} as due_at,
        (${profitOfSql('h.cycle', 'h.income_per_cycle')})::text as profit, ${isExpiredSql('h', 'h.cycle')} as expired,
        (${principalReturnAtSql('h', 'h.cycle')})::text as principal_return,
        ${nextDueAtSql('h', 'h.cycle')} as next_due_at
      from ${unnestOf(CASE_COLUMNS, 1)} with ordinality as h(${namesOf(CASE_COLUMNS)}, ord)
      order by h.ord`,
      paramsOf(CASE_COLUMNS, cases),
    );
  });
  afterAll(() => database?.close());

  it('every case is answered', () => {
    expect(rows).toHaveLength(cases.length);
  });

  it('cycles matured by an instant', () => {
    expect(rows.map((row) => row.matured)).toEqual(cases.map((c) => cyclesMatured(c, c.now)));
  });

  it("a cycle's maturity and the next due time", () => {
    expect(rows.map((row) => iso(row.due_at))).toEqual(cases.map((c) => cycleDueAt(c, c.cycle).toISOString()));
    expect(rows.map((row) => iso(row.next_due_at))).toEqual(cases.map((c) => iso(nextDueAt(c, c.cycle))));
  });

  it('the profit of n cycles, expiry and the principal returned', () => {
    expect(rows.map((row) => row.profit)).toEqual(cases.map((c) => profitOf(c.cycle, c.incomePerCycle).toString()));
    expect(rows.map((row) => row.expired)).toEqual(cases.map((c) => isExpired(c, c.cycle)));
    expect(rows.map((row) => row.principal_return)).toEqual(cases.map((c) => principalReturnAt(c, c.cycle).toString()));
  });
});
