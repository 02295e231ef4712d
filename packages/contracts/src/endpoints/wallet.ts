import { endpoint, noInput } from '../endpoint.ts';
import { z } from '../zod.ts';

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
};
