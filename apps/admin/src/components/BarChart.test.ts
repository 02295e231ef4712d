import { configDefaults } from '@app/contracts';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { formatMoney, platformFormatOf, setPlatformFormat } from '../lib/format.ts';
import { BarChart, niceTicks } from './BarChart.tsx';

describe('niceTicks', () => {
  it('covers the maximum with round steps from zero', () => {
    expect(niceTicks(7)).toEqual([0, 2, 4, 6, 8]);
    expect(niceTicks(100)).toEqual([0, 50, 100]);
    expect(niceTicks(3)).toEqual([0, 1, 2, 3]);
    expect(niceTicks(0.3)).toEqual([0, 0.1, 0.2, 0.3]);
  });

  it('gives a unit axis without data', () => {
    expect(niceTicks(0)).toEqual([0, 1]);
  });
});

describe('the bar chart of amounts', () => {
  it('writes each amount and the total from the decimal strings, in the platform’s currency', () => {
    setPlatformFormat(platformFormatOf({ ...configDefaults, app_currency: '₦' }, 'en-US'));
    const html = renderToStaticMarkup(
      createElement(BarChart, {
        title: 'Purchases',
        data: [
          { label: 'Nov 20', value: '999999999999999.99' },
          { label: 'Nov 21', value: '0.20' },
        ],
        format: formatMoney,
      }),
    );
    // The largest amount the API sends: as a float it would read 1,000,000,000,000,000.
    expect(html).toContain('<td>₦999,999,999,999,999.99</td>');
    expect(html).toContain('<td>₦0.20</td>');
    expect(html).toContain('total ₦1,000,000,000,000,000.19; highest ₦999,999,999,999,999.99 on Nov 20.');
    expect(html).toContain('>Nov 21</text>');
    expect(html).not.toMatch(/y="-|y="\d{5,}/);
  });
});
