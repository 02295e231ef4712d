import { CASH_WALLETS, type CashWallet } from '@app/contracts';

/** The wallets a purchase may be paid from: the income wallet only where the configuration allows it. */
export function payableWallets(purchaseFromIncome: boolean): CashWallet[] {
  return CASH_WALLETS.filter((wallet) => wallet === 'deposit' || purchaseFromIncome);
}
