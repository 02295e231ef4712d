import { type InfiniteData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { DotLoading } from 'antd-mobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { FOOTER_KEYS, FOOTER_LOADING, FOOTER_MORE, type FooterState, footerState } from '../lib/listFooter';
import { Refresh } from './Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from './States';

export interface PageOf<T> {
  items: T[];
  nextCursor: string | null;
}

/** The spec's three-state loading footer; tapping it in state 2 loads the next page. */
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
}

/** Keyset-paged list with pull-to-refresh, skeleton, empty/error states and load-more on scroll. */
export function InfiniteList<T>({
  queryKey,
  fetchPage,
  renderItem,
  itemKey,
  emptyTitle,
  emptyHint,
  testId,
  onRefresh,
}: InfiniteListProps<T>) {
  const query = useInfiniteQuery<PageOf<T>, Error, InfiniteData<PageOf<T>>, QueryKey, string | undefined>({
    queryKey,
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
  const sentinel = useRef<HTMLDivElement>(null);
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
      <div className="padded list" data-testid={testId}>
        {body}
      </div>
    </Refresh>
  );
}
