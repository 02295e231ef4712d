import { Button, Dialog } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrency, useProduct } from '../../api/hooks';
import { Countdown } from '../../components/Countdown';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatDateTime, formatMoney, formatPercent } from '../../lib/format';
import { durationKey, incomeLabelKey } from '../../lib/productText';
import { useSession } from '../../store/session';
import { ProductImage, useLimitText } from './ProductCard';
import { PurchasePopup } from './PurchasePopup';

export default function ProductInfoPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const token = useSession((s) => s.token);
  const language = useSession((s) => s.language);
  const symbol = useCurrency();
  const limitText = useLimitText();
  const query = useProduct(id);
  const [buying, setBuying] = useState(false);
  const product = query.data;

  /** A visitor who is not signed in is told so (docs/product.md#roles), and signs in from the notice. */
  const askToSignIn = async (returnTo: string) => {
    const signIn = await Dialog.confirm({
      content: t('common.notLoggedIn'),
      confirmText: t('common.signIn'),
      cancelText: t('common.cancel'),
    });
    if (signIn) navigate('/account/signIn', { state: { returnTo } });
  };

  let body: ReactNode;
  if (!Number.isInteger(id) || id <= 0) body = <EmptyState title={t('product.notFound')} testId="product-not-found" />;
  else if (query.isPending) body = <LoadingSkeleton lines={8} />;
  else if (query.isError || !product) body = <LoadError onRetry={() => void query.refetch()} />;
  else {
    const ended = product.saleEndsAt !== null && Date.parse(product.saleEndsAt) <= Date.now();
    const reachedLimit = product.purchaseLimit > 0 && product.purchased >= product.purchaseLimit;
    const soldOut = product.stock !== null && product.stock <= 0;
    const blocked = ended
      ? t('product.saleEnded')
      : soldOut
        ? t('product.soldOut')
        : reachedLimit
          ? t('product.limitReached')
          : '';
    const fields: [string, string][] = [
      [t('product.price'), formatMoney(product.price, symbol)],
      [t(incomeLabelKey(product.cycle)), formatMoney(product.incomePerCycle, symbol)],
      [t('product.totalIncome'), formatMoney(product.totalIncome, symbol)],
      [t('product.totalReturnRate'), formatPercent(product.totalReturnRate)],
      [t('product.durationLabel'), t(durationKey(product.cycle), { count: product.cycles })],
      [t('product.points'), String(product.points)],
      [t('product.sold'), String(product.sold)],
      [t('product.limit'), limitText(product.purchaseLimit)],
      [t('product.purchased'), String(product.purchased)],
      [t('product.stock'), product.stock === null ? t('product.unlimited') : String(product.stock)],
      [t('product.principal'), product.principalReturned ? t('product.principalReturned') : t('product.principalKept')],
    ];
    if (product.saleEndsAt) fields.push([t('product.saleEndsAt'), formatDateTime(product.saleEndsAt, language)]);
    body = (
      <>
        <div className="card product-hero">
          <ProductImage src={product.image} name={product.name} large />
          <div className="product-name big" data-testid="product-name">
            {product.name}
          </div>
          <div className="product-price big">{formatMoney(product.price, symbol)}</div>
          {product.limitedTime && product.saleEndsAt ? (
            <div className="limited">
              <span className="badge">{t('product.limited')}</span>
              <Countdown until={product.saleEndsAt} testId="product-countdown" />
            </div>
          ) : null}
        </div>
        <div className="card detail-list">
          {fields.map(([label, value]) => (
            <div className="detail-row" key={label}>
              <span className="muted">{label}</span>
              <span className="detail-value">{value}</span>
            </div>
          ))}
        </div>
        {product.description ? (
          <>
            <div className="section-title">{t('product.description')}</div>
            <div className="card description" data-testid="product-description">
              {product.description}
            </div>
          </>
        ) : null}
        <div className="buy-bar">
          {blocked ? <div className="muted small center-text">{blocked}</div> : null}
          <Button
            block
            color="primary"
            size="large"
            disabled={blocked !== ''}
            data-testid="product-buy"
            onClick={() => (token ? setBuying(true) : void askToSignIn(`/product/info?id=${product.id}`))}
          >
            {t('product.buy')}
          </Button>
        </div>
        <PurchasePopup product={product} visible={buying} onClose={() => setBuying(false)} />
      </>
    );
  }

  return (
    <Page title={t('product.detailTitle')} padded={false} testId="product-info-page">
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">{body}</div>
      </Refresh>
    </Page>
  );
}
