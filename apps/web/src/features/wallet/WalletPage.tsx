import type { Bill } from '@app/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useBill, useCurrency } from '../../api/hooks';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { formatMoney, formatPoints } from '../../lib/format';
import { statementPath } from './statement';
import './statement.css';

const BALANCES: (keyof Bill)[] = ['rechargeBalance', 'incomeBalance', 'uncollected', 'points'];
/** The balances that are a wallet of their own: each opens that wallet's statement. */
const STATEMENT_OF: Partial<Record<keyof Bill, string>> = {
  rechargeBalance: statementPath('deposit'),
  incomeBalance: statementPath('income'),
  points: statementPath('points'),
};
/** Entry links to the recharge and withdraw pages. */
export const WALLET_ACTIONS = [
  { to: '/wallet/deposit', label: 'wallet.deposit', testId: 'wallet-deposit' },
  { to: '/wallet/withdraw', label: 'wallet.withdraw', testId: 'wallet-withdraw' },
] as const;

export const WALLET_LINKS = [
  { to: statementPath('deposit'), label: 'statement.menu', testId: 'link-statement' },
  { to: '/wallet/mobileMoney', label: 'links.myAccounts', testId: 'link-my-accounts' },
  { to: '/product/myProduct', label: 'links.myProducts', testId: 'link-my-products' },
  { to: '/product/orderRecord', label: 'links.orderRecords', testId: 'link-order-records' },
  { to: '/wallet/profitRecord', label: 'links.profitRecords', testId: 'link-profit-records' },
  { to: '/wallet/depositRecord', label: 'links.depositRecords', testId: 'link-deposit-records' },
  { to: '/wallet/withdrawRecord', label: 'links.withdrawRecords', testId: 'link-withdraw-records' },
  { to: '/wallet/pointsRecord', label: 'links.pointsRecords', testId: 'link-points-records' },
] as const;

export function EntryLinks() {
  const { t } = useTranslation();
  return (
    <div className="entry-links">
      {WALLET_LINKS.map((link) => (
        <Link key={link.to} to={link.to} className="entry-link" data-testid={link.testId}>
          <span>{t(link.label)}</span>
          <span className="chevron" aria-hidden="true">
            ›
          </span>
        </Link>
      ))}
    </div>
  );
}

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

  const figure = (key: keyof Bill) => {
    const statement = STATEMENT_OF[key];
    const content = (
      <>
        <div className="figure-label">
          {t(`wallet.${key}`)}
          {statement ? (
            <span className="chevron" aria-hidden="true">
              ›
            </span>
          ) : null}
        </div>
        <div className="figure-value" data-testid={`bill-${key}`}>
          {show(key)}
        </div>
      </>
    );
    return statement ? (
      <Link to={statement} className="figure figure-link" key={key} data-testid={`bill-${key}-statement`}>
        {content}
      </Link>
    ) : (
      <div className="figure" key={key}>
        {content}
      </div>
    );
  };

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
          <div className="hero-actions">
            {WALLET_ACTIONS.map((action) => (
              <Link key={action.to} to={action.to} className="hero-action" data-testid={action.testId}>
                {t(action.label)}
              </Link>
            ))}
          </div>
        </div>
        <div className="section-title">{t('wallet.balances')}</div>
        <div className="card grid2">{BALANCES.map(figure)}</div>
        <div className="section-title">{t('wallet.statistics')}</div>
        <div className="card grid2">{STATISTICS.map(figure)}</div>
        <p className="muted small note" data-testid="bill-statistics-hint">
          {t('wallet.statisticsHint')}
        </p>
        <div className="section-title">{t('wallet.more')}</div>
        <EntryLinks />
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
