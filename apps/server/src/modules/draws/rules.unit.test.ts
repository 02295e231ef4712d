import { randomInt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { canMove, drawRefusal, drawsLeft, isRunning, oddsOf, type Pickable, pickPrize, statusOfWin } from './rules.ts';

const prizes: Pickable[] = [
  { id: 1, weight: 1, stock: 3 },
  { id: 2, weight: 9, stock: null },
  { id: 3, weight: 40, stock: null },
  { id: 4, weight: 50, stock: null },
];

/** χ² critical values at p = 0.001, by degrees of freedom (1 to 11). */
const CHI_SQUARE_0_001 = [10.828, 13.816, 16.266, 18.467, 20.515, 22.458, 24.322, 26.124, 27.877, 29.588, 31.264];

describe('picking a prize', () => {
  it('walks the weights in order: each ticket lands on the prize whose share it falls in', () => {
    expect(pickPrize(prizes, () => 0)?.id).toBe(1);
    expect(pickPrize(prizes, () => 1)?.id).toBe(2);
    expect(pickPrize(prizes, () => 9)?.id).toBe(2);
    expect(pickPrize(prizes, () => 10)?.id).toBe(3);
    expect(pickPrize(prizes, () => 99)?.id).toBe(4);
  });

  it('never lands on a prize out of stock or without weight', () => {
    const gone = [
      { id: 1, weight: 50, stock: 0 },
      { id: 2, weight: 0, stock: null },
      { id: 3, weight: 1, stock: 1 },
    ];
    expect(pickPrize(gone, () => 0)?.id).toBe(3);
    let asked = 0;
    pickPrize(gone, (max) => {
      asked = max;
      return 0;
    });
    expect(asked).toBe(1);
  });

  it('finds nothing when every prize is out of stock', () => {
    expect(pickPrize([{ id: 1, weight: 5, stock: 0 }], randomInt)).toBeUndefined();
  });

  it('over 100,000 picks with the real generator, each prize comes up as often as its weight says (χ², p = 0.001)', () => {
    const weighted: Pickable[] = [
      { id: 1, weight: 1, stock: null },
      { id: 2, weight: 4, stock: null },
      { id: 3, weight: 15, stock: null },
      { id: 4, weight: 30, stock: null },
      { id: 5, weight: 50, stock: null },
    ];
    const draws = 100_000;
    const counts = new Map<number, number>();
    for (let i = 0; i < draws; i++) {
      const prize = pickPrize(weighted, randomInt) as Pickable;
      counts.set(prize.id, (counts.get(prize.id) ?? 0) + 1);
    }
    const total = weighted.reduce((sum, prize) => sum + prize.weight, 0);
    const chiSquare = weighted.reduce((sum, prize) => {
      const expected = (draws * prize.weight) / total;
      return sum + ((counts.get(prize.id) ?? 0) - expected) ** 2 / expected;
    }, 0);
    expect(chiSquare).toBeLessThan(CHI_SQUARE_0_001[weighted.length - 2] as number);
  });
});

describe('odds shown to operators', () => {
  it('are each prize’s share of the drawable weight, in percent with two decimals', () => {
    const odds = oddsOf([
      { id: 1, weight: 1, stock: null },
      { id: 2, weight: 2, stock: null },
      { id: 3, weight: 5, stock: 0 },
    ]);
    expect(odds.get(1)).toBe('33.33');
    expect(odds.get(2)).toBe('66.67');
    expect(odds.get(3)).toBe('0.00');
  });

  it('are all zero when nothing can be drawn', () => {
    expect(oddsOf([{ id: 1, weight: 0, stock: null }]).get(1)).toBe('0.00');
  });
});

describe('draws left today', () => {
  it('add the VIP level’s extra draws and the draws won to the daily limit', () => {
    expect(drawsLeft({ dailyLimit: 3, vipExtra: 2, won: 1, drawn: 4 })).toBe(2);
  });

  it('never go below zero', () => {
    expect(drawsLeft({ dailyLimit: 1, vipExtra: 0, won: 0, drawn: 3 })).toBe(0);
  });
});

describe('refusing a draw', () => {
  const now = new Date('2026-05-01T12:00:00Z');
  const campaign = {
    status: 'on' as const,
    startsAt: new Date('2026-05-01T00:00:00Z'),
    endsAt: new Date('2026-06-01T00:00:00Z'),
    pointsPerDraw: 10,
  };

  it('a campaign switched off, not started or ended is not running', () => {
    expect(isRunning({ ...campaign, status: 'off' }, now)).toBe(false);
    expect(isRunning({ ...campaign, startsAt: new Date('2026-05-02T00:00:00Z') }, now)).toBe(false);
    expect(isRunning({ ...campaign, endsAt: now }, now)).toBe(false);
    expect(drawRefusal({ ...campaign, status: 'off' }, { left: 1, points: 10n }, now)).toBe('DRAW_NOT_RUNNING');
  });

  it('a draw with no draws left is refused with Not enough draws', () => {
    expect(drawRefusal(campaign, { left: 0, points: 100n }, now)).toBe('DRAWS_EXHAUSTED');
  });

  it('a draw without enough points is refused with Insufficient points', () => {
    expect(drawRefusal(campaign, { left: 1, points: 9n }, now)).toBe('INSUFFICIENT_POINTS');
    expect(drawRefusal(campaign, { left: 1, points: 10n }, now)).toBeUndefined();
  });

  it('an unknown campaign is not found', () => {
    expect(drawRefusal(undefined, { left: 1, points: 10n }, now)).toBe('DRAW_NOT_FOUND');
  });
});

describe('fulfilment', () => {
  it('goods wait for an address, everything else is settled by the draw', () => {
    expect(statusOfWin('goods')).toBe('awaiting_address');
    expect(statusOfWin('cash')).toBe('completed');
    expect(statusOfWin('nothing')).toBe('completed');
  });

  it('the address may change until the parcel ships; only a parcel with an address ships', () => {
    expect(canMove('awaiting_address', 'address')).toBe(true);
    expect(canMove('awaiting_shipment', 'address')).toBe(true);
    expect(canMove('shipped', 'address')).toBe(false);
    expect(canMove('awaiting_address', 'ship')).toBe(false);
    expect(canMove('awaiting_shipment', 'ship')).toBe(true);
    expect(canMove('completed', 'ship')).toBe(false);
  });
});
