import { WITHDRAWAL_STATUSES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  actionNeedsReason,
  inReview,
  readableStatusMessage,
  solvencyLevel,
  solvencyText,
  summarizeBulk,
} from './cash.ts';

describe('withdrawal actions', () => {
  it('offers bulk review only for withdrawals waiting for review', () => {
    expect(WITHDRAWAL_STATUSES.filter(inReview)).toEqual(['pending_review']);
  });
  it('asks a reason for reject and mark failed only', () => {
    expect(actionNeedsReason('reject')).toBe(true);
    expect(actionNeedsReason('markFailed')).toBe(true);
    expect(actionNeedsReason('approve')).toBe(false);
    expect(actionNeedsReason('pay')).toBe(false);
    expect(actionNeedsReason('markPaid')).toBe(false);
  });
});

describe('solvencyLevel', () => {
  it('is healthy from 100 %', () => {
    expect(solvencyLevel('100.00')).toBe('healthy');
    expect(solvencyLevel('250.5')).toBe('healthy');
  });
  it('is watch from 80 % up to 100 %', () => {
    expect(solvencyLevel('99.99')).toBe('watch');
    expect(solvencyLevel('80.00')).toBe('watch');
  });
  it('is short below 80 %', () => {
    expect(solvencyLevel('79.99')).toBe('short');
    expect(solvencyLevel('0.00')).toBe('short');
    expect(solvencyLevel('-12.00')).toBe('short');
  });
  it('is unknown without a number', () => {
    expect(solvencyLevel('—')).toBe('unknown');
    expect(solvencyLevel('')).toBe('unknown');
    expect(solvencyLevel(undefined)).toBe('unknown');
  });
  it('explains the level in a sentence', () => {
    expect(solvencyText('short', '50.00')).toContain('50.00 %');
    expect(solvencyText('unknown', '—')).toMatch(/Nothing is owed/);
    expect(solvencyText('short', '-2.43')).toMatch(/below zero/);
  });
});

describe('summarizeBulk', () => {
  it('splits successes and failures', () => {
    const summary = summarizeBulk(
      [
        { id: 1, ok: true, msg: 'ok' },
        { id: 2, ok: false, msg: 'This withdrawal is paid; that action is not possible now.' },
        { id: 3, ok: true, msg: 'ok' },
      ],
      'approve',
    );
    expect(summary.succeeded).toEqual([1, 3]);
    expect(summary.failed.map((f) => f.id)).toEqual([2]);
    expect(summary.headline).toBe('2 approved, 1 failed');
  });
  it('says when everything failed', () => {
    expect(summarizeBulk([{ id: 4, ok: false, msg: 'no' }], 'reject').headline).toBe('1 failed');
  });
  it('says when everything succeeded', () => {
    expect(summarizeBulk([{ id: 4, ok: true, msg: 'ok' }], 'reject').headline).toBe('1 rejected');
  });
});

describe('readableStatusMessage', () => {
  it('names states the way the screen does', () => {
    expect(readableStatusMessage('This withdrawal is pending_payment; that action is not possible now.')).toBe(
      'This withdrawal is pending payment; that action is not possible now.',
    );
    expect(readableStatusMessage('This withdrawal is payment_failed, not paid.')).toBe(
      'This withdrawal is payment failed, not paid.',
    );
    expect(readableStatusMessage('Nothing to change')).toBe('Nothing to change');
  });
});
