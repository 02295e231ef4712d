import { describe, expect, it } from 'vitest';
import { balanceAfter, deriveFigures, formatDecimal, parseAdjustAmount, parseDecimal } from './decimal.ts';

describe('parseDecimal / formatDecimal', () => {
  it('round-trips money strings exactly', () => {
    expect(formatDecimal(parseDecimal('1200.5')!, 2)).toBe('1200.50');
    expect(formatDecimal(parseDecimal('-0.07')!, 2)).toBe('-0.07');
    expect(formatDecimal(parseDecimal('+3')!, 2)).toBe('3.00');
    expect(parseDecimal('1e3')).toBeNull();
    expect(parseDecimal('')).toBeNull();
    expect(parseDecimal('0.123456789')).toBeNull();
  });
  it('truncates toward zero and never prints -0', () => {
    expect(formatDecimal(parseDecimal('1.239')!, 2)).toBe('1.23');
    expect(formatDecimal(parseDecimal('-0.001')!, 2)).toBe('0.00');
  });
});

describe('deriveFigures', () => {
  it('computes total income and return rate like the server', () => {
    expect(deriveFigures('100.00', '1.50', 100)).toEqual({ totalIncome: '150.00', totalReturnRate: '150.00' });
    expect(deriveFigures('300', '1', 7)).toEqual({ totalIncome: '7.00', totalReturnRate: '2.33' });
    expect(deriveFigures('0.1', '0.01', 3)).toEqual({ totalIncome: '0.03', totalReturnRate: '30.00' });
  });
  it('has no figures while inputs are incomplete', () => {
    expect(deriveFigures('100', '', 10)).toEqual({ totalIncome: null, totalReturnRate: null });
    expect(deriveFigures('100', '2', null)).toEqual({ totalIncome: null, totalReturnRate: null });
    expect(deriveFigures('100', '2', 1.5)).toEqual({ totalIncome: null, totalReturnRate: null });
    expect(deriveFigures('', '2', 10)).toEqual({ totalIncome: '20.00', totalReturnRate: null });
    expect(deriveFigures('0', '2', 10)).toEqual({ totalIncome: '20.00', totalReturnRate: null });
  });
  it('stays exact for large values', () => {
    expect(deriveFigures('999999999999999', '999999999999999', 100_000).totalIncome).toBe('99999999999999900000.00');
  });
});

describe('parseAdjustAmount', () => {
  it('uses the toggle when no sign is typed', () => {
    expect(parseAdjustAmount('25', 'increase')).toEqual({ ok: true, direction: 'increase', amount: '25.00' });
    expect(parseAdjustAmount(' 12.5 ', 'decrease')).toEqual({ ok: true, direction: 'decrease', amount: '-12.50' });
  });
  it('lets a typed sign win over the toggle', () => {
    expect(parseAdjustAmount('-5', 'increase')).toEqual({ ok: true, direction: 'decrease', amount: '-5.00' });
    expect(parseAdjustAmount('+5', 'decrease')).toEqual({ ok: true, direction: 'increase', amount: '5.00' });
  });
  it('refuses empty, zero, junk and extra decimals', () => {
    expect(parseAdjustAmount('', 'increase').ok).toBe(false);
    expect(parseAdjustAmount('0.00', 'increase').ok).toBe(false);
    expect(parseAdjustAmount('abc', 'increase').ok).toBe(false);
    expect(parseAdjustAmount('--5', 'increase').ok).toBe(false);
    expect(parseAdjustAmount('1.234', 'increase')).toEqual({
      ok: false,
      error: 'Enter an amount with at most 2 decimals.',
    });
    expect(parseAdjustAmount('1.234', 'increase', 4)).toEqual({ ok: true, direction: 'increase', amount: '1.2340' });
  });
  it('never sends a plus sign (the API pattern has none)', () => {
    const result = parseAdjustAmount('+7', 'increase');
    expect(result.ok && result.amount).toBe('7.00');
  });
});

describe('balanceAfter', () => {
  it('previews the new balance and flags going below zero', () => {
    expect(balanceAfter('100.00', '25.50')).toEqual({ balance: '125.50', negative: false });
    expect(balanceAfter('100.00', '-100.00')).toEqual({ balance: '0.00', negative: false });
    expect(balanceAfter('10.00', '-10.01')).toEqual({ balance: '-0.01', negative: true });
  });
});
