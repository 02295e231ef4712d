import { type AdminEvent, configDefaults } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { platformFormatOf, setPlatformFormat } from '../../lib/format.ts';
import { emptyEventValues, eventToValues, rewardText, validateEvent, valuesToInput } from './eventForm.ts';

const EVENT: AdminEvent = {
  id: 3,
  kind: 'anniversary',
  title: 'Our anniversary',
  titleI18n: { en: 'Our anniversary', fr: 'Notre anniversaire' },
  bodyI18n: { en: 'Cake for all.' },
  startsAt: '2026-12-01T10:00:00.000Z',
  endsAt: '2026-12-02T10:00:00.000Z',
  capacity: 50,
  signups: 4,
  status: 'on',
  reward: { kind: 'points', amount: '20' },
};

describe('the event form', () => {
  it('starts as a switched-off conference without a reward', () => {
    const values = emptyEventValues(new Date('2026-11-01T00:00:00Z'), 'Africa/Lagos');
    expect(values).toMatchObject({ kind: 'conference', status: 'off', rewardKind: 'none', capacity: 100 });
    expect(validateEvent({ ...values, title: { en: 'Launch' } })).toEqual([]);
  });

  it('a new event starts at the next whole hour of the platform’s time zone and ends a week later', () => {
    // 10:10 in Lagos: from 11:00 to 11:00 a week later.
    expect(emptyEventValues(new Date('2026-11-01T09:10:00Z'), 'Africa/Lagos')).toMatchObject({
      startsAt: '2026-11-01T10:00:00.000Z',
      endsAt: '2026-11-08T10:00:00.000Z',
    });
    // On the hour, the next one.
    expect(emptyEventValues(new Date('2026-11-01T09:00:00Z'), 'Africa/Lagos').startsAt).toBe(
      '2026-11-01T10:00:00.000Z',
    );
  });

  it('the whole hour is the platform’s, wherever the browser is: 14:40 in Kolkata starts at 15:00 there', () => {
    expect(emptyEventValues(new Date('2026-11-01T09:10:00Z'), 'Asia/Kolkata')).toMatchObject({
      startsAt: '2026-11-01T09:30:00.000Z',
      endsAt: '2026-11-08T09:30:00.000Z',
    });
  });

  it('a week later is the same time of day on the platform’s clock, across a change of summer time', () => {
    // 12:10 in New York on Saturday 31 October 2026; summer time ends on 1 November.
    expect(emptyEventValues(new Date('2026-10-31T16:10:00Z'), 'America/New_York')).toMatchObject({
      startsAt: '2026-10-31T17:00:00.000Z',
      endsAt: '2026-11-07T18:00:00.000Z',
    });
  });

  it('takes the platform’s time zone from its settings', () => {
    setPlatformFormat(platformFormatOf({ ...configDefaults, timezone: 'Asia/Kolkata' }, 'en-US'));
    try {
      expect(emptyEventValues(new Date('2026-11-01T09:10:00Z')).startsAt).toBe('2026-11-01T09:30:00.000Z');
    } finally {
      setPlatformFormat(platformFormatOf(configDefaults, 'en-US'));
    }
  });

  it('sends an edited event back as it was, empty translations left out', () => {
    const values = eventToValues(EVENT);
    values.title.es = '  ';
    expect(valuesToInput(values)).toEqual({
      kind: 'anniversary',
      title: { en: 'Our anniversary', fr: 'Notre anniversaire' },
      body: { en: 'Cake for all.' },
      startsAt: EVENT.startsAt,
      endsAt: EVENT.endsAt,
      capacity: 50,
      status: 'on',
      reward: { kind: 'points', amount: '20' },
    });
  });

  it('requires an English title, an end after the start and a seat', () => {
    const values = { ...eventToValues(EVENT), title: { fr: 'Seulement' }, endsAt: EVENT.startsAt, capacity: 0 };
    expect(validateEvent(values).map((issue) => issue.name.join('.'))).toEqual(['title.en', 'endsAt', 'capacity']);
  });

  it('requires a reward above zero, in whole points for points', () => {
    const base = eventToValues(EVENT);
    expect(validateEvent({ ...base, rewardKind: 'points', rewardAmount: '1.5' })).toHaveLength(1);
    expect(validateEvent({ ...base, rewardKind: 'cash', rewardAmount: '0.00' })).toHaveLength(1);
    expect(validateEvent({ ...base, rewardKind: 'cash', rewardAmount: '2.50' })).toEqual([]);
    expect(valuesToInput({ ...base, rewardKind: 'none', rewardAmount: '9' }).reward).toBeNull();
  });

  it('writes a reward as money or points', () => {
    setPlatformFormat(platformFormatOf(configDefaults, 'en-US'));
    expect(rewardText({ kind: 'cash', amount: '5.00' })).toBe('$5.00');
    expect(rewardText({ kind: 'points', amount: '1200' })).toBe('1,200 points');
    expect(rewardText(null)).toBe('—');
  });
});
