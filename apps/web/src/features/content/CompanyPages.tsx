import { PAGE_SLUG_LABELS, type PageSlug } from '@app/contracts';
import { List, Popup } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { formatDate } from '../../lib/format';
import { useSession } from '../../store/session';
import { DetailState, RichText } from './ContentViews';
import { PAGE_PATHS } from './contentPaths';
import { useCompanyPage } from './useContent';

/** About us leads on to the company's other pages. */
const ABOUT_LINKS = ['history', 'leadership', 'agreement', 'privacy'] as const satisfies readonly PageSlug[];

/** A company page's text: the operator's title and body in the user's language (English where it is empty). */
function CompanyArticle({ slug, query }: { slug: PageSlug; query: ReturnType<typeof useCompanyPage> }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  return (
    <DetailState query={query} listPath="/home/info" backLabel={t('common.back')}>
      {(page) => (
        <article className="card article" data-testid={`page-${slug}-article`}>
          <h1 className="article-heading" data-testid="page-title">
            {page.title}
          </h1>
          <span className="muted small">
            {t('content.pages.updated', { date: formatDate(page.updatedAt, language) })}
          </span>
          <RichText html={page.body} testId="page-body" />
        </article>
      )}
    </DetailState>
  );
}

function CompanyPage({ slug }: { slug: PageSlug }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const query = useCompanyPage(slug);
  return (
    <Page title={query.data?.title ?? PAGE_SLUG_LABELS[slug][language]} padded={false} testId={`page-${slug}`}>
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">
          <CompanyArticle slug={slug} query={query} />
          {slug === 'about' ? (
            <>
              <div className="section-title">{t('content.pages.more')}</div>
              <List className="menu">
                {ABOUT_LINKS.map((link) => (
                  <List.Item key={link} onClick={() => navigate(PAGE_PATHS[link])} data-testid={`about-${link}`}>
                    {PAGE_SLUG_LABELS[link][language]}
                  </List.Item>
                ))}
              </List>
            </>
          ) : null}
        </div>
      </Refresh>
    </Page>
  );
}

/**
 * A company page over the current screen (sign-up's agreement and privacy policy), so that reading
 * it keeps what the user has typed in the form below.
 */
export function CompanyPageSheet({ slug, onClose }: { slug: PageSlug | null; onClose: () => void }) {
  return (
    <Popup visible={slug !== null} onClose={onClose} bodyClassName="sheet company-sheet" showCloseButton destroyOnClose>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scroll area is reached by the keyboard to scroll it (a text without links has nothing else to focus) */}
      <div className="company-sheet-scroll" tabIndex={0}>
        {slug ? <SheetContent slug={slug} /> : null}
      </div>
    </Popup>
  );
}

function SheetContent({ slug }: { slug: PageSlug }) {
  return <CompanyArticle slug={slug} query={useCompanyPage(slug)} />;
}

/** contactUs/aboutUs */
export function AboutUsPage() {
  return <CompanyPage slug="about" />;
}

/** pagesB/home/history */
export function HistoryPage() {
  return <CompanyPage slug="history" />;
}

/** pagesB/home/leadership */
export function LeadershipPage() {
  return <CompanyPage slug="leadership" />;
}

/** pagesB/mine/agreement: linked from sign-up and settings. */
export function AgreementPage() {
  return <CompanyPage slug="agreement" />;
}

/** pagesB/mine/privacy: linked from sign-up and settings. */
export function PrivacyPage() {
  return <CompanyPage slug="privacy" />;
}
