import { type InfiniteData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { UpOutline } from 'antd-mobile-icons';
import { type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { FOOTER_KEYS, FOOTER_LOADING, FOOTER_MORE, type FooterState, footerState } from '../lib/listFooter';
import { Refresh } from './Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from './States';

export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/** The three-state loading footer (docs/product.md#shared-widgets); tapping it in state 2 loads the next page. */
export function ListFooter({ state, onMore }: { state: FooterState; onMore?: () => void }) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className="list-footer"
      data-testid="list-footer"
      data-state={state}
      disabled={state !== FOOTER_MORE}
      onClick={onMore}
    >
      {state === FOOTER_LOADING ? <DotLoading color="currentColor" /> : null}
      <span>{t(FOOTER_KEYS[state])}</span>
    </button>
  );
}

/** docs/product.md#shared-widgets: the shared scroll list shows back-to-top from this scroll offset on. */
export const BACK_TO_TOP_AT = 600;

/** The nearest ancestor that scrolls vertically (the page body), or null. */
function scrollParent(node: HTMLElement | null): HTMLElement | null {
  for (let el = node?.parentElement ?? null; el; el = el.parentElement) {
    const { overflowY } = getComputedStyle(el);
    if (overflowY === 'auto' || overflowY === 'scroll') return el;
  }
  return null;
}

/** Back-to-top for the list's scroll area: appears from BACK_TO_TOP_AT, scrolls smoothly to the top. */
function BackToTop({ anchor }: { anchor: RefObject<HTMLElement | null> }) {
  const { t } = useTranslation();
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    const el = scrollParent(anchor.current);
    setScroller(el);
    if (!el) return;
    const update = () => setVisible(el.scrollTop >= BACK_TO_TOP_AT);
    update();
    el.addEventListener('scroll', update, { passive: true });
    return () => el.removeEventListener('scroll', update);
  }, [anchor]);
  if (!scroller || !visible) return null;
  const button = (
    <button
      type="button"
      className="back-to-top"
      data-testid="back-to-top"
      aria-label={t('common.backToTop')}
      onClick={() => {
        if (typeof scroller.scrollTo === 'function') scroller.scrollTo({ top: 0, behavior: 'smooth' });
        else scroller.scrollTop = 0;
      }}
    >
      <UpOutline fontSize={18} />
    </button>
  );
  // Rendered in the app shell so it stays put while the list scrolls under it.
  const shell = scroller.closest('.app-shell');
  return shell ? createPortal(button, shell) : button;
}

interface InfiniteListProps<T> {
  queryKey: QueryKey;
  fetchPage: (cursor: string | undefined) => Promise<PageOf<T>>;
  renderItem: (item: T) => ReactNode;
  itemKey: (item: T) => string | number;
  emptyTitle: string;
  emptyHint?: string;
  testId?: string;
  /** Extra work on pull-to-refresh (e.g. the bill). */
  onRefresh?: () => Promise<unknown>;
  /** Shown above the items and pulled to refresh with them (a page's summary and tabs). */
  header?: ReactNode;
}

/** Keyset-paged list with pull-to-refresh, skeleton, empty/error states, load-more on scroll and back-to-top. */
export function InfiniteList<T>({
  queryKey,
  fetchPage,
  renderItem,
  itemKey,
  emptyTitle,
  emptyHint,
  testId,
  onRefresh,
  header,
}: InfiniteListProps<T>) {
  const query = useInfiniteQuery<PageOf<T>, Error, InfiniteData<PageOf<T>>, QueryKey, string | undefined>({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const sentinel = useRef<HTMLDivElement>(null);
  const root = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isError } = query;

  useEffect(() => {
    const node = sentinel.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && hasNextPage && !isFetchingNextPage && !isError) {
        void fetchNextPage();
      }
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);

  const items = query.data?.pages.flatMap((page) => page.items) ?? [];
  let body: ReactNode;
  if (query.isPending) body = <LoadingSkeleton lines={6} />;
  else if (query.isError && items.length === 0) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (items.length === 0) body = <EmptyState title={emptyTitle} description={emptyHint} testId="list-empty" />;
  else
    body = (
      <>
        {items.map((item) => (
          <div key={itemKey(item)}>{renderItem(item)}</div>
        ))}
        <div ref={sentinel}>
          <ListFooter
            state={footerState({ hasNextPage: hasNextPage === true, isFetchingNextPage })}
            onMore={() => void fetchNextPage()}
          />
        </div>
      </>
    );

  return (
    <Refresh onRefresh={() => Promise.all([query.refetch(), onRefresh?.()])}>
      <div className="padded list" data-testid={testId} ref={root}>
        {header}
        {body}
        <BackToTop anchor={root} />
      </div>
    </Refresh>
  );
}
