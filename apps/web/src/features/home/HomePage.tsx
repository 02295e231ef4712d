import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { queryKeys, useBill, useCurrency, useProducts, useUserInfo } from '../../api/hooks';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatMoney, formatRelative } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../store/session';
import { HomeBanners, HomeEntries, HomeMessages, HomeNotices } from '../content/HomeContent';
import { contentKeys } from '../content/useContent';
import { HomeDrawEntries } from '../draws/DrawEntries';
import { HomeEventEntries } from '../events/EventEntries';
import { ProductCard } from '../product/ProductCard';

/** How many products the home page shows before "See all". */
export const HOME_PRODUCTS = 3;

function greetingKey(hour: number): 'home.morning' | 'home.afternoon' | 'home.evening' {
  if (hour < 12) return 'home.morning';
  if (hour < 18) return 'home.afternoon';
  return 'home.evening';
}

/** The greeting and the signed-in user's money at a glance, or the guest's invitation to sign in. */
function HomeSummary() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const token = useSession((s) => s.token);
  const symbol = useCurrency();
  const { user } = useUserInfo();
  const billQuery = useBill();
  const { bill } = billQuery;
  if (!token) {
    return (
      <div className="card hero" data-testid="home-guest">
        <div className="hero-title">
          {t(greetingKey(new Date().getHours()))}, {t('home.guest')}
        </div>
        <p className="hero-hint">{t('home.guestHint')}</p>
        <Button size="small" onClick={() => navigate('/account/signIn')} data-testid="home-signin">
          {t('common.signIn')}
        </Button>
      </div>
    );
  }
  if (billQuery.isError && !bill) return <LoadError onRetry={() => void billQuery.refetch()} />;
  if (!bill) {
    return (
      <div className="card">
        <LoadingSkeleton lines={3} />
      </div>
    );
  }
  return (
    <div className="card hero" data-testid="home-summary">
      <div className="hero-title" data-testid="home-greeting">
        {t(greetingKey(new Date().getHours()))}
        {user?.nickname ? `, ${user.nickname}` : ''}
      </div>
      <div className="hero-label">{t('home.totalAssets')}</div>
      <div className="hero-amount" data-testid="home-total-assets">
        {formatMoney(bill.totalAssets, symbol)}
      </div>
      <div className="hero-row">
        <div>
          <div className="hero-label">{t('home.incomeBalance')}</div>
          <div className="hero-value" data-testid="home-income-balance">
            {formatMoney(bill.incomeBalance, symbol)}
          </div>
        </div>
        <div>
          <div className="hero-label">{t('home.todayIncome')}</div>
          <div className="hero-value" data-testid="home-today-income">
            {formatMoney(bill.todayIncome, symbol)}
          </div>
        </div>
      </div>
    </div>
  );
}

/** The refresh timestamp of the spec's client-held values: when home's own data last arrived. */
function HomeUpdated() {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const updatedAt = Math.max(useBill().dataUpdatedAt, useProducts().dataUpdatedAt);
  if (updatedAt === 0) return null;
  return (
    <div className="home-updated" data-testid="home-updated">
      {t('content.home.updated', { time: formatRelative(updatedAt, language, t('format.justNow')) })}
    </div>
  );
}

function HomeProducts() {
  const { t } = useTranslation();
  const productsQuery = useProducts();
  if (productsQuery.isPending) {
    return (
      <div className="card">
        <LoadingSkeleton lines={3} />
      </div>
    );
  }
  if (productsQuery.isError && !productsQuery.data) return <LoadError onRetry={() => void productsQuery.refetch()} />;
  if (productsQuery.data.length === 0) {
    return (
      <div className="card">
        <EmptyState
          title={t('home.productsEmpty')}
          description={t('home.productsEmptyHint')}
          testId="home-products-empty"
        />
      </div>
    );
  }
  return (
    <div data-testid="home-products">
      {productsQuery.data.slice(0, HOME_PRODUCTS).map((product) => (
        <ProductCard key={product.id} product={product} />
      ))}
    </div>
  );
}

/**
 * Each section reads its own queries, so an answer redraws its section alone: on a phone, home's
 * nine first answers would otherwise each redraw the whole page, every one a blocking render.
 */
export default function HomePage() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  const refresh = () =>
    Promise.all(
      [queryKeys.userInfo, queryKeys.bill, queryKeys.products('all'), contentKeys.all].map((queryKey) =>
        queryClient.refetchQueries({ queryKey, type: 'active' }),
      ),
    );
  return (
    <Page title={t('tabs.home')} back={false} right={<HomeMessages />} padded={false} testId="home-page">
      <Refresh onRefresh={refresh}>
        <div className="padded">
          <HomeBanners />
          <HomeNotices />
          <HomeSummary />
          <HomeUpdated />
          <div className="section-title">{t('home.quickLinks')}</div>
          <HomeEntries />
          {token ? <HomeDrawEntries /> : null}
          {token ? <HomeEventEntries /> : null}
          <div className="section-title with-link">
            <span>{t('home.products')}</span>
            <Link to="/product/list" data-testid="home-products-all">
              {t('home.seeAll')}
            </Link>
          </div>
          <HomeProducts />
        </div>
      </Refresh>
    </Page>
  );
}
