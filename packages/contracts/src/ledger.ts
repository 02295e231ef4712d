/** Journal entry types: the record types a user sees in their bills, one per kind of movement. */
export const ENTRY_TYPES = [
  'deposit',
  'purchase',
  'product_profit',
  'distribution_profit',
  'new_invite_bonus',
  'repurchase_bonus',
  'deposit_guarantee',
  'other_profit',
  'collection',
  'system_increase',
  'system_decrease',
  'withdrawal',
  'withdrawal_refund',
  'withdrawal_fee',
  'withdrawal_payout',
  'points_earned',
  'points_spent',
  'vip_activation',
  'team_rank_prize',
] as const;
export type EntryType = (typeof ENTRY_TYPES)[number];

/** The six profit types of the spec and the team rank's prize (docs/product.md#records): income records filter by them. */
export const PROFIT_TYPES = [
  'product_profit',
  'distribution_profit',
  'other_profit',
  'new_invite_bonus',
  'repurchase_bonus',
  'deposit_guarantee',
  'team_rank_prize',
] as const satisfies readonly EntryType[];

/** Profit that counts as income (the principal a deposit guarantee returns does not). */
export const INCOME_TYPES = PROFIT_TYPES.filter((type) => type !== 'deposit_guarantee');

export const USER_ACCOUNT_KINDS = ['deposit', 'income', 'uncollected', 'withdraw_hold', 'points'] as const;
export type UserAccountKind = (typeof USER_ACCOUNT_KINDS)[number];

/** The wallets a user pays from and an operator adjusts. */
export const CASH_WALLETS = ['deposit', 'income'] as const satisfies readonly UserAccountKind[];
export type CashWallet = (typeof CASH_WALLETS)[number];

/** What a ledger account counts: money, or points. */
export const ASSETS = ['CASH', 'POINTS'] as const;
export type Asset = (typeof ASSETS)[number];
