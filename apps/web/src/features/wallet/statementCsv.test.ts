import type { StatementLine } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { csvField, csvMoment, statementCsv, UTF8_BOM } from './statementCsv';

const headers = {
  date: 'Date (Africa/Lagos)',
  kind: 'Kind',
  source: 'Details',
  amount: 'Amount ($)',
  balanceAfter: 'Balance after ($)',
};
const LABELS: Record<string, string> = {
  purchase: 'Product purchase',
  deposit: 'Recharge',
  system_decrease: 'System decrease',
};
const options = { headers, kindLabel: (kind: string) => LABELS[kind] ?? kind, timeZone: 'Africa/Lagos' };

const line = (changes: Partial<StatementLine>): StatementLine => ({
  id: 1,
  at: '2026-11-21T13:05:09.000Z',
  kind: 'deposit',
  source: 'Top-up T123',
  amount: '500.00',
  balanceAfter: '500.00',
  ...changes,
});

/** The file's rows, BOM and line ends taken off. */
const rows = (csv: string) => csv.slice(UTF8_BOM.length).split('\r\n');

describe('the statement as a CSV file', () => {
  it('starts with a UTF-8 BOM, then the header in the user’s language, one row per line, CRLF line ends', () => {
    const csv = statementCsv(
      [
        line({
          id: 2,
          at: '2026-11-22T08:00:00.000Z',
          kind: 'purchase',
          source: 'Miner X, order 42',
          amount: '-180.00',
          balanceAfter: '320.00',
        }),
        line({}),
      ],
      options,
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.endsWith('\r\n')).toBe(true);
    expect(rows(csv)).toEqual([
      'Date (Africa/Lagos),Kind,Details,Amount ($),Balance after ($)',
      '2026-11-22 09:00:00,Product purchase,"Miner X, order 42",-180.00,320.00',
      '2026-11-21 14:05:09,Recharge,Top-up T123,500.00,500.00',
      '',
    ]);
  });

  it('writes each moment as the platform’s day and 24-hour time, whatever the reader’s zone', () => {
    expect(csvMoment('2026-11-30T23:30:00.000Z', 'Africa/Lagos')).toBe('2026-12-01 00:30:00');
    expect(csvMoment('2026-11-30T23:30:00.000Z', 'America/New_York')).toBe('2026-11-30 18:30:00');
    expect(csvMoment('not a date', 'Africa/Lagos')).toBe('not a date');
  });

  it('leaves the source empty where the server named none: the kind says it', () => {
    const csv = statementCsv(
      [line({ kind: 'system_decrease', source: '', amount: '-5.00', balanceAfter: '0.00' })],
      options,
    );
    expect(rows(csv)[1]).toBe('2026-11-21 14:05:09,System decrease,,-5.00,0.00');
  });

  it('keeps the header and texts in any language and script', () => {
    const csv = statementCsv([line({ source: '充值 T123，订单' })], {
      ...options,
      headers: { ...headers, kind: '类型', source: '详情' },
      kindLabel: () => '充值',
    });
    expect(rows(csv)[0]).toBe('Date (Africa/Lagos),类型,详情,Amount ($),Balance after ($)');
    expect(rows(csv)[1]).toContain(',充值,充值 T123，订单,');
  });

  it('quotes commas, quotes and line breaks, and disarms a text a spreadsheet would run as a formula', () => {
    expect(csvField('a "quoted" word')).toBe('"a ""quoted"" word"');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=HYPERLINK("x")')).toBe('"\'=HYPERLINK(""x"")"');
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('+1 team')).toBe("'+1 team");
    // Signed amounts stay numbers a spreadsheet adds up.
    expect(csvField('-180.00')).toBe('-180.00');
    expect(csvField('25')).toBe('25');
  });

  it('writes points as the server sends them, without decimals', () => {
    const csv = statementCsv([line({ kind: 'points_earned', source: '', amount: '25', balanceAfter: '1200' })], {
      ...options,
      headers: { ...headers, amount: 'Points', balanceAfter: 'Points after' },
    });
    expect(rows(csv)[1]).toBe('2026-11-21 14:05:09,points_earned,,25,1200');
  });
});
