import { describe, expect, it } from 'vitest';
import { CODE_ALPHABET, CODE_LENGTH, codeOf, hintOf, normalizeCode, redeemRefusal } from './rules.ts';

describe('redeem code rules', () => {
  it('codes use no character that reads like another', () => {
    for (const lookalike of ['0', 'O', '1', 'I', 'L']) expect(CODE_ALPHABET).not.toContain(lookalike);
    expect(codeOf(Array.from({ length: CODE_LENGTH }, (_, i) => i))).toBe('ABCDEFGHJKMNPQ');
  });

  it('a code typed in lower case, with spaces or dashes, is the code', () => {
    expect(normalizeCode(' abcd-efgh jkmn ')).toBe('ABCDEFGHJKMN');
    expect(hintOf('ABCDEFGHJKMN')).toBe('…JKMN');
  });

  it('unknown, expired and used-up codes are answered alike', () => {
    const base = { found: true, mine: false, expired: false, useTaken: true };
    expect(redeemRefusal({ ...base, found: false })).toBe('REDEEM_CODE_INVALID');
    expect(redeemRefusal({ ...base, expired: true })).toBe('REDEEM_CODE_INVALID');
    expect(redeemRefusal({ ...base, useTaken: false })).toBe('REDEEM_CODE_INVALID');
    expect(redeemRefusal(base)).toBeNull();
  });

  it('a user who already redeemed a code is told so, even once it is used up or expired', () => {
    expect(redeemRefusal({ found: true, mine: true, expired: true, useTaken: false })).toBe('REDEEM_CODE_ALREADY_USED');
  });
});
