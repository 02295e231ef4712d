import type { Article, ArticleSummary } from '@app/contracts';
import type { QueryKey, UseQueryResult } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api';
import { InfiniteList, type PageOf } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatRelative } from '../../lib/format';
import { useSession } from '../../store/session';
import { idParam } from './contentPaths';
import { type ItemKind, useItem } from './useContent';
import './content.css';

/**
 * Operator content: the server sanitizes it with its allow-list before storing it, so it is
 * inserted as HTML here and nowhere else. User texts (comments) never come through this.
 */
export function RichText({ html, testId }: { html: string; testId?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by the server's allow-list (docs/decisions.md)
  return <div className="rich-text" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

/** A time as the spec says: "just now" under 5 minutes, then minutes, hours, days, then the date. */
export function RelativeTime({ value, testId }: { value: string; testId?: string }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <time className="muted small" dateTime={value} data-testid={testId}>
      {formatRelative(value, language, t('format.justNow'))}
    </time>
  );
}

/** One line of a content list: its image, title, summary and when it was published. */
export function ArticleCard({
  item,
  to,
  testId,
  extra,
}: {
  item: ArticleSummary;
  to: string;
  testId: string;
  extra?: ReactNode;
}) {
  return (
    <Link to={to} className="card article-card" data-testid={testId}>
      {item.image ? <img className="article-thumb" src={item.image} alt="" loading="lazy" /> : null}
      <span className="article-text">
        <span className="article-title">{item.title}</span>
        {item.summary ? <span className="muted small article-summary">{item.summary}</span> : null}
        <span className="article-meta">
          <RelativeTime value={item.publishedAt} />
          {extra}
        </span>
      </span>
    </Link>
  );
}

/** A detail screen's body through its load: skeleton, "no longer available", an error with retry, the item. */
export function DetailState<T>({
  query,
  invalid = false,
  listPath,
  backLabel,
  children,
}: {
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'refetch'>;
  /** The address named no item (no id, or not a number): nothing to load. */
  invalid?: boolean;
  listPath: string;
  /** The button's words when the way out is not a list. */
  backLabel?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const missing = (message: string) => (
    <div className="center-column">
      <EmptyState title={message} description={t('content.notFoundHint')} testId="content-missing" />
      <Button color="primary" size="small" onClick={() => navigate(listPath, { replace: true })}>
        {backLabel ?? t('content.backToList')}
      </Button>
    </div>
  );
  if (invalid) return missing(t('content.notFound'));
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error instanceof ApiError && query.error.kind === 'business') return missing(query.error.msg);
  if (query.error) return <LoadError onRetry={() => void query.refetch()} />;
  return <LoadingSkeleton lines={8} />;
}

/** A news item, guide or honor as its detail screen shows it. */
export function ArticleView({ article, testId }: { article: Article; testId: string }) {
  return (
    <article className="article" data-testid={testId}>
      <h1 className="article-heading" data-testid="article-title">
        {article.title}
      </h1>
      <RelativeTime value={article.publishedAt} testId="article-time" />
      {article.image ? <img className="article-image" src={article.image} alt="" /> : null}
      <RichText html={article.body} testId="article-body" />
    </article>
  );
}

/** A content list screen: its items as cards, pulled to refresh, paged as the reader scrolls. */
export function ArticleListScreen<T extends ArticleSummary>({
  title,
  back,
  testId,
  queryKey,
  fetchPage,
  itemPath,
  extra,
  emptyTitle,
  emptyHint,
}: {
  title: string;
  back?: string | false;
  /** The page's test id; the list's is `<testId>-list`, each card's `<testId>-<item id>`. */
  testId: string;
  queryKey: QueryKey;
  fetchPage: (cursor: string | undefined) => Promise<PageOf<T>>;
  itemPath: (item: T) => string;
  extra?: (item: T) => ReactNode;
  emptyTitle: string;
  emptyHint: string;
}) {
  return (
    <Page title={title} back={back} padded={false} testId={`${testId}-page`}>
      <InfiniteList<T>
        queryKey={queryKey}
        fetchPage={fetchPage}
        itemKey={(item) => item.id}
        renderItem={(item) => (
          <ArticleCard item={item} to={itemPath(item)} testId={`${testId}-${item.id}`} extra={extra?.(item)} />
        )}
        emptyTitle={emptyTitle}
        emptyHint={emptyHint}
        testId={`${testId}-list`}
      />
    </Page>
  );
}

/** A detail screen of a news item, guide or honor: the item named by the address's `?id=`. */
export function ArticleDetailScreen({
  kind,
  title,
  listPath,
  testId,
}: {
  kind: Exclude<ItemKind, 'post'>;
  title: string;
  listPath: string;
  testId: string;
}) {
  const id = idParam(useSearchParams()[0].get('id'));
  const query = useItem(kind, id);
  return (
    <Page title={title} testId={`${testId}-detail-page`}>
      <DetailState query={query} invalid={id === null} listPath={listPath}>
        {(item) => <ArticleView article={item} testId={`${testId}-article`} />}
      </DetailState>
    </Page>
  );
}
