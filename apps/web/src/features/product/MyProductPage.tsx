import type { HoldingStatus, OutputOf } from '@app/contracts';
import { Button, ProgressBar, Tabs, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, call } from '../../api';
import { queryKeys, useActionKey, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { useNow } from '../../components/Countdown';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { formatDate, formatMoney, formatPercent, formatRelative } from '../../lib/format';
import { incomeLabelKey, isPositive, progressPercent } from '../../lib/productText';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../store/session';
import { ProductImage } from './ProductCard';

type Holding = OutputOf<typeof api.products.holdings>['items'][number];

/** Collects one machine (or all when no id); the generic handler toasts the server's message on failure (weekend…). */
function useCollect() {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const [pending, setPending] = useState<number | 'all' | null>(null);
  const busy = useRef(false);
  const action = useActionKey();
  const collect = async (holdingId?: number) => {
    if (busy.current) return;
    busy.current = true;
    setPending(holdingId ?? 'all');
    try {
      const result = await call(api.products.collect, holdingId === undefined ? {} : { holdingId }, undefined, {
        action,
      });
      Toast.show({
        icon: 'success',
        content: t('holding.collected', { amount: formatMoney(result.collected, symbol) }),
      });
    } catch (e) {
      if (!(e instanceof ApiError)) Toast.show({ content: t('common.loadFailed') });
    } finally {
      busy.current = false;
      setPending(null);
      void queryClient.invalidateQueries({ queryKey: ['holdings'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
    }
  };
  return { collect, pending };
}

function HoldingCard({
  holding,
  now,
  onCollect,
  collecting,
}: {
  holding: Holding;
  now: number;
  onCollect: (id: number) => void;
  collecting: boolean;
}) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  const expired = holding.status === 'expired';
  const percent = progressPercent(holding.cyclesAccrued, holding.cyclesTotal);
  return (
    <div className={expired ? 'card holding expired' : 'card holding'} data-testid={`holding-${holding.id}`}>
      <div className="holding-head">
        <ProductImage src={holding.image} name={holding.productName} />
        <div className="holding-title">
          <div className="product-name">{holding.productName}</div>
          <div className="muted small">
            {t(incomeLabelKey(holding.cycle))}:{' '}
            <span className="accent">{formatMoney(holding.incomePerCycle, symbol)}</span>
          </div>
        </div>
        {expired ? (
          <span className="badge expired-badge" data-testid={`holding-expired-${holding.id}`}>
            {t('holding.machineExpired')}
          </span>
        ) : null}
      </div>
      <div className="holding-progress">
        <div className="muted small">
          {t('holding.cycles', { accrued: holding.cyclesAccrued, total: holding.cyclesTotal })}
        </div>
        <ProgressBar percent={percent} text={formatPercent(percent)} />
      </div>
      <div className="grid2 holding-figures">
        <div>
          <div className="figure-label">{t('holding.uncollected')}</div>
          <div className="figure-value accent" data-testid={`holding-uncollected-${holding.id}`}>
            {formatMoney(holding.uncollected, symbol)}
          </div>
        </div>
        <div>
          <div className="figure-label">{t('holding.earned')}</div>
          <div className="figure-value" data-testid={`holding-earned-${holding.id}`}>
            {formatMoney(holding.earned, symbol)}
          </div>
        </div>
        <div>
          <div className="figure-label">{t('holding.nextIncome')}</div>
          <div className="figure-value small-value">
            {!expired && holding.nextIncomeAt
              ? formatRelative(holding.nextIncomeAt, language, t('format.justNow'), now)
              : '—'}
          </div>
        </div>
        <div>
          <div className="figure-label">{expired ? t('holding.expiredAt') : t('holding.expiresAt')}</div>
          <div className="figure-value small-value">{formatDate(holding.expiresAt, language)}</div>
        </div>
      </div>
      {isPositive(holding.uncollected) ? (
        <Button
          block
          color="primary"
          size="small"
          className="collect-button"
          loading={collecting}
          data-testid={`collect-${holding.id}`}
          onClick={() => onCollect(holding.id)}
        >
          {t('holding.collect')}
        </Button>
      ) : null}
    </div>
  );
}

export default function MyProductPage() {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const [status, setStatus] = useState<HoldingStatus>('holding');
  const { collect, pending } = useCollect();
  const billQuery = useBill();
  const now = useNow(30_000);
  const uncollected = billQuery.bill?.uncollected;

  return (
    <Page title={t('holding.title')} padded={false} testId="my-product-page">
      <div className="collect-bar">
        <div>
          <div className="figure-label">{t('wallet.uncollected')}</div>
          <div className="figure-value accent" data-testid="holdings-uncollected-total">
            {formatMoney(uncollected, symbol)}
          </div>
        </div>
        <Button
          color="primary"
          size="small"
          loading={pending === 'all'}
          data-testid="collect-all"
          onClick={() => void collect()}
        >
          {t('holding.collectAll')}
        </Button>
      </div>
      <div className="muted small collect-hint">{t('holding.weekdaysOnly')}</div>
      <Tabs activeKey={status} onChange={(key) => setStatus(key as HoldingStatus)} className="cycle-tabs">
        <Tabs.Tab key="holding" title={<span data-testid="holding-tab-holding">{t('holding.holding')}</span>} />
        <Tabs.Tab key="expired" title={<span data-testid="holding-tab-expired">{t('holding.expired')}</span>} />
      </Tabs>
      <InfiniteList<Holding>
        key={status}
        queryKey={queryKeys.holdings(status)}
        fetchPage={(cursor) => call(api.products.holdings, { status, cursor, limit: 20 })}
        itemKey={(h) => h.id}
        renderItem={(h) => (
          <HoldingCard holding={h} now={now} onCollect={(id) => void collect(id)} collecting={pending === h.id} />
        )}
        emptyTitle={status === 'holding' ? t('holding.empty') : t('holding.emptyExpired')}
        emptyHint={status === 'holding' ? t('holding.emptyHint') : undefined}
        testId="holding-list"
        onRefresh={() => billQuery.refetch()}
      />
    </Page>
  );
}
