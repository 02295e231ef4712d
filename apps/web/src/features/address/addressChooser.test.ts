import { describe, expect, it } from 'vitest';
import { chooserPath, chooserTarget, withAddressId } from './addressChooser';

describe('my address as a chooser', () => {
  it('is a chooser only when opened with select=1 and an in-app return path', () => {
    expect(chooserTarget(new URLSearchParams('select=1&returnTo=/pagesB/draw/record?id=4'))).toEqual({
      returnTo: '/pagesB/draw/record?id=4',
    });
    expect(chooserTarget(new URLSearchParams('returnTo=/pagesB/draw/record'))).toEqual({ returnTo: null });
    expect(chooserTarget(new URLSearchParams(''))).toEqual({ returnTo: null });
  });

  it('never returns to another site', () => {
    for (const returnTo of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(chooserTarget(new URLSearchParams({ select: '1', returnTo })).returnTo).toBeNull();
    }
  });

  it('returns with the chosen address added to the return path, keeping its query and hash', () => {
    expect(withAddressId('/pagesB/draw/record', 7)).toBe('/pagesB/draw/record?addressId=7');
    expect(withAddressId('/pagesB/draw/record?id=4#ship', 7)).toBe('/pagesB/draw/record?id=4&addressId=7#ship');
    expect(withAddressId('/x?addressId=1&id=4', 9)).toBe('/x?addressId=9&id=4');
  });

  it('builds the path an opener links to, which reads back as the same return path', () => {
    const path = chooserPath('/pagesB/draw/record?id=4');
    expect(path.startsWith('/pagesB/wallet/myAddress?')).toBe(true);
    const params = new URLSearchParams(path.slice(path.indexOf('?') + 1));
    expect(chooserTarget(params)).toEqual({ returnTo: '/pagesB/draw/record?id=4' });
  });
});
