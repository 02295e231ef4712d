import { describe, expect, it } from 'vitest';
import { inviteUrl, maskAccount, memberNickname, teamFigures } from './rules.ts';

describe('a team member’s account as their upline sees it', () => {
  it('an email keeps the first two letters of its name and its whole domain', () => {
    expect(maskAccount('abcdef@mail.com')).toBe('ab***@mail.com');
  });

  it('an email name of one or two letters keeps only the first', () => {
    expect(maskAccount('ab@mail.com')).toBe('a***@mail.com');
    expect(maskAccount('a@mail.com')).toBe('a***@mail.com');
  });

  it('a phone keeps its first and last three digits', () => {
    expect(maskAccount('08012345567')).toBe('080****567');
  });

  it('an international phone keeps its plus sign besides the three digits', () => {
    expect(maskAccount('+2348012345567')).toBe('+234****567');
  });

  it('a short phone keeps one digit at each end', () => {
    expect(maskAccount('123456')).toBe('1****6');
  });

  it('the marks are as many however long the hidden part', () => {
    expect(maskAccount('0801234567890')).toBe('080****890');
    expect(maskAccount('abcdefghijklmnop@x.io')).toBe('ab***@x.io');
  });
});

describe('a team member’s nickname as their upline sees it', () => {
  it('the sign-up default of an email (its name) is masked', () => {
    expect(memberNickname('abcdef', 'abcdef@mail.com')).toBe('ab***');
  });

  it('the sign-up default of a phone (its last four digits) is masked', () => {
    expect(memberNickname('User5567', '08012345567')).toBe('Us***');
  });

  it('a nickname the member chose is shown as it is', () => {
    expect(memberNickname('Lucky Miner', 'abcdef@mail.com')).toBe('Lucky Miner');
    expect(memberNickname('Ada', '08012345567')).toBe('Ada');
  });
});

describe('the invite link', () => {
  it('is the sign-up page of the public address with the code', () => {
    expect(inviteUrl('https://minerva.example/', 'AB12CD3')).toBe(
      'https://minerva.example/account/signUp?code=AB12CD3',
    );
  });
});

describe('a team’s figures', () => {
  it('show all three levels, zero where nobody is yet, with the size and total commission', () => {
    expect(
      teamFigures([
        { depth: 1, members: 2, commission: 1500n },
        { depth: 3, members: 1, commission: 40n },
      ]),
    ).toEqual({
      levels: [
        { level: 1, members: 2, commission: 1500n },
        { level: 2, members: 0, commission: 0n },
        { level: 3, members: 1, commission: 40n },
      ],
      teamSize: 3,
      totalCommission: 1540n,
    });
  });
});
