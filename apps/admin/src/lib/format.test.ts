import { describe, expect, it } from 'vitest';
import { formatMoney } from './format.ts';

describe('back-office amounts', () => {
  it('are grouped from the decimal string itself, every digit kept', () => {
    const separators = new Intl.NumberFormat().formatToParts(1234.5);
    const group = separators.find((part) => part.type === 'group')?.value ?? '';
    const point = separators.find((part) => part.type === 'decimal')?.value ?? '.';
    expect(formatMoney('12345678901234567.89')).toBe(
      `${['12', '345', '678', '901', '234', '567'].join(group)}${point}89`,
    );
  });

  it('show a dash when there is no amount', () => {
    expect(formatMoney(null)).toBe('—');
  });
});
