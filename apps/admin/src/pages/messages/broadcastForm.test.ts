import { describe, expect, it } from 'vitest';
import { audienceOf, audienceText, parseUserIds } from './broadcastForm.ts';

describe('the audience of a broadcast', () => {
  it('user IDs may be separated by commas, spaces or lines; each counts once', () => {
    expect(parseUserIds('12, 7\n12 9')).toEqual([12, 7, 9]);
    expect(parseUserIds('')).toEqual([]);
  });

  it('anything but positive whole numbers is refused', () => {
    expect(parseUserIds('12, abc')).toBeNull();
    expect(parseUserIds('0')).toBeNull();
    expect(parseUserIds('-3')).toBeNull();
    expect(parseUserIds('99999999999')).toBeNull();
  });

  it('becomes the API audience, or says what is missing', () => {
    expect(audienceOf({ kind: 'all' })).toEqual({ audience: 'all' });
    expect(audienceOf({ kind: 'vip', vip: 3 })).toEqual({ audience: { vip: 3 } });
    expect(audienceOf({ kind: 'vip', vip: null })).toEqual({ problem: 'Choose a VIP level from 1 to 99.' });
    expect(audienceOf({ kind: 'users', userIds: '4 5' })).toEqual({ audience: { userIds: [4, 5] } });
    expect(audienceOf({ kind: 'users', userIds: ' ' })).toEqual({ problem: 'Enter at least one user ID.' });
  });

  it('is named in the sent list with how many it reached', () => {
    expect(audienceText('all', null, 1200)).toBe('Everyone (1200)');
    expect(audienceText('vip', 2, 30)).toBe('VIP 2 and above (30)');
    expect(audienceText('users', null, 1)).toBe('1 chosen user');
  });
});
