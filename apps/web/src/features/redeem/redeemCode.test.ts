import { describe, expect, it } from 'vitest';
import { cleanCode } from './redeemCode';

describe('the redeem code field', () => {
  it('drops the spaces and line breaks a pasted code brings, keeping its letters as typed', () => {
    expect(cleanCode('  AB12 cd34\n')).toBe('AB12cd34');
    expect(cleanCode('   ')).toBe('');
  });
});
