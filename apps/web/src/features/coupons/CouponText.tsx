import type { Coupon } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../api/hooks';
import { formatDate, formatMoney, formatPercent } from '../../lib/format';
import { useSession } from '../../store/session';
import { noMinimum } from './couponMath';

/** "$10.00" off, or "15%" off ("15 %" in French). */
export function CouponValue({ coupon }: { coupon: Pick<Coupon, 'kind' | 'amount'> }) {
  const symbol = useCurrency();
  return <>{coupon.kind === 'amount_off' ? formatMoney(coupon.amount, symbol) : formatPercent(coupon.amount)}</>;
}

export function CouponTerms({ coupon }: { coupon: Coupon }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  const date = formatDate(coupon.expiresAt, language);
  return (
    <>
      <div className="muted small" data-testid="coupon-min-spend">
        {noMinimum(coupon.minSpend)
          ? t('coupons.noMinimum')
          : t('coupons.minSpend', { amount: formatMoney(coupon.minSpend, symbol) })}
      </div>
      <div className="muted small" data-testid="coupon-expiry">
        {coupon.status === 'expired' ? t('coupons.expiredOn', { date }) : t('coupons.validUntil', { date })}
      </div>
    </>
  );
}
