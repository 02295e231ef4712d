import { describe, expect, it } from 'vitest';
import { inviteRedirect } from './launch';

describe('launch behaviour (docs/product.md#launch-behaviour)', () => {
  it('a share link with code on any path redirects to sign-up carrying the code', () => {
    expect(inviteRedirect('/', '?code=AB12')).toBe('/account/signUp?code=AB12');
    expect(inviteRedirect('/home/info', '?x=1&code=ZZ')).toBe('/account/signUp?code=ZZ');
  });
  it('the sign-in page with an invite redirects to sign-up', () => {
    expect(inviteRedirect('/account/signIn', '?invite=Q1')).toBe('/account/signUp?code=Q1');
    expect(inviteRedirect('/account/signIn', '?code=Q2')).toBe('/account/signUp?code=Q2');
  });
  it('does nothing without a code or on the sign-up page itself', () => {
    expect(inviteRedirect('/home/info', '')).toBeNull();
    expect(inviteRedirect('/account/signUp', '?code=AB')).toBeNull();
    expect(inviteRedirect('/mine/info', '?code=')).toBeNull();
  });
});
