import type { Product } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useCurrency } from '../../api/hooks';
import { Countdown } from '../../components/Countdown';
import { formatMoney, formatPercent } from '../../lib/format';
import { durationKey, incomeLabelKey } from '../../lib/productText';

export function ProductImage({ src, name, large }: { src: string; name: string; large?: boolean }) {
  return src ? (
    <img className={large ? 'product-image large' : 'product-image'} src={src} alt={name} loading="lazy" />
  ) : (
    <div className={large ? 'product-image placeholder large' : 'product-image placeholder'} aria-hidden="true">
      <span>{name.slice(0, 1).toUpperCase() || '?'}</span>
    </div>
  );
}

/** "Unlimited" for 0, else "3 per person". */
export function useLimitText() {
  const { t } = useTranslation();
  return (limit: number) => (limit > 0 ? t('product.limitValue', { count: limit }) : t('product.unlimited'));
}

export function ProductCard({ product }: { product: Product }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useCurrency();
  const limitText = useLimitText();
  const open = () => navigate(`/product/info?id=${product.id}`);
  return (
    <button type="button" className="card product-card" data-testid={`product-card-${product.id}`} onClick={open}>
      <div className="product-head">
        <ProductImage src={product.image} name={product.name} />
        <div className="product-title">
          <div className="product-name">{product.name}</div>
          <div className="product-price">{formatMoney(product.price, symbol)}</div>
          {product.limitedTime && product.saleEndsAt ? (
            <div className="limited">
              <span className="badge">{t('product.limited')}</span>
              <Countdown until={product.saleEndsAt} testId={`product-countdown-${product.id}`} />
            </div>
          ) : null}
        </div>
      </div>
      <div className="product-figures">
        <div>
          <div className="figure-label">{t(incomeLabelKey(product.cycle))}</div>
          <div className="figure-value accent">{formatMoney(product.incomePerCycle, symbol)}</div>
        </div>
        <div>
          <div className="figure-label">{t('product.totalReturnRate')}</div>
          <div className="figure-value accent">{formatPercent(product.totalReturnRate)}</div>
        </div>
        <div>
          <div className="figure-label">{t('product.durationLabel')}</div>
          <div className="figure-value">{t(durationKey(product.cycle), { count: product.cycles })}</div>
        </div>
      </div>
      <div className="product-meta muted small">
        <span>{t('product.pointsValue', { count: product.points })}</span>
        <span>{t('product.soldValue', { count: product.sold })}</span>
        <span>
          {t('product.limit')}: {limitText(product.purchaseLimit)}
        </span>
      </div>
    </button>
  );
}
