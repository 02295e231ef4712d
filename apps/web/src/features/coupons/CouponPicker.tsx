import type { Coupon } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useAppConfig, useCurrency } from '../../api/hooks';
import { formatDate, formatMoney } from '../../lib/format';
import { useSession } from '../../store/session';
import { CouponValue } from './CouponText';
import { couponDiscount, noMinimum } from './couponMath';
import './coupons.css';

/**
 * The purchase sheet's coupon choice: "no coupon" and each usable coupon with what it saves on
 * this order. Shown only when the user has a usable coupon, so a purchase without one looks and
 * works as before.
 */
export function CouponPicker({
  coupons,
  orderAmount,
  chosen,
  onChoose,
}: {
  coupons: Coupon[];
  orderAmount: string;
  chosen: number | null;
  onChoose: (id: number | null) => void;
}) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const decimals = useAppConfig().config?.app_currency_decimals ?? 2;
  const language = useSession((s) => s.language);
  return (
    <>
      <div className="section-title small-title">{t('coupons.use')}</div>
      <div className="coupon-choice">
        <button
          type="button"
          aria-pressed={chosen === null}
          className={chosen === null ? 'coupon-option active' : 'coupon-option'}
          data-testid="purchase-coupon-none"
          onClick={() => onChoose(null)}
        >
          <span>{t('coupons.none')}</span>
        </button>
        {coupons.map((coupon) => (
          <button
            key={coupon.id}
            type="button"
            aria-pressed={chosen === coupon.id}
            className={chosen === coupon.id ? 'coupon-option active' : 'coupon-option'}
            data-testid={`purchase-coupon-${coupon.id}`}
            onClick={() => onChoose(coupon.id)}
          >
            <span className="coupon-option-text">
              <span>
                {coupon.name} · <CouponValue coupon={coupon} /> {t('coupons.off')}
              </span>
              <span className="muted">
                {noMinimum(coupon.minSpend)
                  ? t('coupons.noMinimum')
                  : t('coupons.minSpend', { amount: formatMoney(coupon.minSpend, symbol) })}{' '}
                · {t('coupons.validUntil', { date: formatDate(coupon.expiresAt, language) })}
              </span>
            </span>
            <strong>−{formatMoney(couponDiscount(coupon, orderAmount, decimals), symbol)}</strong>
          </button>
        ))}
      </div>
    </>
  );
}
