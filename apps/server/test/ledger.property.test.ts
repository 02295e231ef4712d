import { ASSETS } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { assertBalanced, type Line } from '../src/ledger/post.ts';

// The money engine under random use, against a model of every wallet, is in money-model.ts.

describe('balanced entries', () => {
  const asset = fc.constantFrom(...ASSETS);
  const line = fc.record({
    accountId: fc.nat({ max: 1000 }),
    asset,
    amount: fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }),
  });

  it('any set of lines whose sums per asset are zero is accepted', () => {
    fc.assert(
      fc.property(fc.array(line, { maxLength: 10 }), (lines) => {
        // Close each asset with one balancing line.
        const closed: Line[] = [...lines];
        for (const a of ASSETS) {
          const sum = lines.filter((l) => l.asset === a).reduce((s, l) => s + l.amount, 0n);
          if (sum !== 0n) closed.push({ accountId: 0, asset: a, amount: -sum });
        }
        expect(() => assertBalanced(closed)).not.toThrow();
      }),
    );
  });

  it('any set of lines that does not sum to zero for some asset is refused', () => {
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 10 }), (lines) => {
        const unbalanced = ASSETS.some(
          (a) => lines.filter((l) => l.asset === a).reduce((s, l) => s + l.amount, 0n) !== 0n,
        );
        fc.pre(unbalanced);
        expect(() => assertBalanced(lines)).toThrow(/unbalanced journal entry/);
      }),
    );
  });

  it('money moved from one asset cannot balance another', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 15n }), (amount) => {
        expect(() =>
          assertBalanced([
            { accountId: 1, asset: 'CASH', amount },
            { accountId: 2, asset: 'POINTS', amount: -amount },
          ]),
        ).toThrow(/unbalanced/);
      }),
    );
  });
});
