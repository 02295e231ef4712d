import { configDefaults } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { csvFilename, escapeCsvCell, toCsv } from './csv.ts';
import { platformFormatOf, setPlatformFormat } from './format.ts';

describe('escapeCsvCell', () => {
  it('leaves plain text alone', () => {
    expect(escapeCsvCell('alice')).toBe('alice');
    expect(escapeCsvCell(42)).toBe('42');
    expect(escapeCsvCell(true)).toBe('true');
  });

  it('quotes commas, quotes and line breaks, doubling inner quotes', () => {
    expect(escapeCsvCell('a,b')).toBe('"a,b"');
    expect(escapeCsvCell('say "hi"')).toBe('"say ""hi"""');
    expect(escapeCsvCell('line1\nline2')).toBe('"line1\nline2"');
    expect(escapeCsvCell('cr\r')).toBe('"cr\r"');
  });

  it('quotes leading or trailing spaces', () => {
    expect(escapeCsvCell(' padded ')).toBe('" padded "');
  });

  it('writes null and undefined as empty cells', () => {
    expect(escapeCsvCell(null)).toBe('');
    expect(escapeCsvCell(undefined)).toBe('');
  });

  it('writes objects as JSON, quoted', () => {
    expect(escapeCsvCell({ a: 1, b: 'x' })).toBe('"{""a"":1,""b"":""x""}"');
  });

  it('defuses spreadsheet formulas but keeps signed numbers', () => {
    expect(escapeCsvCell('=SUM(A1)')).toBe("'=SUM(A1)");
    expect(escapeCsvCell('@cmd')).toBe("'@cmd");
    expect(escapeCsvCell('-12.50')).toBe('-12.50');
    expect(escapeCsvCell('+2348000000000')).toBe('+2348000000000');
    expect(escapeCsvCell('=1,2')).toBe('"\'=1,2"');
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-terminated line per row', () => {
    const rows = [
      { id: 1, account: 'a@example.com', nickname: 'Ann, "the" first' },
      { id: 2, account: '+2348000000001', nickname: null },
    ];
    const csv = toCsv(
      [
        { title: 'ID', value: (row: (typeof rows)[number]) => row.id },
        { title: 'Account', value: (row) => row.account },
        { title: 'Nickname', value: (row) => row.nickname },
      ],
      rows,
    );
    expect(csv).toBe('ID,Account,Nickname\r\n1,a@example.com,"Ann, ""the"" first"\r\n2,+2348000000001,\r\n');
  });

  it('writes only the header for no rows', () => {
    expect(toCsv([{ title: 'A', value: () => 1 }], [])).toBe('A\r\n');
  });
});

describe('csvFilename', () => {
  it("adds the platform's day, whatever the format it shows dates in", () => {
    setPlatformFormat(platformFormatOf({ ...configDefaults, timezone: 'Asia/Bangkok', date_format: 'dd/mm/yyyy' }));
    expect(csvFilename('users', new Date('2026-01-04T18:00:00Z'))).toBe('users-2026-01-05.csv');
  });
});
