import { describe, expect, it } from 'vitest';
import { renderNotice } from './notice-rules.ts';
import { audienceOf, CONTACT_OPEN_MAX, contactMoveRefusal, contactRefusal } from './rules.ts';

const MONEY = { decimals: 2, symbol: '$' };

describe('the audience of a broadcast', () => {
  it('everyone and a VIP level are one row with no list', () => {
    expect(audienceOf('all')).toEqual({ audience: 'all', vipLevel: null, userIds: [] });
    expect(audienceOf({ vip: 3 })).toEqual({ audience: 'vip', vipLevel: 3, userIds: [] });
  });

  it('chosen users are listed once each, in order', () => {
    expect(audienceOf({ userIds: [9, 2, 9, 5] })).toEqual({ audience: 'users', vipLevel: null, userIds: [2, 5, 9] });
  });
});

describe('the contact form', () => {
  it(`a user may have ${CONTACT_OPEN_MAX} messages waiting; the next is refused`, () => {
    expect(contactRefusal(CONTACT_OPEN_MAX - 1)).toBeNull();
    expect(contactRefusal(CONTACT_OPEN_MAX)).toBe('CONTACT_TOO_MANY');
  });

  it('an open or answered message may be answered or closed; a closed one may not; a missing one is not found', () => {
    expect(contactMoveRefusal('open')).toBeNull();
    expect(contactMoveRefusal('replied')).toBeNull();
    expect(contactMoveRefusal('closed')).toBe('CONTACT_CLOSED');
    expect(contactMoveRefusal(undefined)).toBe('CONTACT_NOT_FOUND');
  });
});

describe("the product's notices", () => {
  it('are written in the reader’s language, with the amount as the app writes money', () => {
    expect(renderNotice('withdrawal_paid', { amount: '125000' }, 'en', MONEY)).toEqual({
      title: 'Withdrawal paid',
      body: 'Your withdrawal of $1,250.00 has been paid.',
    });
    expect(renderNotice('withdrawal_paid', { amount: '125000' }, 'th', MONEY).title).toBe('จ่ายเงินถอนแล้ว');
  });

  it('name a level or prize in the reader’s language, falling back to English', () => {
    const level = { en: 'Gold', fr: 'Or' };
    expect(renderNotice('level_reached', { level }, 'fr', MONEY).body).toBe(
      'Félicitations ! Vous avez atteint le niveau Or.',
    );
    expect(renderNotice('level_reached', { level }, 'vi', MONEY).body).toBe('Chúc mừng! Bạn đã đạt cấp Gold.');
  });

  it("show support's reply as it was written", () => {
    expect(renderNotice('contact_reply', { reply: 'Done {amount}' }, 'es', MONEY)).toEqual({
      title: 'Respuesta del servicio de atención',
      body: 'Done {amount}',
    });
  });
});
