import type { Bill } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useBill, useCurrency } from '../../api/hooks';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { formatMoney, formatPoints } from '../../lib/format';

const BALANCES: (keyof Bill)[] = ['rechargeBalance', 'incomeBalance', 'uncollected', 'points'];
const STATISTICS: (keyof Bill)[] = [
  'totalIncome',
  'totalRecharge',
  'totalWithdrawal',
  'todayIncome',
  'yesterdayIncome',
  'cumulativeIncome',
];

export default function WalletPage() {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const query = useBill();
  const { bill } = query;
  const show = (key: keyof Bill) => (key === 'points' ? formatPoints(bill?.[key]) : formatMoney(bill?.[key], symbol));

  const figure = (key: keyof Bill) => (
    <div className="figure" key={key}>
      <div className="figure-label">{t(`wallet.${key}`)}</div>
      <div className="figure-value" data-testid={`bill-${key}`}>
        {show(key)}
      </div>
    </div>
  );

  let body: ReactNode;
  if (!bill && query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!bill) body = <LoadingSkeleton lines={8} />;
  else
    body = (
      <>
        <div className="card hero">
          <div className="hero-label">{t('wallet.totalAssets')}</div>
          <div className="hero-amount" data-testid="bill-totalAssets">
            {show('totalAssets')}
          </div>
        </div>
        <div className="section-title">{t('wallet.balances')}</div>
        <div className="card grid2">{BALANCES.map(figure)}</div>
        <div className="section-title">{t('wallet.statistics')}</div>
        <div className="card grid2">{STATISTICS.map(figure)}</div>
      </>
    );

  return (
    <Page title={t('wallet.title')} back={false} padded={false} testId="wallet-page">
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">{body}</div>
      </Refresh>
    </Page>
  );
}
