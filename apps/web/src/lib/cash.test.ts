import { LANGUAGES, type Language, WITHDRAWAL_STATUSES } from '@app/contracts';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n';
import type { Messages } from '../i18n/en';
import {
  checkAccountDraft,
  checkDepositAmount,
  cleanAmountInput,
  compareDecimal,
  debounce,
  maskAccount,
  POLL_INTERVAL_MS,
  POLL_LIMIT_MS,
  pollDelay,
  quickAmounts,
  quoteInput,
  showsReason,
  weekdayList,
} from './cash';

describe('maskAccount', () => {
  it('shows only the last four digits', () => {
    expect(maskAccount('0123456789')).toBe('•••• 6789');
    expect(maskAccount('4111 1111-1111 1234')).toBe('•••• 1234');
    expect(maskAccount('+2348012345678')).toBe('•••• 5678');
  });
  it('leaves short numbers alone', () => {
    expect(maskAccount('123')).toBe('123');
    expect(maskAccount('')).toBe('');
  });
});

describe('amounts', () => {
  it('compares decimal strings without floats', () => {
    expect(compareDecimal('100', '100.00')).toBe(0);
    expect(compareDecimal('99.99', '100')).toBe(-1);
    expect(compareDecimal('1000', '999.5')).toBe(1);
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('12345678901.01', '12345678901.1')).toBe(-1);
  });
  it('cleans what is typed', () => {
    expect(cleanAmountInput('1a2.3.45', 2)).toBe('12.34');
    expect(cleanAmountInput('50.', 2)).toBe('50.');
    expect(cleanAmountInput('12.5', 0)).toBe('12');
  });
  it('checks a recharge against the method limits', () => {
    expect(checkDepositAmount('', '10', '5000')).toBe('required');
    expect(checkDepositAmount('0', '10', '5000')).toBe('invalid');
    expect(checkDepositAmount('1.234', '10', '5000')).toBe('invalid');
    expect(checkDepositAmount('9.99', '10.00', '5000.00')).toBe('belowMin');
    expect(checkDepositAmount('5000.01', '10.00', '5000.00')).toBe('aboveMax');
    expect(checkDepositAmount('5000', '10.00', '5000.00')).toBeNull();
  });
  it('offers quick amounts inside the limits', () => {
    expect(quickAmounts('100.00', '1000.00')).toEqual(['100', '200', '500', '1000']);
    expect(quickAmounts('10000.00', '20000.00')).toEqual(['10000']);
  });
  it('asks for a quote only for a well-formed amount', () => {
    expect(quoteInput('')).toBeNull();
    expect(quoteInput('12.')).toBeNull();
    expect(quoteInput('0')).toBeNull();
    expect(quoteInput('200')).toBe('200');
  });
});

describe('checkAccountDraft', () => {
  const bank = {
    type: 'bank' as const,
    holderName: 'Ada',
    accountNumber: '0123456789',
    bankName: 'Zenith',
    operator: '',
  };
  it('accepts a complete bank card and mobile-money account', () => {
    expect(checkAccountDraft(bank, 10)).toBeNull();
    expect(
      checkAccountDraft({ ...bank, type: 'mobile_money', accountNumber: '08012345678', operator: 'MTN' }, 10),
    ).toBeNull();
  });
  it('names the first problem and its field', () => {
    expect(checkAccountDraft({ ...bank, holderName: ' ' }, 10)).toEqual({
      field: 'holderName',
      problem: 'holderRequired',
    });
    expect(checkAccountDraft({ ...bank, accountNumber: '' }, 10)?.problem).toBe('numberRequired');
    expect(checkAccountDraft({ ...bank, accountNumber: '12ab56' }, 10)?.problem).toBe('digitsOnly');
    expect(checkAccountDraft({ ...bank, accountNumber: '12345' }, 10)?.problem).toBe('bankLength');
    expect(checkAccountDraft({ ...bank, bankName: '' }, 10)).toEqual({ field: 'bankName', problem: 'bank' });
    const mm = { ...bank, type: 'mobile_money' as const, operator: 'MTN' };
    expect(checkAccountDraft({ ...mm, accountNumber: '080123456' }, 10)?.problem).toBe('phoneLength');
    expect(checkAccountDraft({ ...mm, accountNumber: '080123456' }, 9)).toBeNull();
    expect(checkAccountDraft({ ...mm, accountNumber: '08012345678', operator: '' }, 10)?.field).toBe('operator');
  });
});

describe('deposit polling', () => {
  it('polls every 2 s while pending, for at most 2 minutes', () => {
    expect(pollDelay(undefined, 0, 0)).toBe(POLL_INTERVAL_MS);
    expect(pollDelay('pending', 0, POLL_LIMIT_MS - 1)).toBe(POLL_INTERVAL_MS);
    expect(pollDelay('pending', 0, POLL_LIMIT_MS)).toBe(false);
    expect(pollDelay('succeeded', 0, 10)).toBe(false);
    expect(pollDelay('expired', 0, 10)).toBe(false);
  });
});

describe('debounce (withdrawal quote)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());
  it('only the last value typed within the wait reaches the quote', () => {
    const seen: string[] = [];
    const fn = debounce((v: string) => seen.push(v), 400);
    fn('1');
    vi.advanceTimersByTime(100);
    fn('10');
    vi.advanceTimersByTime(100);
    fn('100');
    vi.advanceTimersByTime(399);
    expect(seen).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(seen).toEqual(['100']);
    fn('200');
    fn.cancel();
    vi.advanceTimersByTime(1000);
    expect(seen).toEqual(['100']);
  });
});

describe('withdrawal status labels', () => {
  beforeAll(() => i18n.loadLanguages([...LANGUAGES]));
  const messages = (language: Language) => i18n.getResourceBundle(language, 'translation') as Messages;
  it('shows the reason only when rejected, failed or returned by the bank', () => {
    expect(WITHDRAWAL_STATUSES.filter(showsReason)).toEqual(['rejected', 'payment_failed', 'reversed']);
  });
  for (const language of LANGUAGES) {
    it(`${language} has a distinct label for every status`, () => {
      const labels = WITHDRAWAL_STATUSES.map((s) => messages(language).cash.withdrawalStatus[s]);
      for (const label of labels) expect(label?.trim()).toBeTruthy();
      expect(new Set(labels).size).toBe(WITHDRAWAL_STATUSES.length);
      if (language !== 'en')
        expect(labels).not.toEqual(WITHDRAWAL_STATUSES.map((s) => messages('en').cash.withdrawalStatus[s]));
    });
  }
});

describe('withdrawal rules as the user reads them', () => {
  it('the days are named in the language, Monday first', () => {
    expect(weekdayList([5, 1, 2, 3, 4], 'en')).toBe('Monday, Tuesday, Wednesday, Thursday, and Friday');
    expect(weekdayList([0, 6], 'fr')).toBe('samedi et dimanche');
    expect(weekdayList([1], 'es')).toBe('lunes');
  });
});
