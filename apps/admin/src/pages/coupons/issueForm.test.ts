import { couponIssueInput, ERRORS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { addRecipients, expiryIssue, formIssues, parseTyped, type Recipient, recipientsInput } from './issueForm.ts';

const ada: Recipient = { kind: 'user', id: 12, label: 'ada@example.com' };

describe('who coupons are issued to', () => {
  it('reads what an operator types or pastes: IDs (#31 as on the users screen), emails and phones, each once', () => {
    expect(parseTyped('12, #31\nAda@Example.com; 0803 123 4567, 12')).toEqual({
      recipients: [
        { kind: 'id', id: 12 },
        { kind: 'id', id: 31 },
        { kind: 'account', account: 'Ada@Example.com' },
        { kind: 'account', account: '0803 123 4567' },
      ],
      invalid: [],
    });
  });

  it('takes a long number for a phone, not an ID', () => {
    expect(parseTyped('08031234567, +234 803 123 4567').recipients).toEqual([
      { kind: 'account', account: '08031234567' },
      { kind: 'account', account: '+234 803 123 4567' },
    ]);
  });

  it('reports what is no ID, email or phone instead of dropping it', () => {
    expect(parseTyped('12, abc, 0, 3.5')).toEqual({
      recipients: [{ kind: 'id', id: 12 }],
      invalid: ['abc', '0', '3.5'],
    });
    expect(parseTyped('  ')).toEqual({ recipients: [], invalid: [] });
  });

  it('sends users picked from the search and typed IDs as IDs, typed emails and phones as accounts', () => {
    const typed = parseTyped('31, bob@example.com').recipients;
    expect(recipientsInput([ada, ...typed])).toEqual({ userIds: [12, 31], accounts: ['bob@example.com'] });
  });

  it('adds a user once, whether picked again or typed as their ID', () => {
    const picked = addRecipients([ada], [{ kind: 'id', id: 12 }, ada, { kind: 'account', account: 'bob@example.com' }]);
    expect(picked).toEqual([ada, { kind: 'account', account: 'bob@example.com' }]);
  });

  it('names each refused field with its own message', () => {
    const issues = formIssues(
      couponIssueInput,
      {
        userIds: [1],
        accounts: [],
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
