import type { DepositStatus, Language, PayoutAccountStatus, PayoutAccountType, WithdrawalStatus } from '@app/contracts';
import { localeOf } from './format';
export type TagColor = 'default' | 'primary' | 'success' | 'warning' | 'danger';

/** "0123456789" → "•••• 6789": only the last four digits are ever shown. */
export function maskAccount(accountNumber: string): string {
  const digits = accountNumber.replace(/[\s-]/g, '');
  if (digits.length <= 4) return digits;
  return `•••• ${digits.slice(-4)}`;
}

/** A positive decimal string with at most `decimals` fraction digits ("", "12", "12.5"). */
export function isAmount(value: string, decimals = 2): boolean {
  return new RegExp(`^\\d{1,12}(\\.\\d{1,${Math.max(decimals, 0)}})?$`).test(value) && /[1-9]/.test(value);
}

/** Keeps what a user may type in an amount box: digits and one dot with up to `decimals` digits after it. */
export function cleanAmountInput(raw: string, decimals = 2): string {
  const kept = raw.replace(/[^\d.]/g, '');
  const [whole = '', ...rest] = kept.split('.');
  if (rest.length === 0 || decimals <= 0) return whole.slice(0, 12);
  return `${whole.slice(0, 12)}.${rest.join('').slice(0, decimals)}`;
}

/** Compares two non-negative decimal strings exactly (no floats): -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const [aw = '0', af = ''] = a.split('.');
  const [bw = '0', bf = ''] = b.split('.');
  const wa = aw.replace(/^0+/, '');
  const wb = bw.replace(/^0+/, '');
  if (wa.length !== wb.length) return wa.length < wb.length ? -1 : 1;
  if (wa !== wb) return wa < wb ? -1 : 1;
  const len = Math.max(af.length, bf.length);
  const fa = af.padEnd(len, '0');
  const fb = bf.padEnd(len, '0');
  if (fa === fb) return 0;
  return fa < fb ? -1 : 1;
}

export type AmountProblem = 'required' | 'invalid' | 'belowMin' | 'aboveMax';

/** Client check of a recharge amount against the chosen method's limits (the server checks again). */
export function checkDepositAmount(amount: string, min: string, max: string, decimals = 2): AmountProblem | null {
  if (!amount.trim()) return 'required';
  if (!isAmount(amount, decimals)) return 'invalid';
  if (compareDecimal(amount, min) < 0) return 'belowMin';
  if (compareDecimal(amount, max) > 0) return 'aboveMax';
  return null;
}

/** Quick-amount chips within [min, max]: preset values, plus min when nothing else fits. */
export function quickAmounts(min: string, max: string, presets = [100, 200, 500, 1000, 2000, 5000]): string[] {
  const fits = presets.map(String).filter((v) => compareDecimal(v, min) >= 0 && compareDecimal(v, max) <= 0);
  if (fits.length > 0) return fits;
  return [min.replace(/\.0+$/, '')];
}

export type AccountProblem =
  | 'holderRequired'
  | 'numberRequired'
  | 'digitsOnly'
  | 'bankLength'
  | 'phoneLength'
  | 'bank'
  | 'operator';

export interface AccountDraft {
  type: PayoutAccountType;
  holderName: string;
  accountNumber: string;
  bankName: string;
  operator: string;
}

/** Client checks of a payout account; mirrors the server (bank 6–30 digits, phone ≥ phone_min_digits, ≤ 16). */
export function checkAccountDraft(
  draft: AccountDraft,
  phoneMinDigits: number,
): { field: string; problem: AccountProblem } | null {
  if (!draft.holderName.trim()) return { field: 'holderName', problem: 'holderRequired' };
  const number = draft.accountNumber.replace(/[\s-]/g, '');
  if (!number) return { field: 'accountNumber', problem: 'numberRequired' };
  if (draft.type === 'mobile_money') {
    if (!/^\+?\d+$/.test(number)) return { field: 'accountNumber', problem: 'digitsOnly' };
    const len = number.replace('+', '').length;
    if (len < phoneMinDigits || len > 16) return { field: 'accountNumber', problem: 'phoneLength' };
    if (!draft.operator) return { field: 'operator', problem: 'operator' };
  } else {
    if (!/^\d+$/.test(number)) return { field: 'accountNumber', problem: 'digitsOnly' };
    if (number.length < 6 || number.length > 30) return { field: 'accountNumber', problem: 'bankLength' };
    if (!draft.bankName) return { field: 'bankName', problem: 'bank' };
  }
  return null;
}

export const WITHDRAWAL_STATUS_COLORS: Record<WithdrawalStatus, TagColor> = {
  pending_review: 'warning',
  rejected: 'danger',
  pending_payment: 'primary',
  paying: 'primary',
  paid: 'success',
  payment_failed: 'danger',
  reversed: 'danger',
};

export const DEPOSIT_STATUS_COLORS: Record<DepositStatus, TagColor> = {
  pending: 'warning',
  succeeded: 'success',
  failed: 'danger',
  expired: 'default',
};

export const ACCOUNT_STATUS_COLORS: Record<PayoutAccountStatus, TagColor> = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
};

/** The reason is shown only for the outcomes that have one. */
export function showsReason(status: WithdrawalStatus): boolean {
  return status === 'rejected' || status === 'payment_failed' || status === 'reversed';
}

/** Deposit status polling: every 2 s while pending, for at most 2 minutes. */
export const POLL_INTERVAL_MS = 2_000;
export const POLL_LIMIT_MS = 120_000;

export function pollDelay(status: DepositStatus | undefined, startedAt: number, now: number): number | false {
  if (status !== undefined && status !== 'pending') return false;
  if (now - startedAt >= POLL_LIMIT_MS) return false;
  return POLL_INTERVAL_MS;
}

/**
 * What to ask the quote endpoint for: null while the input is empty or malformed (no call),
 * otherwise the amount as typed. The caller debounces it.
 */
export function quoteInput(amount: string, decimals = 2): string | null {
  return isAmount(amount, decimals) ? amount : null;
}

/** A trailing-edge debouncer: only the last value within `waitMs` reaches `fn`. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, waitMs: number) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      fn(...args);
    }, waitMs);
  };
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
  };
  return debounced;
}

/** 1 January 2023 was a Sunday: day 0 of the platform's weekdays. */
const SUNDAY = Date.UTC(2023, 0, 1, 12);

/** Weekdays (0 = Sunday) as the language names them, in week order from Monday, e.g. "Monday, Tuesday". */
export function weekdayList(days: readonly number[], language: Language): string {
  const name = new Intl.DateTimeFormat(localeOf(language), { weekday: 'long', timeZone: 'UTC' });
  const mondayFirst = [...days].sort((a, b) => ((a + 6) % 7) - ((b + 6) % 7));
  return new Intl.ListFormat(localeOf(language), { style: 'long', type: 'conjunction' }).format(
    mondayFirst.map((day) => name.format(new Date(SUNDAY + day * 86_400_000))),
  );
}
