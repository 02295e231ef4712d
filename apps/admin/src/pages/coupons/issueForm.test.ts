import { couponIssueInput } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { formIssues, parseUserIds } from './issueForm.ts';

describe('issuing coupons', () => {
  it('reads user IDs separated by commas, spaces or lines, each once', () => {
    expect(parseUserIds('12, 7\n#31 12;  8')).toEqual({ ids: [12, 7, 31, 8], invalid: [] });
  });

  it('reports what is no user ID instead of dropping it', () => {
    expect(parseUserIds('12 abc 0 -4 3.5')).toEqual({ ids: [12], invalid: ['abc', '0', '-4', '3.5'] });
    expect(parseUserIds('  ')).toEqual({ ids: [], invalid: [] });
  });

  it('names each refused field with its own message', () => {
    const issues = formIssues(
      couponIssueInput,
      {
        userIds: [1],
        name: '',
        kind: 'percent_off',
        amount: '150',
        minSpend: '0',
        expiresAt: '2026-12-31T00:00:00.000Z',
      },
      { name: 'Name' },
    );
    expect(issues).toEqual({
      name: 'Please enter Name.',
      amount: 'A percentage coupon takes a whole percentage from 1 to 100.',
    });
  });
});
