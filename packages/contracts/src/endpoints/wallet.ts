import { endpoint, noInput, page, pageQuery } from '../endpoint.ts';
import { ENTRY_TYPES, type UserAccountKind } from '../ledger.ts';
import { z } from '../zod.ts';

/** The wallets a user holds a statement of: the two cash wallets and points. */
export const STATEMENT_WALLETS = ['deposit', 'income', 'points'] as const satisfies readonly UserAccountKind[];
export type StatementWallet = (typeof STATEMENT_WALLETS)[number];

/**
 * A day as YYYY-MM-DD, in the platform's time zone: one the calendar has (not 2026-13-01, which no
 * moment starts, nor 2026-02-30, which would silently be 2 March), from 1970 (no ledger line is
 * older; the time-zone arithmetic reads a year below 100 as 19xx).
 */
const day = z
  .string()
  .regex(/^(19[7-9]\d|[2-9]\d{3})-\d{2}-\d{2}$/, 'INVALID_INPUT')
  .refine((value) => {
    const start = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(start) && new Date(start).toISOString().slice(0, 10) === value;
  }, 'INVALID_INPUT');

/**
 * One movement of a wallet: the ledger line itself, with the balance the wallet had right after it,
 * so a statement adds up to the balance by construction.
 */
export const statementLine = z.object({
  id: z.number().int(),
  at: z.string(),
  /** The movement's type (an entry type: purchase, deposit, withdrawal…). */
  kind: z.enum(ENTRY_TYPES),
  /** What moved the wallet, in the user's language (the machine and order, the withdrawal…). */
  source: z.string(),
  /** Signed, in major units; points carry no decimals. */
  amount: z.string(),
  balanceAfter: z.string(),
});
export type StatementLine = z.infer<typeof statementLine>;

export const bill = z.object({
  rechargeBalance: z.string(),
  incomeBalance: z.string(),
  uncollected: z.string(),
  points: z.string(),
  totalAssets: z.string(),
  totalIncome: z.string(),
  totalRecharge: z.string(),
  totalWithdrawal: z.string(),
  todayIncome: z.string(),
  yesterdayIncome: z.string(),
  cumulativeIncome: z.string(),
});
export type Bill = z.infer<typeof bill>;

export const wallet = {
  bill: endpoint({
    method: 'GET',
    path: '/bill',
    access: 'user',
    summary: "The user's balances and income totals, from the ledger",
    input: noInput,
    output: bill,
  }),
  statement: endpoint({
    method: 'GET',
    path: '/statement',
    access: 'user',
    summary:
      "Every movement of one wallet, newest first, from the ledger, with what moved it and the balance after it; by kind and between two days (the platform's)",
    input: pageQuery.extend({
      wallet: z.enum(STATEMENT_WALLETS),
      kind: z.enum(ENTRY_TYPES).optional(),
      from: day.optional(),
      to: day.optional(),
    }),
    output: page(statementLine),
  }),
};
