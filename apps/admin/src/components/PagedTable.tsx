import { DownloadOutlined, ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { type InfiniteData, type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { App, Button, Empty, Input, Skeleton, Space, Table, Typography } from 'antd';
import type { ColumnsType, TableProps } from 'antd/es/table';
import { type HTMLAttributes, type ReactNode, useState } from 'react';
import { useSearchParams } from 'react-router';
import { errorText } from '../api.ts';
import { type CsvColumn, csvFilename, downloadCsv, toCsv } from '../lib/csv.ts';
import { ErrorState } from './ErrorState.tsx';
import { namedExpandColumn } from './expandColumn.tsx';

export interface Page<T> {
  items: T[];
  nextCursor: string | null;
}

/** Loads one page; `cursor` undefined means the first page. */
export type PageLoader<T> = (args: { cursor?: string; limit: number; q?: string }) => Promise<Page<T>>;

/** Follows nextCursor until the end (or `maxRows`) and returns every row. */
export async function loadAllPages<T>(
  load: PageLoader<T>,
  q: string | undefined,
  options: { limit?: number; maxRows?: number; onProgress?: (rows: number) => void } = {},
): Promise<{ rows: T[]; truncated: boolean }> {
  const limit = options.limit ?? 100;
  const maxRows = options.maxRows ?? 50_000;
  const rows: T[] = [];
  let cursor: string | undefined;
  const seen = new Set<string>();
  for (;;) {
    const page = await load({ cursor, limit, q });
    rows.push(...page.items);
    options.onProgress?.(rows.length);
    if (!page.nextCursor || page.items.length === 0) return { rows, truncated: false };
    if (rows.length >= maxRows || seen.has(page.nextCursor)) return { rows, truncated: true };
    seen.add(page.nextCursor);
    cursor = page.nextCursor;
  }
}

interface PagedTableProps<T> {
  /** Query key prefix; the search text is appended. Invalidate it after changes. */
  queryKey: QueryKey;
  load: PageLoader<T>;
  columns: ColumnsType<T>;
  rowKey: keyof T & string;
  /** Shows a search box bound to `?q=` in the address. */
  search?: { placeholder: string; label: string; testId?: string };
  /** Adds an "Export CSV" button that exports every page of the current search. */
  csv?: { name: string; columns: CsvColumn<T>[] };
  pageSize?: number;
  refetchInterval?: number | false;
  rowTestId?: string;
  expandable?: TableProps<T>['expandable'];
  emptyText?: string;
  toolbar?: ReactNode;
  caption?: string;
  /** Checkbox selection (bulk actions); the caller keeps the selected keys. */
  rowSelection?: TableProps<T>['rowSelection'];
}

/** A keyset-paginated table: search, "Load more" via nextCursor, CSV export of all pages. */
export function PagedTable<T extends object>({
  queryKey,
  load,
  columns,
  rowKey,
  search,
  csv,
  pageSize = 20,
  refetchInterval = false,
  rowTestId,
  expandable,
  emptyText = 'Nothing here yet.',
  toolbar,
  caption,
  rowSelection,
}: PagedTableProps<T>) {
  const { message } = App.useApp();
  const [params, setParams] = useSearchParams();
  const q = (search ? params.get('q') : null)?.trim() || undefined;
  const [draft, setDraft] = useState(q ?? '');
  const [exporting, setExporting] = useState<number | null>(null);

  const query = useInfiniteQuery<Page<T>, Error, InfiniteData<Page<T>>, QueryKey, string | undefined>({
    queryKey: [...queryKey, { q }],
    queryFn: ({ pageParam }) => load({ cursor: pageParam, limit: pageSize, q }),
    initialPageParam: undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval,
  });

  const rows = query.data?.pages.flatMap((page) => page.items) ?? [];

  const submitSearch = (value: string) => {
    const next = new URLSearchParams(params);
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    setParams(next, { replace: true });
  };

  const exportCsv = async () => {
    if (!csv) return;
    setExporting(0);
    try {
      const { rows: all, truncated } = await loadAllPages(load, q, { onProgress: setExporting });
      downloadCsv(csvFilename(csv.name), toCsv(csv.columns, all));
      if (truncated)
        message.warning(`Exported the first ${all.length} rows only. Narrow the search to export the rest.`);
      else message.success(`Exported ${all.length} ${all.length === 1 ? 'row' : 'rows'}.`);
    } catch (error) {
      message.error(`Export failed: ${errorText(error)}`);
    } finally {
      setExporting(null);
    }
  };

  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          {search && (
            <form
              aria-label={search.label}
              onSubmit={(event) => {
                event.preventDefault();
                submitSearch(draft);
              }}
            >
              <Space.Compact>
                <Input
                  allowClear
                  type="search"
                  aria-label={search.label}
                  placeholder={search.placeholder}
                  value={draft}
                  onChange={(event) => {
                    setDraft(event.target.value);
                    if (!event.target.value) submitSearch('');
                  }}
                  // Narrower on a phone, beside its button within the screen.
                  style={{ width: 320, maxWidth: 'calc(100vw - 150px)' }}
                  data-testid={search.testId}
                />
                <Button type="primary" htmlType="submit" icon={<SearchOutlined />}>
                  Search
                </Button>
              </Space.Compact>
            </form>
          )}
          {toolbar}
        </Space>
        <Space wrap>
          <Button icon={<ReloadOutlined />} onClick={() => query.refetch()} loading={query.isRefetching}>
            Refresh
          </Button>
          {csv && (
            <Button
              icon={<DownloadOutlined />}
              onClick={exportCsv}
              loading={exporting !== null}
              disabled={rows.length === 0}
              data-testid={`${csv.name}-export`}
            >
              {exporting !== null ? `Exporting… ${exporting}` : 'Export CSV'}
            </Button>
          )}
        </Space>
      </Space>

      {query.isError && !query.data ? (
        <ErrorState error={query.error} onRetry={() => query.refetch()} />
      ) : query.isPending ? (
        <Skeleton active paragraph={{ rows: 6 }} />
      ) : (
        <>
          {query.isError && <ErrorState error={query.error} onRetry={() => query.refetch()} />}
          <Table<T>
            rowKey={rowKey}
            columns={columns}
            dataSource={rows}
            pagination={false}
            size="middle"
            scroll={{ x: 'max-content' }}
            expandable={namedExpandColumn(expandable)}
            rowSelection={rowSelection}
            title={caption ? () => <Typography.Text type="secondary">{caption}</Typography.Text> : undefined}
            onRow={rowTestId ? () => ({ 'data-testid': rowTestId }) as HTMLAttributes<HTMLElement> : undefined}
            locale={{
              emptyText: (
                <Empty
                  image={Empty.PRESENTED_IMAGE_SIMPLE}
                  description={q ? `No results for “${q}”. Check the spelling or clear the search.` : emptyText}
                />
              ),
            }}
          />
          <Space style={{ width: '100%', justifyContent: 'center' }}>
            {query.hasNextPage ? (
              <Button onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage} data-testid="load-more">
                Load more
              </Button>
            ) : rows.length > 0 ? (
              <Typography.Text type="secondary">
                {rows.length} {rows.length === 1 ? 'row' : 'rows'} — end of list
              </Typography.Text>
            ) : null}
          </Space>
        </>
      )}
    </Space>
  );
}
