import { ERROR_CODES, type VipLevel } from '@app/contracts';
import { Button, Popup, Toast } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError, call } from '../../api';
import { queryKeys, useActionKey, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { FormError } from '../../components/Field';
import { formatMoney } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { vipLevelsKey } from './useVipLevels';

/**
 * The confirmation of an SVIP activation: the price and the recharge balance it is paid from. One
 * action per opening (the sheet is rebuilt each time): a double tap or a retry after a lost answer
 * buys once.
 */
export function ActivateSheet({ level, onClose }: { level: VipLevel | null; onClose: () => void }) {
  return (
    <Popup visible={level !== null} onClose={onClose} bodyClassName="sheet purchase-sheet" destroyOnClose>
      {level ? <ActivateForm level={level} onClose={onClose} /> : null}
    </Popup>
  );
}

function ActivateForm({ level, onClose }: { level: VipLevel; onClose: () => void }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const { bill, refetch } = useBill();
  const [error, setError] = useState<{ code: number; msg: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const action = useActionKey();
  const price = formatMoney(level.price, symbol);

  const confirm = async () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      await call(api.vip.activate, { level: level.level }, undefined, { action, quiet: true });
      void queryClient.invalidateQueries({ queryKey: vipLevelsKey });
      void queryClient.invalidateQueries({ queryKey: queryKeys.userInfo });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
      Toast.show({ icon: 'success', content: t('levels.activated', { name: level.name }) });
      onClose();
    } catch (e) {
      const failure = e instanceof ApiError ? { code: e.code, msg: e.msg } : { code: -1, msg: '' };
      setError({ code: failure.code, msg: failure.msg || t('levels.failed') });
      if (failure.code === ERROR_CODES.INSUFFICIENT_BALANCE) void refetch();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div data-testid="activate-sheet">
      <div className="sheet-title">{t('levels.activateTitle', { name: level.name })}</div>
      <p className="muted small center-text">{t('levels.activateSummary', { price })}</p>
      <div className="sheet-row">
        <span className="muted">{t('levels.price')}</span>
        <span className="sheet-value accent" data-testid="activate-price">
          {price}
        </span>
      </div>
      <div className="sheet-row">
        <span className="muted">{t('levels.balance')}</span>
        <span className="sheet-value" data-testid="activate-balance">
          {formatMoney(bill?.rechargeBalance, symbol)}
        </span>
      </div>
      <FormError message={error?.msg ?? ''} testId="activate-error">
        {error?.code === ERROR_CODES.INSUFFICIENT_BALANCE ? (
          <Link to="/wallet/deposit" className="recharge-link">
            {t('levels.goRecharge')}
          </Link>
        ) : null}
      </FormError>
      <div className="sheet-actions">
        <Button block fill="outline" onClick={onClose} disabled={busy}>
          {t('common.cancel')}
        </Button>
        <Button block color="primary" loading={busy} onClick={confirm} data-testid="activate-confirm">
          {t('common.confirm')}
        </Button>
      </div>
    </div>
  );
}
