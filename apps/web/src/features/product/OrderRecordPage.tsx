import type { OutputOf } from '@app/contracts';
import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api';
import { queryKeys, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { compareDecimal } from '../../lib/cash';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useSession } from '../../store/session';
import { statementPath } from '../wallet/statement';
import './orders.css';

type Order = OutputOf<typeof api.products.orders>['items'][number];

/** Whether a coupon took something off the order ("0.00" without one). */
export const discounted = (order: Pick<Order, 'discount'>) => compareDecimal(order.discount || '0', '0') > 0;

const walletLabel = (order: Pick<Order, 'wallet'>) =>
  order.wallet === 'deposit' ? 'wallet.rechargeBalance' : 'wallet.incomeBalance';

/**
 * An order in the list: the amount paid, and with a coupon the list price and what it took off.
 * Without a coupon the price is what was paid, so the one figure says it all.
 */
function OrderRow({ order, onOpen }: { order: Order; onOpen: () => void }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  return (
    <button type="button" className="card record order-row" data-testid={`order-${order.id}`} onClick={onOpen}>
      <span className="record-main">
        <span className="record-title ellipsis">{order.productName}</span>
        <span className="muted small ellipsis">
          {t('orders.orderNo')}: {order.orderNo}
        </span>
        {discounted(order) ? (
          <span className="small order-coupon-line" data-testid="order-discount">
            <span className="muted order-list-price">{formatMoney(order.amount, symbol)}</span>{' '}
            <span className="order-coupon">
              {t('orderDetails.couponOff', { amount: formatMoney(order.discount, symbol) })}
            </span>
          </span>
        ) : null}
        <span className="muted small">{formatDateTime(order.createdAt, language)}</span>
      </span>
      <span className="record-side">
        <span className="amount negative" data-testid="order-paid">
          {formatMoney(order.paid, symbol)}
        </span>
        <span className="muted small">
          {t(walletLabel(order))}
          {order.quantity > 1 ? ` ×${order.quantity}` : ''}
        </span>
      </span>
    </button>
  );
}

function Detail({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="detail-row">
      <span className="muted">{label}</span>
      <span className="detail-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

/** An order's details: all three figures (price, coupon discount, paid) always, a discount of none as 0. */
export function OrderSheet({ order, onClose }: { order: Order | null; onClose: () => void }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  return (
    <Popup visible={order !== null} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet">
      {order ? (
        <div data-testid="order-sheet">
          <div className="sheet-title">{t('orderDetails.title')}</div>
          <div className="detail-list">
            <Detail label={t('orderDetails.product')} value={order.productName} />
            <Detail label={t('orders.orderNo')} value={order.orderNo} testId="order-sheet-no" />
            <Detail label={t('orderDetails.quantity')} value={String(order.quantity)} />
            <Detail
              label={t('orderDetails.amount')}
              value={formatMoney(order.amount, symbol)}
              testId="order-sheet-amount"
            />
            <Detail
              label={t('orderDetails.discount')}
              value={
                discounted(order) ? `-${formatMoney(order.discount, symbol)}` : formatMoney(order.discount, symbol)
              }
              testId="order-sheet-discount"
            />
            <Detail label={t('orderDetails.paid')} value={formatMoney(order.paid, symbol)} testId="order-sheet-paid" />
            <Detail label={t('orderDetails.wallet')} value={t(walletLabel(order))} />
            <Detail label={t('orderDetails.time')} value={formatDateTime(order.createdAt, language)} />
          </div>
          <div className="padded order-sheet-actions">
            <Link
              to={`${statementPath(order.wallet)}&kind=purchase`}
              className="order-statement-link"
              data-testid="order-sheet-statement"
            >
              {t('orderDetails.inStatement')}
            </Link>
            <Button block onClick={onClose}>
              {t('orderDetails.close')}
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );
}

export default function OrderRecordPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Order | null>(null);
  return (
    <Page title={t('orders.title')} padded={false} testId="order-record-page">
      <InfiniteList<Order>
        queryKey={queryKeys.orders}
        fetchPage={(cursor) => call(api.products.orders, { cursor, limit: 20 })}
        itemKey={(o) => o.id}
        emptyTitle={t('orders.empty')}
        emptyHint={t('orders.emptyHint')}
        testId="order-list"
        renderItem={(order) => <OrderRow order={order} onOpen={() => setOpen(order)} />}
      />
      <OrderSheet order={open} onClose={() => setOpen(null)} />
    </Page>
  );
}
