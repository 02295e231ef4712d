import { LANGUAGES, type Translations } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { commentWaitSeconds, contentValues, missingField, newCommentStatus, publication } from './rules.ts';

const NOW = new Date('2026-11-27T09:00:00Z');
const secondsAgo = (seconds: number) => new Date(NOW.getTime() - seconds * 1000);

function text(en: string): Translations {
  return { ...(Object.fromEntries(LANGUAGES.map((lang) => [lang, ''])) as Translations), en };
}

describe('what an item of each type keeps and requires', () => {
  it('keeps only the fields of its type: a banner drops a body, a notice an image', () => {
    const sent = { title: text('T'), body: text('<p>b</p>'), image: '/media/x.png', link: '/a', sort: 4 };
    expect(contentValues('banners', sent)).toMatchObject({
      body: text(''),
      image: '/media/x.png',
      link: '/a',
      sort: 4,
    });
    expect(contentValues('notices', sent)).toMatchObject({ body: text('<p>b</p>'), image: '', link: '', sort: 4 });
    expect(contentValues('news', sent)).toMatchObject({ sort: 0, link: '', commentsOpen: false });
  });

  it('names the first required field left empty, a text field being empty when its English is', () => {
    expect(missingField('news', contentValues('news', { title: text('T'), body: text('') }))).toBe('body');
    expect(missingField('news', contentValues('news', { title: text(''), body: text('<p>b</p>') }))).toBe('title');
    expect(missingField('banners', contentValues('banners', { title: text('T') }))).toBe('image');
    expect(missingField('guides', contentValues('guides', { title: text('T'), body: text('<p>b</p>') }))).toBe(
      'typeId',
    );
    expect(missingField('pages', contentValues('pages', { title: text('T'), body: text('<p>b</p>') }))).toBe('slug');
    expect(missingField('honors', contentValues('honors', { title: text('T') }))).toBeNull();
  });
});

describe('publication', () => {
  it('a draft made public takes the moment; an item already public keeps its date', () => {
    const earlier = secondsAgo(3600);
    expect(publication({ status: 'draft', publishedAt: null }, 'published', NOW)).toEqual({
      status: 'published',
      publishedAt: NOW,
    });
    expect(publication({ status: 'published', publishedAt: earlier }, 'published', NOW).publishedAt).toBe(earlier);
    expect(publication(undefined, 'published', NOW).publishedAt).toBe(NOW);
  });

  it('taking an item back to draft keeps the date it was last published', () => {
    const earlier = secondsAgo(3600);
    expect(publication({ status: 'published', publishedAt: earlier }, 'draft', NOW)).toEqual({
      status: 'draft',
      publishedAt: earlier,
    });
    expect(publication(undefined, 'draft', NOW)).toEqual({ status: 'draft', publishedAt: null });
  });
});

describe('comments', () => {
  it('wait for an operator under pre-moderation and show at once under post-moderation', () => {
    expect(newCommentStatus('pre')).toBe('pending');
    expect(newCommentStatus('post')).toBe('approved');
  });

  const rule = { limit: 3, windowSeconds: 60 };

  it('may be made while fewer than the limit fall in the window', () => {
    expect(commentWaitSeconds([], rule, NOW)).toBe(0);
    expect(commentWaitSeconds([secondsAgo(1), secondsAgo(2)], rule, NOW)).toBe(0);
  });

  it('at the limit, wait until the oldest of the last ones leaves the window, rounded up to the second', () => {
    expect(commentWaitSeconds([secondsAgo(1), secondsAgo(2), secondsAgo(40)], rule, NOW)).toBe(20);
    expect(commentWaitSeconds([secondsAgo(0), secondsAgo(0), new Date(NOW.getTime() - 59_500)], rule, NOW)).toBe(1);
  });

  it('may be made again the instant the window has slid past the oldest', () => {
    expect(commentWaitSeconds([secondsAgo(1), secondsAgo(2), secondsAgo(60)], rule, NOW)).toBe(0);
  });
});
