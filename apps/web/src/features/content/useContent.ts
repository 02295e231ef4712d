import type { OutputOf, PageSlug } from '@app/contracts';
import { call } from '../../api';
import { api } from '../../api/routes';
import { useQuery } from '../../lib/useQuery';
import { useSession } from '../../store/session';

/**
 * Content comes in the request's language (English where that one is empty), so every key carries
 * the language: switching it asks again instead of showing the last language's text.
 */
export const contentKeys = {
  all: ['content'] as const,
  banners: (language: string) => ['content', 'banners', language] as const,
  notices: (language: string) => ['content', 'notices', language] as const,
  news: (language: string) => ['content', 'news', language] as const,
  item: (kind: string, id: number, language: string) => ['content', kind, id, language] as const,
  posts: (language: string) => ['content', 'posts', language] as const,
  comments: (postId: number) => ['content', 'comments', postId] as const,
  guideTypes: (language: string) => ['content', 'guideTypes', language] as const,
  guides: (typeId: number, language: string) => ['content', 'guides', typeId, language] as const,
  honors: (language: string) => ['content', 'honors', language] as const,
  page: (slug: PageSlug, language: string) => ['content', 'page', slug, language] as const,
};

/** A detail screen shows "no longer available" itself, so a missing item is not toasted as well. */
const quietly = { quiet: true } as const;

function useLanguage() {
  return useSession((s) => s.language);
}

export function useBanners() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.banners(language), queryFn: () => call(api.content.banners, {}) });
}

export function useNotices() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.notices(language), queryFn: () => call(api.content.notices, {}) });
}

export function useGuideTypes() {
  const language = useLanguage();
  return useQuery({ queryKey: contentKeys.guideTypes(language), queryFn: () => call(api.content.guideTypes, {}) });
}

/** The detail endpoints, one per kind of item, each answering one item by id. */
const ITEMS = {
  newsItem: api.content.newsItem,
  post: api.content.post,
  guide: api.content.guide,
  honor: api.content.honor,
} as const;
export type ItemKind = keyof typeof ITEMS;

/** One item by the id of its address; nothing is asked for an address without one. */
export function useItem<K extends ItemKind>(kind: K, id: number | null) {
  const language = useLanguage();
  return useQuery({
    queryKey: contentKeys.item(kind, id ?? 0, language),
    queryFn: () =>
      call(ITEMS[kind] as (typeof ITEMS)['newsItem'], {}, { id: id ?? 0 }, quietly) as Promise<
        OutputOf<(typeof ITEMS)[K]>
      >,
    enabled: id !== null,
  });
}

export function useCompanyPage(slug: PageSlug) {
  const language = useLanguage();
  return useQuery({
    queryKey: contentKeys.page(slug, language),
    queryFn: () => call(api.content.page, {}, { slug }, quietly),
  });
}
