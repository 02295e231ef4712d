import type { EntryType, UserAccountKind } from '@app/contracts';
import { formatMoney, formatNumber } from '../../lib/format.ts';

/** Readable names; a type added to the contracts later falls back to its key in words. */
export const ENTRY_TYPE_LABELS: Partial<Record<EntryType, string>> & Record<string, string> = {
  deposit: 'Deposit',
  purchase: 'Purchase',
  product_profit: 'Product profit',
  distribution_profit: 'Referral profit',
  new_invite_bonus: 'New-invite bonus',
  repurchase_bonus: 'Repurchase bonus',
  deposit_guarantee: 'Principal returned',
  other_profit: 'Other profit',
  collection: 'Income collected',
  system_increase: 'System increase',
  system_decrease: 'System decrease',
  withdrawal: 'Withdrawal',
  withdrawal_refund: 'Withdrawal refund',
  withdrawal_fee: 'Withdrawal fee',
  withdrawal_payout: 'Withdrawal paid out',
  points_earned: 'Points earned',
  points_spent: 'Points spent',
  vip_activation: 'VIP activation',
};

export const ACCOUNT_LABELS: Record<UserAccountKind, string> = {
  deposit: 'Recharge wallet',
  income: 'Income wallet',
  uncollected: 'Uncollected income',
  withdraw_hold: 'In withdrawal',
  points: 'Points',
};

export function entryTypeLabel(type: string): string {
  const label = ENTRY_TYPE_LABELS[type];
  if (label) return label;
  const words = type.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function accountLabel(account: string): string {
  return ACCOUNT_LABELS[account as UserAccountKind] ?? account;
}

/** An amount of a wallet as the operator reads it: points a plain number, cash in the platform's currency. */
export function walletAmount(account: string, amount: string): string {
  return account === 'points' ? formatNumber(amount) : formatMoney(amount);
}

/** A signed amount of a wallet: "+$12.50", "-$3.00", "$0.00". */
export function signedAmount(account: string, amount: string): string {
  const text = amount.trim().replace(/^\+/, '');
  const written = walletAmount(account, text);
  return !text.startsWith('-') && /[1-9]/.test(text) ? `+${written}` : written;
}

/** A ledger line as its memo column names it: what an SVIP activation bought, who made an adjustment. */
export interface MemoLine {
  type: string;
  memo: string;
  adminName: string | null;
  levelName: string | null;
}

/**
 * The memo of a ledger line as the operator reads it: the SVIP level an activation bought
 * ("SVIP 2 bought"), the reason of an adjustment with who made it ("goodwill · by Ada Obi"), or
 * the entry's own memo; empty when there is nothing to say.
 */
export function ledgerMemo(line: MemoLine): string {
  const memo = line.type === 'vip_activation' && line.levelName ? `${line.levelName} bought` : line.memo;
  if (!line.adminName) return memo;
  return memo ? `${memo} · by ${line.adminName}` : `By ${line.adminName}`;
}
