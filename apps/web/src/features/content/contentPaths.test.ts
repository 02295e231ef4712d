import { describe, expect, it } from 'vitest';
import { bannerTarget, CONTENT_PATHS, idParam, withId } from './contentPaths';

describe('content addresses', () => {
  it('put the item in the query, as the spec routes do (home/information?id=)', () => {
    expect(withId(CONTENT_PATHS.newsItem, 12)).toBe('/home/information?id=12');
    expect(withId(CONTENT_PATHS.comment, 3, 'postId')).toBe('/pagesB/home/comment?postId=3');
  });

  it('read an id only when it is a positive whole number', () => {
    expect(idParam('42')).toBe(42);
    for (const bad of [null, '', '0', '-1', '1.5', 'abc', '1e3', '99999999999']) expect(idParam(bad)).toBeNull();
  });
});

describe('where a banner leads', () => {
  it('opens an app path as a route and an https address outside the app', () => {
    expect(bannerTarget('/pagesB/home/news')).toEqual({ kind: 'route', href: '/pagesB/home/news' });
    expect(bannerTarget('https://example.com/a')).toEqual({ kind: 'external', href: 'https://example.com/a' });
  });

  it('is no link at all when empty, protocol-relative or anything a browser would run', () => {
    for (const link of ['', '//evil.example', 'javascript:alert(1)', 'http://plain.example', 'data:text/html,x'])
      expect(bannerTarget(link)).toBeNull();
  });
});
