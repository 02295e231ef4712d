import { COUPON_STATUSES, type Coupon, type CouponStatus } from '@app/contracts';
import { Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { CouponTerms, CouponValue } from './CouponText';
import { couponsOf } from './useCoupons';
import './coupons.css';

function CouponCard({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  return (
    <div
      className={coupon.status === 'unused' ? 'coupon' : 'coupon spent'}
      data-testid="coupon"
      data-status={coupon.status}
    >
      <div className="coupon-value">
        <strong data-testid="coupon-amount">
          <CouponValue coupon={coupon} />
        </strong>
        <span className="small">{t('coupons.off')}</span>
      </div>
      <div className="coupon-body">
        <div className="coupon-name">{coupon.name}</div>
        <CouponTerms coupon={coupon} />
      </div>
      {coupon.status === 'unused' ? null : (
        <span className="coupon-stamp small">{t(`coupons.status.${coupon.status}`)}</span>
      )}
    </div>
  );
}

/** mine/coupons: my coupons, by status. */
export default function CouponsPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<CouponStatus>('unused');
  return (
    <Page title={t('coupons.title')} padded={false} testId="coupons-page">
      <InfiniteList<Coupon>
        key={status}
        queryKey={couponsOf(status)}
        fetchPage={(cursor) => call(api.coupons.list, { status, cursor, limit: 20 })}
        itemKey={(coupon) => coupon.id}
        renderItem={(coupon) => <CouponCard coupon={coupon} />}
        emptyTitle={t(`coupons.empty.${status}`)}
        emptyHint={status === 'unused' ? t('coupons.emptyHint') : undefined}
        testId="coupons-list"
        header={
          <Tabs
            activeKey={status}
            onChange={(key) => setStatus(key as CouponStatus)}
            className="cycle-tabs coupons-tabs"
          >
            {COUPON_STATUSES.map((each) => (
              <Tabs.Tab
                key={each}
                title={<span data-testid={`coupons-tab-${each}`}>{t(`coupons.status.${each}`)}</span>}
              />
            ))}
          </Tabs>
        }
      />
    </Page>
  );
}
