import { type AdminVipLevel, configDefaults } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { platformFormatOf, setPlatformFormat } from '../../lib/format.ts';
import {
  emptyLevelValues,
  ladderWith,
  ladderWithout,
  percentOf,
  termsText,
  validateLevel,
  valuesToInput,
} from './levelForm.ts';

const BENEFITS = { extraDraws: 1, withdrawFeeDiscount: '0.1', extraWithdrawals: 0, incomeBonusRate: '0.01' };
const VIP1: AdminVipLevel = {
  level: 1,
  name: 'VIP 1',
  nameI18n: { en: 'VIP 1', fr: 'VIP 1 fr' },
  kind: 'vip',
  requirement: { kind: 'recharge', amount: '500.00' },
  price: null,
  benefits: BENEFITS,
  holders: 3,
};
const SVIP: AdminVipLevel = {
  level: 4,
  name: 'SVIP 1',
  nameI18n: { en: 'SVIP 1' },
  kind: 'svip',
  requirement: null,
  price: '1000.00',
  benefits: BENEFITS,
  holders: 0,
};

describe('the VIP levels form', () => {
  it('sends a VIP level with its requirement and no price, dropping blank translations', () => {
    const values = { ...emptyLevelValues([VIP1, SVIP]), name: { en: ' VIP 2 ', fr: '' }, requirementAmount: '2000' };
    expect(values.level).toBe(5);
    expect(valuesToInput(values)).toEqual({
      level: 5,
      name: { en: 'VIP 2' },
      kind: 'vip',
      requirement: { kind: 'recharge', amount: '2000' },
      price: null,
      benefits: { extraDraws: 0, withdrawFeeDiscount: '0', extraWithdrawals: 0, incomeBonusRate: '0' },
    });
  });

  it('sends an SVIP level with its price and no requirement', () => {
    const values = { ...emptyLevelValues([]), kind: 'svip' as const, price: '300.00', requirementAmount: '5' };
    expect(valuesToInput(values)).toMatchObject({ requirement: null, price: '300.00' });
  });

  it('saves the whole ladder in level order with the edited level in place', () => {
    const edited = { ...valuesToInput({ ...emptyLevelValues([]), name: { en: 'New' } }), level: 2 };
    expect(ladderWith([VIP1, SVIP], edited, null).map((level) => level.level)).toEqual([1, 2, 4]);
    const renumbered = { ...edited, level: 3 };
    expect(ladderWith([VIP1, SVIP], renumbered, 1).map((level) => level.level)).toEqual([3, 4]);
    expect(ladderWithout([VIP1, SVIP], 4)).toEqual([
      {
        level: 1,
        name: { en: 'VIP 1', fr: 'VIP 1 fr' },
        kind: 'vip',
        requirement: { kind: 'recharge', amount: '500.00' },
        price: null,
        benefits: BENEFITS,
      },
    ]);
  });

  it('writes terms and shares for the table', () => {
    setPlatformFormat(platformFormatOf(configDefaults, 'en-US'));
    expect(termsText(VIP1)).toBe('Total recharge ≥ $500.00');
    expect(termsText(SVIP)).toBe('Price $1,000.00');
    expect(termsText({ requirement: { kind: 'teamSize', amount: '1200' }, price: null })).toBe('Team size ≥ 1,200');
    expect(percentOf('0.05')).toBe('5%');
    expect(percentOf('0.125')).toBe('12.5%');
    expect(percentOf('1')).toBe('100%');
  });
});

describe('checking a level before it is sent', () => {
  const valid = valuesToInput({ ...emptyLevelValues([]), name: { en: 'VIP 1' }, requirementAmount: '500.00' });

  it('finds nothing wrong with a valid level', () => {
    expect(validateLevel(valid, [2, 3])).toEqual([]);
  });

  it('names each refused field of the form, once', () => {
    const wrong = {
      ...valid,
      name: { en: '' },
      requirement: { kind: 'teamSize' as const, amount: '2.5' },
      benefits: { ...valid.benefits, incomeBonusRate: '2', extraDraws: 500 },
    };
    expect(validateLevel(wrong, [1]).map((issue) => issue.name)).toEqual([
      ['name', 'en'],
      ['extraDraws'],
      ['incomeBonusRate'],
      ['requirementAmount'],
      ['level'],
    ]);
  });
});
