import { type EntryType, formatPlatformDate, type StatementLine, type StatementWallet } from '@app/contracts';

export type { StatementLine, StatementWallet };

/**
 * The contract's STATEMENT_WALLETS, in the order of the statement's tabs; written here so the
 * wallet page, which links to them, does not load the endpoints' schemas.
 */
export const WALLETS = ['deposit', 'income', 'points'] as const satisfies readonly StatementWallet[];

/**
 * The kinds of movement each wallet has (what the server posts to it), most frequent first: the
 * statement's kind filter offers these. A product's profit accrues on the machine (uncollected) and
 * reaches the income wallet as a collection; a withdrawal's fee and payout move the money it held,
 * not the wallet.
 */
export const STATEMENT_KINDS: Record<StatementWallet, readonly EntryType[]> = {
  deposit: ['deposit', 'purchase', 'vip_activation', 'system_increase', 'system_decrease'],
  income: [
    'collection',
    'distribution_profit',
    'new_invite_bonus',
    'repurchase_bonus',
    'other_profit',
    'team_rank_prize',
    'deposit_guarantee',
    'purchase',
    'withdrawal',
    'withdrawal_refund',
    'system_increase',
    'system_decrease',
  ],
  points: ['points_earned', 'points_spent', 'system_increase', 'system_decrease'],
};

/** The wallet a `?wallet=` names; the recharge wallet when it names none of the three. */
export function walletOf(value: string | null): StatementWallet {
  return (WALLETS as readonly string[]).includes(value ?? '') ? (value as StatementWallet) : 'deposit';
}

/** The kind a `?kind=` names, if the wallet has that kind of movement; '' (all) otherwise. */
export function kindOf(wallet: StatementWallet, value: string | null): EntryType | '' {
  return STATEMENT_KINDS[wallet].includes(value as EntryType) ? (value as EntryType) : '';
}

/** The statement of a wallet (`/wallet/statement?wallet=income`). */
export function statementPath(wallet: StatementWallet): string {
  return `/wallet/statement?wallet=${wallet}`;
}

/** The wallet each record list shows movements of: its statement is one tap away. */
export const RECORD_LIST_WALLETS = {
  deposit: 'deposit',
  profit: 'income',
  withdraw: 'income',
  points: 'points',
} as const satisfies Record<string, StatementWallet>;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The platform's calendar day of `now` as YYYY-MM-DD (the days `from` and `to` name). */
export function platformDay(now: Date, timeZone: string | undefined): string {
  return formatPlatformDate(now, { timeZone, dateFormat: 'yyyy-mm-dd', locale: 'en-US' }) ?? '';
}

/** This month of the platform so far: its first day to today. */
export function thisMonth(now: Date, timeZone: string | undefined): { from: string; to: string } {
  const today = platformDay(now, timeZone);
  return { from: `${today.slice(0, 8)}01`, to: today };
}

/** A YYYY-MM-DD day as a date picker's value: that day at local midnight. */
export function dayToDate(day: string): Date {
  const [, year, month, date] = DAY.exec(day) ?? [];
  return new Date(Number(year), Number(month) - 1, Number(date));
}

/** A date picker's value (local calendar fields) as YYYY-MM-DD. */
export function dateToDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** Whether `from`..`to` is a range the server takes: two days, the first not after the second. */
export function validRange(from: string, to: string): boolean {
  return DAY.test(from) && DAY.test(to) && from <= to;
}

/** The signed amount's direction, for its colour: money or points in, or out. */
export const isOutgoing = (amount: string) => amount.trim().startsWith('-');

/** The statement file's name: `statement-income-2026-11-01-2026-11-28.csv`. */
export function statementFilename(wallet: StatementWallet, from: string, to: string, kind: EntryType | ''): string {
  return `statement-${wallet}${kind ? `-${kind}` : ''}-${from}-${to}.csv`;
}

/** The most lines one statement page returns (the contract's `limit` maximum): an export reads in pages of it. */
export const EXPORT_PAGE_SIZE = 100;

/**
 * Every line of a range, page after page until the server has no next cursor. `onProgress` hears
 * the count read so far; `signal` stops it between pages (the page in flight is aborted by the caller's call).
 */
export async function fetchAllLines(
  fetchPage: (cursor: string | undefined) => Promise<{ items: StatementLine[]; nextCursor: string | null }>,
  { onProgress, signal }: { onProgress?: (count: number) => void; signal?: AbortSignal } = {},
): Promise<StatementLine[]> {
  const lines: StatementLine[] = [];
  let cursor: string | undefined;
  do {
    if (signal?.aborted) throw new DOMException('The export was cancelled.', 'AbortError');
    const page = await fetchPage(cursor);
    lines.push(...page.items);
    onProgress?.(lines.length);
    cursor = page.nextCursor ?? undefined;
  } while (cursor !== undefined);
  return lines;
}
