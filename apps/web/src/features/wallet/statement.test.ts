import { ENTRY_TYPES, STATEMENT_WALLETS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  dateToDay,
  dayToDate,
  fetchAllLines,
  kindOf,
  STATEMENT_KINDS,
  statementFilename,
  thisMonth,
  validRange,
  WALLETS,
  walletOf,
} from './statement';

describe('the statement’s wallets and kinds', () => {
  it('has the contract’s three wallets', () => {
    expect([...WALLETS]).toEqual([...STATEMENT_WALLETS]);
  });

  it('offers, per wallet, only entry types, each once', () => {
    for (const wallet of WALLETS) {
      const kinds = STATEMENT_KINDS[wallet];
      expect(new Set(kinds).size).toBe(kinds.length);
      for (const kind of kinds) expect(ENTRY_TYPES).toContain(kind);
    }
    expect(STATEMENT_KINDS.points).not.toContain('purchase');
    expect(STATEMENT_KINDS.deposit).not.toContain('withdrawal');
  });

  it('reads ?wallet= and ?kind=, falling back to the recharge wallet and all kinds', () => {
    expect(walletOf('income')).toBe('income');
    expect(walletOf('uncollected')).toBe('deposit');
    expect(walletOf(null)).toBe('deposit');
    expect(kindOf('income', 'withdrawal')).toBe('withdrawal');
    expect(kindOf('points', 'withdrawal')).toBe('');
    expect(kindOf('deposit', null)).toBe('');
  });
});

describe('the export’s days', () => {
  it('defaults to this month of the platform: its first day to today', () => {
    // 23:30 UTC on 30 November is already 1 December in Lagos (UTC+1).
    const now = new Date('2026-11-30T23:30:00Z');
    expect(thisMonth(now, 'Africa/Lagos')).toEqual({ from: '2026-12-01', to: '2026-12-01' });
    expect(thisMonth(now, 'America/New_York')).toEqual({ from: '2026-11-01', to: '2026-11-30' });
  });

  it('goes to and from a date picker’s value without moving the day', () => {
    expect(dateToDay(dayToDate('2026-02-28'))).toBe('2026-02-28');
    expect(dateToDay(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('takes a range whose first day is not after its last', () => {
    expect(validRange('2026-11-01', '2026-11-30')).toBe(true);
    expect(validRange('2026-11-30', '2026-11-30')).toBe(true);
    expect(validRange('2026-12-01', '2026-11-30')).toBe(false);
    expect(validRange('', '2026-11-30')).toBe(false);
  });

  it('names the file after the wallet, the kind and the days', () => {
    expect(statementFilename('income', '2026-11-01', '2026-11-30', '')).toBe(
      'statement-income-2026-11-01-2026-11-30.csv',
    );
    expect(statementFilename('deposit', '2026-11-01', '2026-11-30', 'purchase')).toBe(
      'statement-deposit-purchase-2026-11-01-2026-11-30.csv',
    );
  });
});

describe('reading every page of a range', () => {
  const line = (id: number) => ({
    id,
    at: '',
    kind: 'deposit' as const,
    source: '',
    amount: '1.00',
    balanceAfter: '1.00',
  });

  it('follows the cursor to the last page and reports how many lines it has', async () => {
    const cursors: (string | undefined)[] = [];
    const progress: number[] = [];
    const lines = await fetchAllLines(
      async (cursor) => {
        cursors.push(cursor);
        if (cursor === undefined) return { items: [line(5), line(4)], nextCursor: 'c4' };
        if (cursor === 'c4') return { items: [line(3), line(2)], nextCursor: 'c2' };
        return { items: [line(1)], nextCursor: null };
      },
      { onProgress: (count) => progress.push(count) },
    );
    expect(cursors).toEqual([undefined, 'c4', 'c2']);
    expect(lines.map((l) => l.id)).toEqual([5, 4, 3, 2, 1]);
    expect(progress).toEqual([2, 4, 5]);
  });

  it('stops between pages once cancelled', async () => {
    const controller = new AbortController();
    let pages = 0;
    const reading = fetchAllLines(
      async () => {
        pages += 1;
        controller.abort();
        return { items: [line(pages)], nextCursor: 'more' };
      },
      { signal: controller.signal },
    );
    await expect(reading).rejects.toThrow('cancelled');
    expect(pages).toBe(1);
  });
});
