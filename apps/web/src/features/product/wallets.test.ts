import { describe, expect, it } from 'vitest';
import { payableWallets } from './wallets';

describe('the purchase sheet offers only the wallets the configuration allows', () => {
  it('the recharge wallet alone while purchases from income are off', () => {
    expect(payableWallets(false)).toEqual(['deposit']);
  });
  it('both wallets once purchases from income are on', () => {
    expect(payableWallets(true)).toEqual(['deposit', 'income']);
  });
});
