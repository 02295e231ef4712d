import { adminApi } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { allowed } from './api.ts';
import { screenKeyOf, screensFor } from './nav.tsx';

describe('allowed', () => {
  it('lets the owner do everything', () => {
    expect(allowed('owner', adminApi.admin.admins)).toBe(true);
    expect(allowed('owner', adminApi.admin.putConfig)).toBe(true);
  });

  it('follows the endpoint roles for the others', () => {
    expect(allowed('support', adminApi.admin.outbox)).toBe(true);
    expect(allowed('finance', adminApi.admin.outbox)).toBe(false);
    expect(allowed('content', adminApi.admin.users)).toBe(false);
    expect(allowed('support', adminApi.admin.users)).toBe(true);
    expect(allowed('support', adminApi.admin.admins)).toBe(false);
    expect(allowed(undefined, adminApi.admin.users)).toBe(false);
  });
});

describe('screens', () => {
  it('hides screens the role cannot use', () => {
    expect(screensFor('owner').map((s) => s.key)).toEqual([
      'dashboard',
      'users',
      'products',
      'orders',
      'holdings',
      'withdrawals',
      'deposits',
      'payout-accounts',
      'vip-levels',
      'team-rank',
      'draws',
      'draw-records',
      'coupons',
      'redeem-codes',
      'events',
      'content',
      'comments',
      'messages',
      'contact-inbox',
      'config',
      'outbox',
      'audit',
      'admins',
    ]);
    expect(screensFor('finance').map((s) => s.key)).toEqual([
      'dashboard',
      'users',
      'products',
      'orders',
      'holdings',
      'withdrawals',
      'deposits',
      'payout-accounts',
      'vip-levels',
      'team-rank',
      'draws',
      'draw-records',
      'coupons',
      'redeem-codes',
      'events',
      'config',
      'audit',
    ]);
    expect(screensFor('content').map((s) => s.key)).toEqual(expect.arrayContaining(['content', 'comments']));
    expect(screensFor('content').map((s) => s.key)).not.toContain('withdrawals');
    // Content reads no user's email, phone or address (issue 29).
    for (const key of ['users', 'orders', 'draw-records', 'audit'])
      expect(screensFor('content').map((s) => s.key)).not.toContain(key);
    expect(screensFor('support').map((s) => s.key)).toContain('payout-accounts');
    expect(screensFor('support').map((s) => s.key)).not.toContain('withdrawals');
  });

  it('finds the screen of a path', () => {
    expect(screenKeyOf('/')).toBe('dashboard');
    expect(screenKeyOf('/users')).toBe('users');
    expect(screenKeyOf('/users/12')).toBe('users');
    expect(screenKeyOf('/products')).toBe('products');
    expect(screenKeyOf('/holdings')).toBe('holdings');
    expect(screenKeyOf('/withdrawals')).toBe('withdrawals');
    expect(screenKeyOf('/payout-accounts')).toBe('payout-accounts');
    expect(screenKeyOf('/vip-levels')).toBe('vip-levels');
    expect(screenKeyOf('/team-rank/3')).toBe('team-rank');
    expect(screenKeyOf('/draws')).toBe('draws');
    expect(screenKeyOf('/draws/records')).toBe('draw-records');
    expect(screenKeyOf('/events/3/signups')).toBe('events');
    expect(screenKeyOf('/content/guides')).toBe('content');
    expect(screenKeyOf('/comments')).toBe('comments');
    expect(screenKeyOf('/messages')).toBe('messages');
    expect(screenKeyOf('/contact')).toBe('contact-inbox');
    expect(screenKeyOf('/nope')).toBeUndefined();
  });
});
