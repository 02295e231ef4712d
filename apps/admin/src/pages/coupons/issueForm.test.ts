import { couponIssueInput, ERRORS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { expiryIssue, formIssues, parseUserIds } from './issueForm.ts';

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
        name: { en: ' ', fr: 'Moitié' },
        kind: 'percent_off',
        amount: '150',
        minSpend: '0',
        expiresAt: '2026-12-31T00:00:00.000Z',
      },
      { 'name.en': 'Name in English' },
    );
    expect(issues).toEqual({
      'name.en': 'Please enter Name in English.',
      amount: 'A percentage coupon takes a whole percentage from 1 to 100.',
    });
  });

  it('asks for an expiry, and refuses one already passed with the server’s words', () => {
    const now = new Date('2026-11-27T09:00:00Z');
    expect(expiryIssue(null, 'Choose when the coupons expire.', now)).toBe('Choose when the coupons expire.');
    expect(expiryIssue('2026-11-27T08:59:00Z', 'missing', now)).toBe(ERRORS.EXPIRY_PASSED.msg.en);
    expect(expiryIssue('2026-11-27T09:00:00Z', 'missing', now)).toBe(ERRORS.EXPIRY_PASSED.msg.en);
    expect(expiryIssue('2026-11-27T09:01:00Z', 'missing', now)).toBeUndefined();
  });
});
