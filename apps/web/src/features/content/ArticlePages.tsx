import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../api';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { useSession } from '../../store/session';
import { ArticleDetailScreen, ArticleListScreen, DetailState } from './ContentViews';
import { CONTENT_PATHS, idParam, withId } from './contentPaths';
import { contentKeys, useGuideTypes } from './useContent';

/** pagesB/home/news: published news, newest first. */
export function NewsListPage() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <ArticleListScreen
      title={t('content.news.title')}
      testId="news"
      queryKey={contentKeys.news(language)}
      fetchPage={(cursor) => call(api.content.news, { cursor })}
      itemPath={(item) => withId(CONTENT_PATHS.newsItem, item.id)}
      emptyTitle={t('content.news.empty')}
      emptyHint={t('content.news.emptyHint')}
    />
  );
}

/** home/information?id=: one news item. */
export function NewsDetailPage() {
  const { t } = useTranslation();
  return (
    <ArticleDetailScreen kind="newsItem" title={t('content.news.title')} listPath={CONTENT_PATHS.news} testId="news" />
  );
}

/** pages/tabbar/honor/index: the company's honors, a tab page. */
export function HonorPage() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <ArticleListScreen
      title={t('content.honor.title')}
      back={false}
      testId="honor"
      queryKey={contentKeys.honors(language)}
      fetchPage={(cursor) => call(api.content.honors, { cursor })}
      itemPath={(item) => withId(CONTENT_PATHS.honor, item.id)}
      emptyTitle={t('content.honor.empty')}
      emptyHint={t('content.honor.emptyHint')}
    />
  );
}

/** pagesB/honor/details?id=: one honor. */
export function HonorDetailPage() {
  const { t } = useTranslation();
  return (
    <ArticleDetailScreen kind="honor" title={t('content.honor.title')} listPath={CONTENT_PATHS.honors} testId="honor" />
  );
}

/** pagesB/home/guideTypes: "how to make money", its types first. */
export function GuideTypesPage() {
  const { t } = useTranslation();
  const query = useGuideTypes();
  let body: ReactNode;
  if (query.isPending) body = <LoadingSkeleton lines={6} />;
  else if (query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = (
      <EmptyState
        title={t('content.guides.typesEmpty')}
        description={t('content.guides.typesEmptyHint')}
        testId="guide-types-empty"
      />
    );
  else
    body = (
      <div className="guide-types" data-testid="guide-types">
        {query.data.map((type) => (
          <Link
            key={type.id}
            to={withId(CONTENT_PATHS.guides, type.id, 'typeId')}
            className="card guide-type"
            data-testid={`guide-type-${type.id}`}
          >
            {type.image ? <img className="guide-type-image" src={type.image} alt="" loading="lazy" /> : null}
            <span className="guide-type-title">{type.title}</span>
          </Link>
        ))}
      </div>
    );
  return (
    <Page title={t('content.guides.title')} padded={false} testId="guide-types-page">
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">{body}</div>
      </Refresh>
    </Page>
  );
}

/** pagesB/home/guides?typeId=: one type's guides, in the operator's order. */
export function GuidesPage() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const typeId = idParam(useSearchParams()[0].get('typeId'));
  const types = useGuideTypes();
  const title = types.data?.find((type) => type.id === typeId)?.title ?? t('content.guides.title');
  if (typeId === null)
    return (
      <Page title={title} back={CONTENT_PATHS.guideTypes} testId="guide-page">
        <DetailState query={types} invalid listPath={CONTENT_PATHS.guideTypes}>
          {() => null}
        </DetailState>
      </Page>
    );
  return (
    <ArticleListScreen
      title={title}
      back={CONTENT_PATHS.guideTypes}
      testId="guide"
      queryKey={contentKeys.guides(typeId, language)}
      fetchPage={(cursor) => call(api.content.guides, { typeId, cursor })}
      itemPath={(item) => withId(CONTENT_PATHS.guide, item.id)}
      emptyTitle={t('content.guides.empty')}
      emptyHint={t('content.guides.emptyHint')}
    />
  );
}

/** pagesB/home/guideDetails?id=: one guide. */
export function GuideDetailPage() {
  const { t } = useTranslation();
  return (
    <ArticleDetailScreen
      kind="guide"
      title={t('content.guides.title')}
      listPath={CONTENT_PATHS.guideTypes}
      testId="guide"
    />
  );
}
