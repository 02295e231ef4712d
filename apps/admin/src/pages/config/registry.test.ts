import { CONFIG_KEYS, configDefaults } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  buildPatch,
  CROSS_CHECKED,
  crossCheck,
  FIELD_META,
  fieldKind,
  fieldLabel,
  GROUPS,
  MAINTENANCE_KEYS,
  validatePatch,
  withDefaults,
} from './registry.ts';

describe('config registry', () => {
  it('places every key exactly once', () => {
    const placed = [...MAINTENANCE_KEYS, ...GROUPS.flatMap((group) => group.keys)];
    expect([...placed].sort()).toEqual([...CONFIG_KEYS].sort());
    expect(new Set(placed).size).toBe(placed.length);
    for (const key of CONFIG_KEYS) expect(fieldLabel(key)).toBeTruthy();
    expect(FIELD_META.maintenance?.label).toBe('Maintenance mode');
  });

  it('derives editors from the schema', () => {
    expect(fieldKind('maintenance')).toBe('switch');
    expect(fieldKind('session_idle_days')).toBe('integer');
    expect(fieldKind('app_name')).toBe('text');
    expect(fieldKind('collect_days')).toBe('weekdays');
    expect(fieldKind('withdraw_hours')).toBe('hours');
    expect(fieldKind('recharge_min')).toBe('money');
  });

  it('puts only changed keys in the patch', () => {
    const draft = { ...configDefaults, app_name: 'X', collect_days: [1, 2] };
    expect(buildPatch(configDefaults, draft)).toEqual({ app_name: 'X', collect_days: [1, 2] });
    expect(buildPatch(configDefaults, { ...configDefaults })).toEqual({});
  });

  it('validates with the shared schemas and readable messages', () => {
    expect(validatePatch({ app_name: 'ok' })).toEqual({});
    const errors = validatePatch({ app_name: '', withdraw_fee_rate: '1.5', referral_rates: ['0.1'] } as never);
    expect(errors.app_name).toMatch(/\w/);
    expect(errors.app_name).not.toBe('FIELD_REQUIRED');
    expect(errors.withdraw_fee_rate).toBe('withdrawal fee rate is not valid.');
    expect(errors.referral_rates).toBe('referral rates (levels 1–3) is not valid.');
  });

  it('refuses a longest team name below the shortest', () => {
    expect(crossCheck({ ...configDefaults, team_name_min_length: 8, team_name_max_length: 4 })).toEqual({
      team_name_max_length: 'Must not be below the shortest team name.',
    });
    expect(CROSS_CHECKED.team_name_max_length).toEqual(['team_name_min_length', 'team_name_max_length']);
  });

  it('checks ranges across fields', () => {
    expect(crossCheck(configDefaults)).toEqual({});
    const bad = crossCheck({
      ...configDefaults,
      recharge_min: '100.00',
      recharge_max: '50.00',
      withdraw_hours: { from: '18:00', to: '09:00' },
    });
    expect(Object.keys(bad).sort()).toEqual(['recharge_max', 'withdraw_hours']);
  });

  it('fills missing keys and reads numeric strings', () => {
    const values = withDefaults({ withdraw_fee_rate: 0.04, app_name: 'Y' });
    expect(values.withdraw_fee_rate).toBe('0.04');
    expect(values.app_name).toBe('Y');
    expect(values.timezone).toBe(configDefaults.timezone);
  });

  it('names the field in messages', () => {
    expect(validatePatch({ app_name: '' }).app_name).toBe('Please enter app name.');
  });
});
