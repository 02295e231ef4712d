import type { OutputOf } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { queryKeys, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useSession } from '../../store/session';

type Order = OutputOf<typeof api.products.orders>['items'][number];

export default function OrderRecordPage() {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  return (
    <Page title={t('orders.title')} padded={false} testId="order-record-page">
      <InfiniteList<Order>
        queryKey={queryKeys.orders}
        fetchPage={(cursor) => call(api.products.orders, { cursor, limit: 20 })}
        itemKey={(o) => o.id}
        emptyTitle={t('orders.empty')}
        emptyHint={t('orders.emptyHint')}
        testId="order-list"
        renderItem={(order) => (
          <div className="card record order-row" data-testid={`order-${order.id}`}>
            <div className="record-main">
              <div className="record-title ellipsis">{order.productName}</div>
              <div className="muted small ellipsis">
                {t('orders.orderNo')}: {order.orderNo}
              </div>
              <div className="muted small">{formatDateTime(order.createdAt, language)}</div>
            </div>
            <div className="record-side">
              <div className="amount negative">{formatMoney(order.amount, symbol)}</div>
              <div className="muted small">
                {t(order.wallet === 'deposit' ? 'wallet.rechargeBalance' : 'wallet.incomeBalance')}
                {order.quantity > 1 ? ` ×${order.quantity}` : ''}
              </div>
            </div>
          </div>
        )}
      />
    </Page>
  );
}
