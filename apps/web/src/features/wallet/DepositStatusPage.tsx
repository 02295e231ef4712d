import { Button, DotLoading, Result } from 'antd-mobile';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api';
import { queryKeys, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { pollDelay } from '../../lib/cash';
import { formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { useQuery } from '../../lib/useQuery';

const RESULT_STATUS = { pending: 'waiting', succeeded: 'success', failed: 'error', expired: 'warning' } as const;

/** wallet/depositStatus?transId=: where the pay page returns; polls every 2 s while pending (2 min at most). */
export default function DepositStatusPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useCurrency();
  const [search] = useSearchParams();
  const transId = search.get('transId') ?? '';
  const startedAt = useRef(Date.now());
  const [, setTick] = useState(0);
  const { bill } = useBill();

  const query = useQuery({
    queryKey: queryKeys.deposit(transId),
    queryFn: () => call(api.cash.getDeposit, {}, { transId }, { quiet: true }),
    enabled: transId !== '',
    refetchInterval: (q) => pollDelay(q.state.data?.status, startedAt.current, Date.now()),
    retry: 1,
  });
  const status = query.data?.status;
  const timedOut = status === 'pending' && pollDelay(status, startedAt.current, Date.now()) === false;

  useEffect(() => {
    if (status && status !== 'pending') {
      void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
      void queryClient.invalidateQueries({ queryKey: queryKeys.deposits });
      void queryClient.invalidateQueries({ queryKey: ['records'] });
    }
  }, [status]);

  // re-render once the polling window closes so the "still pending" advice shows
  useEffect(() => {
    if (status !== 'pending') return;
    const timer = setTimeout(() => setTick((n) => n + 1), Math.max(0, startedAt.current + 121_000 - Date.now()));
    return () => clearTimeout(timer);
  }, [status]);

  const checkAgain = () => {
    startedAt.current = Date.now();
    setTick((n) => n + 1);
    void query.refetch();
  };

  let body: ReactNode;
  if (!transId)
    body = <LoadError message={t('cash.missingTransId')} onRetry={() => navigate('/wallet/depositRecord')} />;
  else if (query.isPending) body = <LoadingSkeleton lines={5} />;
  else if (query.isError || !query.data) body = <LoadError message={query.error?.message} onRetry={checkAgain} />;
  else {
    const deposit = query.data;
    body = (
      <div data-testid="deposit-status" data-status={deposit.status}>
        <Result
          className="result"
          status={RESULT_STATUS[deposit.status]}
          title={t(`cash.status.${deposit.status}`)}
          description={timedOut ? t('cash.stillPending') : t(`cash.statusHint.${deposit.status}`)}
        />
        <div className="card detail-list">
          <div className="detail-row">
            <span className="muted">{t('cash.amount')}</span>
            <strong className="detail-value">{formatMoney(deposit.amount, symbol)}</strong>
          </div>
          <div className="detail-row">
            <span className="muted">{t('cash.transId')}</span>
            <span className="detail-value mono">{deposit.transId}</span>
          </div>
          {deposit.status === 'succeeded' ? (
            <div className="detail-row">
              <span className="muted">{t('wallet.rechargeBalance')}</span>
              <strong className="detail-value" data-testid="deposit-new-balance">
                {formatMoney(bill?.rechargeBalance, symbol)}
              </strong>
            </div>
          ) : null}
        </div>
        {deposit.status === 'pending' && !timedOut ? (
          <div className="center muted">
            <DotLoading color="currentColor" />
          </div>
        ) : null}
        <div className="stack-actions">
          {timedOut ? (
            <Button block color="primary" onClick={checkAgain} data-testid="deposit-check-again">
              {t('cash.checkAgain')}
            </Button>
          ) : null}
          {deposit.status === 'failed' || deposit.status === 'expired' ? (
            <Button block color="primary" onClick={() => navigate('/wallet/deposit')} data-testid="deposit-again">
              {t('cash.rechargeAgain')}
            </Button>
          ) : null}
          <Button
            block
            color={deposit.status === 'succeeded' ? 'primary' : 'default'}
            fill={deposit.status === 'succeeded' ? 'solid' : 'outline'}
            onClick={() => navigate('/wallet/info')}
            data-testid="deposit-back-wallet"
          >
            {t('cash.backToWallet')}
          </Button>
          {deposit.status === 'succeeded' ? (
            <Button block fill="outline" onClick={() => navigate('/wallet/deposit')} data-testid="deposit-again">
              {t('cash.rechargeAgain')}
            </Button>
          ) : null}
        </div>
      </div>
    );
  }

  return (
    <Page title={t('cash.statusTitle')} back="/wallet/info" testId="deposit-status-page">
      {body}
    </Page>
  );
}
