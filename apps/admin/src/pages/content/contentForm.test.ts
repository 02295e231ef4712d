import type { AdminContentItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { emptyContentValues, fallbackLanguages, itemToValues, valuesToInput } from './contentForm.ts';

const six = (en: string, others: Record<string, string> = {}) => ({
  en,
  es: '',
  fr: '',
  vi: '',
  th: '',
  zh: '',
  ...others,
});

const BANNER: AdminContentItem = {
  id: 4,
  type: 'banners',
  status: 'published',
  title: six('Earn every hour', { fr: 'Gagnez chaque heure' }),
  summary: six(''),
  body: six(''),
  image: '/media/0123456789abcdef0123456789abcdef.png',
  link: '/pagesB/home/news',
  slug: null,
  typeId: null,
  commentsOpen: false,
  sort: 2,
  comments: 0,
  publishedAt: '2026-11-27T09:00:00.000Z',
  createdAt: '2026-11-27T09:00:00.000Z',
  updatedAt: '2026-11-27T09:00:00.000Z',
};

describe('the content editor', () => {
  it('starts a draft with every language empty; a post with comments open', () => {
    expect(emptyContentValues('news')).toMatchObject({ published: false, title: six(''), commentsOpen: false });
    expect(emptyContentValues('posts').commentsOpen).toBe(true);
  });

  it("sends a banner's own fields only, every text in the six languages, trimmed", () => {
    const values = itemToValues(BANNER);
    values.title.es = '  Gana cada hora ';
    values.body = six('<p>not a banner field</p>');
    expect(valuesToInput('banners', values)).toEqual({
      title: six('Earn every hour', { fr: 'Gagnez chaque heure', es: 'Gana cada hora' }),
      image: BANNER.image,
      link: '/pagesB/home/news',
      sort: 2,
      status: 'published',
    });
  });

  it('sends a page with its slug and body, and an unpublished item as a draft', () => {
    const values = { ...emptyContentValues('pages'), slug: 'privacy' as const, title: six('Privacy policy') };
    values.body = six('<p>We keep little.</p>', { zh: '<p>我们只保留必要信息。</p>' });
    expect(valuesToInput('pages', values)).toEqual({
      title: six('Privacy policy'),
      body: six('<p>We keep little.</p>', { zh: '<p>我们只保留必要信息。</p>' }),
      slug: 'privacy',
      status: 'draft',
    });
  });

  it('names the languages that will show the English text', () => {
    expect(fallbackLanguages(six('Title', { fr: 'Titre', zh: ' ' }))).toEqual(['es', 'vi', 'th', 'zh']);
  });
});
