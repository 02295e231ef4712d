import type { PageSlug } from '@app/contracts';

/** The content screens' routes (the spec's where it names them, the team's agreed ones elsewhere). */
export const CONTENT_PATHS = {
  news: '/pagesB/home/news',
  newsItem: '/home/information',
  posts: '/pagesB/home/posts',
  post: '/pagesB/home/postDetails',
  comment: '/pagesB/home/comment',
  guideTypes: '/pagesB/home/guideTypes',
  guides: '/pagesB/home/guides',
  guide: '/pagesB/home/guideDetails',
  honors: '/pages/tabbar/honor/index',
  honor: '/pagesB/honor/details',
} as const;

export const PAGE_PATHS: Record<PageSlug, string> = {
  about: '/contactUs/aboutUs',
  history: '/pagesB/home/history',
  leadership: '/pagesB/home/leadership',
  agreement: '/pagesB/mine/agreement',
  privacy: '/pagesB/mine/privacy',
};

/** A detail screen's address: its route with the item's id as the spec's query parameter. */
export function withId(path: string, id: number, name = 'id'): string {
  return `${path}?${name}=${id}`;
}

/** The positive integer id of a query parameter, or null when it is missing or malformed. */
export function idParam(value: string | null): number | null {
  if (!value || !/^\d{1,10}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * Where a banner leads: a path inside the app (`/pagesB/home/news`) opens as a route, an https
 * address in a new tab; anything else (the contract allows nothing else, but an old row might) is
 * not a link at all.
 */
export function bannerTarget(link: string): { kind: 'route' | 'external'; href: string } | null {
  if (/^\/(?!\/)\S*$/.test(link)) return { kind: 'route', href: link };
  if (/^https:\/\/\S+$/.test(link)) return { kind: 'external', href: link };
  return null;
}
