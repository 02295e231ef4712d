import type { AdminDrawCampaign } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { campaignToValues, emptyCampaignValues, oddsPercents, valuesToInput } from './campaignForm.ts';

const CAMPAIGN: AdminDrawCampaign = {
  id: 3,
  kind: 'grid',
  name: 'Spring grid',
  nameI18n: { en: 'Spring grid', fr: 'Grille de printemps' },
  pointsPerDraw: 20,
  dailyLimit: 5,
  startsAt: '2026-03-01T00:00:00.000Z',
  endsAt: '2026-03-31T00:00:00.000Z',
  status: 'on',
  draws: 12,
  prizes: [
    {
      id: 9,
      name: 'Headphones',
      nameI18n: { en: 'Headphones', zh: '耳机' },
      kind: 'goods',
      amount: '0',
      image: '',
      weight: 1,
      odds: '10.00',
      stock: 4,
      won: 1,
      minSpend: '0',
      validDays: 30,
    },
  ],
};

describe('the draw campaign form', () => {
  it('states each prize’s odds as a percentage of the total weight, as the operator types', () => {
    expect(oddsPercents([1, 1, 2])).toEqual(['25.00', '25.00', '50.00']);
    expect(oddsPercents([1, 2])).toEqual(['33.33', '66.67']);
    expect(oddsPercents([1, 0, null])).toEqual(['100.00', '0.00', '0.00']);
    expect(oddsPercents([0, null])).toEqual(['0.00', '0.00']);
  });

  it('rounds a one-in-a-million prize half up to two decimals', () => {
    expect(oddsPercents([1, 999_999])).toEqual(['0.00', '100.00']);
    expect(oddsPercents([1, 199])).toEqual(['0.50', '99.50']);
  });

  it('starts a new campaign switched off, so it can be simulated before it goes on', () => {
    const values = emptyCampaignValues(new Date('2026-05-01T00:00:00Z'));
    expect(values.status).toBe('off');
    expect(values.endsAt).toBe('2026-05-08T00:00:00.000Z');
  });

  it('keeps prize ids and other languages when saving an edited campaign', () => {
    const values = campaignToValues(CAMPAIGN);
    values.name = { ...values.name, en: 'Summer grid ', es: ' Rejilla de verano', th: '  ' };
    const input = valuesToInput(values);
    expect(input.name).toEqual({ en: 'Summer grid', es: 'Rejilla de verano', fr: 'Grille de printemps' });
    expect(input.prizes[0]).toMatchObject({ id: 9, name: { en: 'Headphones', zh: '耳机' }, kind: 'goods', stock: 4 });
  });

  it('sends no amount for goods and nothing, and no minimum spend but for coupons', () => {
    const values = emptyCampaignValues(new Date('2026-05-01T00:00:00Z'));
    values.prizes = [
      { ...values.prizes[0]!, kind: 'goods', amount: '12', minSpend: '5' },
      { ...values.prizes[0]!, kind: 'coupon', amount: '5.00', minSpend: '50' },
    ];
    const [goods, coupon] = valuesToInput(values).prizes;
    expect(goods).toMatchObject({ amount: '0', minSpend: '0' });
    expect(coupon).toMatchObject({ amount: '5.00', minSpend: '50' });
  });
});
