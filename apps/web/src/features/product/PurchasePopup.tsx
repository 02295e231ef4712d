import { type CashWallet, ERROR_CODES, type Product } from '@app/contracts';
import { Button, Popup, Toast } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, call } from '../../api';
import { queryKeys, useActionKey, useAppConfig, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { FormError } from '../../components/Field';
import { formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { CouponPicker } from '../coupons/CouponPicker';
import { amountToPay, usableCoupons } from '../coupons/couponMath';
import { couponsKey, useUnusedCoupons } from '../coupons/useCoupons';
import { payableWallets } from './wallets';

/** Refusals that mean the chosen coupon can no longer be used: the list is read again. */
const COUPON_REFUSALS: number[] = [
  ERROR_CODES.COUPON_NOT_FOUND,
  ERROR_CODES.COUPON_USED,
  ERROR_CODES.COUPON_EXPIRED,
  ERROR_CODES.COUPON_MIN_SPEND,
];

/**
 * Purchase confirmation. The order path skips the client's generic error handler (docs/product.md#request-client), so
 * every failure is shown here. One action key per purchase: a double tap, or a retry after a lost
 * answer, buys once; the client draws a new key once the purchase is made.
 */
export function PurchasePopup({
  product,
  visible,
  onClose,
}: {
  product: Product;
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useCurrency();
  const { bill, refetch } = useBill();
  const [wallet, setWallet] = useState<CashWallet>('deposit');
  const [error, setError] = useState<{ code: number; msg: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const action = useActionKey();
  const inFlight = useRef(false);
  const { config } = useAppConfig();
  const decimals = config?.app_currency_decimals ?? 2;
  const wallets = payableWallets(config?.purchase_from_income ?? false);
  const unused = useUnusedCoupons(visible);
  const usable = usableCoupons(unused.data?.items ?? [], product.price, new Date(), decimals);
  const [couponId, setCouponId] = useState<number | null>(null);
  const coupon = usable.find((c) => c.id === couponId) ?? null;

  const balance = wallet === 'deposit' ? bill?.rechargeBalance : bill?.incomeBalance;

  const confirm = async () => {
    if (inFlight.current) return;
    inFlight.current = true;
    setBusy(true);
    setError(null);
    try {
      await call(
        api.products.purchase,
        { productId: product.id, quantity: 1, wallet, ...(coupon ? { couponId: coupon.id } : {}) },
        undefined,
        { action },
      );
      if (coupon) void queryClient.invalidateQueries({ queryKey: couponsKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
      void queryClient.invalidateQueries({ queryKey: ['products'] });
      void queryClient.invalidateQueries({ queryKey: ['product'] });
      void queryClient.invalidateQueries({ queryKey: ['holdings'] });
      void queryClient.invalidateQueries({ queryKey: queryKeys.orders });
      Toast.show({ icon: 'success', content: t('purchase.success') });
      onClose();
      navigate('/product/myProduct');
    } catch (e) {
      const failure = e instanceof ApiError ? { code: e.code, msg: e.msg } : { code: -1, msg: t('purchase.failed') };
      setError({ code: failure.code, msg: failure.msg || t('purchase.failed') });
      if (failure.code === ERROR_CODES.INSUFFICIENT_BALANCE) void refetch();
      if (COUPON_REFUSALS.includes(failure.code)) {
        setCouponId(null);
        void unused.refetch();
      }
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  const row = (label: string, value: string, testId?: string) => (
    <div className="sheet-row">
      <span className="muted">{label}</span>
      <span className="sheet-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );

  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : onClose}
      onClose={onClose}
      bodyClassName="sheet purchase-sheet"
      destroyOnClose
    >
      <div data-testid="purchase-popup">
        <div className="sheet-title">{t('purchase.title')}</div>
        <div className="purchase-name">{product.name}</div>
        {row(t('product.price'), formatMoney(product.price, symbol), 'purchase-price')}
        {row(t(`product.income.${product.cycle}`), formatMoney(product.incomePerCycle, symbol))}
        {row(t('purchase.totalIncome'), formatMoney(product.totalIncome, symbol), 'purchase-total-income')}
        {product.principalReturned ? row(t('product.principal'), t('product.principalReturned')) : null}
        <div className="section-title small-title">{t('purchase.payWith')}</div>
        <div className="wallet-choice">
          {wallets.map((kind) => (
            <button
              key={kind}
              type="button"
              className={wallet === kind ? 'wallet-option active' : 'wallet-option'}
              data-testid={`purchase-wallet-${kind}`}
              onClick={() => {
                setWallet(kind);
                setError(null);
              }}
            >
              <span>{t(kind === 'deposit' ? 'wallet.rechargeBalance' : 'wallet.incomeBalance')}</span>
              <strong>{formatMoney(kind === 'deposit' ? bill?.rechargeBalance : bill?.incomeBalance, symbol)}</strong>
            </button>
          ))}
        </div>
        {row(t('purchase.balance'), formatMoney(balance, symbol), 'purchase-balance')}
        {usable.length > 0 ? (
          <>
            <CouponPicker
              coupons={usable}
              orderAmount={product.price}
              chosen={coupon?.id ?? null}
              onChoose={(id) => {
                setCouponId(id);
                setError(null);
              }}
            />
            {row(
              t('coupons.toPay'),
              formatMoney(amountToPay(product.price, coupon, decimals), symbol),
              'purchase-to-pay',
            )}
          </>
        ) : null}
        <FormError message={error?.msg ?? ''} testId="purchase-error">
          {error?.code === ERROR_CODES.INSUFFICIENT_BALANCE ? (
            <Link to="/wallet/deposit" data-testid="purchase-recharge" className="recharge-link">
              {t('purchase.recharge')}
            </Link>
          ) : null}
        </FormError>
        <div className="sheet-actions">
          <Button block fill="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button block color="primary" loading={busy} onClick={confirm} data-testid="purchase-confirm">
            {t('purchase.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
