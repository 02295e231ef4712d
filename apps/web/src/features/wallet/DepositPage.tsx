import { Button } from 'antd-mobile';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../../api';
import { useActionKey, useAppConfig, useBill, useCurrency, useDepositMethods } from '../../api/hooks';
import { api } from '../../api/routes';
import { Field, FormError, TextInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { checkDepositAmount, cleanAmountInput, quickAmounts } from '../../lib/cash';
import { formatMoney } from '../../lib/format';
import { refusalOf } from '../../lib/validate';

/** The server's refusals that are about the amount. */
const AMOUNT_REFUSALS = {
  AMOUNT_INVALID: 'amount',
  DEPOSIT_BELOW_MIN: 'amount',
  DEPOSIT_ABOVE_MAX: 'amount',
} as const;

/** wallet/deposit: method, amount (checked against the method's limits), then the provider's pay page. */
export default function DepositPage() {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const { config } = useAppConfig();
  const { bill } = useBill();
  const methods = useDepositMethods();
  const action = useActionKey();
  const decimals = config?.app_currency_decimals ?? 2;
  const [methodId, setMethodId] = useState('');
  const [amount, setAmount] = useState('');
  // The method is a row of buttons, not a control a message can describe: its problem is the form's.
  const errors = useFormErrors('deposit-error', ['amount']);
  const [busy, setBusy] = useState(false);
  const inFlight = useRef(false);

  const list = methods.data ?? [];
  const method = list.find((m) => m.id === methodId) ?? (list.length === 1 ? list[0] : undefined);

  const submit = async () => {
    if (inFlight.current) return;
    errors.clear();
    if (!method) return errors.show(t('cash.chooseMethod'));
    const problem = checkDepositAmount(amount, method.min, method.max, decimals);
    if (problem) {
      const messages = {
        required: t('cash.amountRequired'),
        invalid: t('cash.amountInvalid', { decimals }),
        belowMin: t('cash.amountBelowMin', { min: formatMoney(method.min, symbol) }),
        aboveMax: t('cash.amountAboveMax', { max: formatMoney(method.max, symbol) }),
      };
      return errors.show({ field: 'amount', message: messages[problem] });
    }
    inFlight.current = true;
    setBusy(true);
    try {
      const created = await call(api.cash.createDeposit, { amount, methodId: method.id }, undefined, {
        action,
        quiet: true,
      });
      window.location.assign(created.payUrl);
    } catch (e) {
      errors.show(refusalOf(e, t('common.loadFailedHint'), AMOUNT_REFUSALS));
      inFlight.current = false;
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (methods.isPending) body = <LoadingSkeleton lines={6} />;
  else if (methods.isError) body = <LoadError onRetry={() => void methods.refetch()} />;
  else if (list.length === 0)
    body = <EmptyState title={t('cash.noMethods')} description={t('cash.noMethodsHint')} testId="deposit-empty" />;
  else
    body = (
      <div className="form">
        <div className="card balance-card">
          <span className="muted small">{t('wallet.rechargeBalance')}</span>
          <strong data-testid="deposit-balance">{formatMoney(bill?.rechargeBalance, symbol)}</strong>
        </div>
        <div className="field">
          <span className="field-label">{t('cash.method')}</span>
          <div className="option-list">
            {list.map((m) => (
              <button
                key={m.id}
                type="button"
                aria-pressed={method?.id === m.id}
                className={method?.id === m.id ? 'option-card active' : 'option-card'}
                data-testid={`deposit-method-${m.id}`}
                onClick={() => {
                  setMethodId(m.id);
                  errors.clear();
                }}
              >
                <span className="option-name">{m.name}</span>
                <span className="muted small">
                  {t('cash.methodLimits', { min: formatMoney(m.min, symbol), max: formatMoney(m.max, symbol) })}
                </span>
              </button>
            ))}
          </div>
        </div>
        <Field label={`${t('cash.amount')} (${symbol})`} {...errors.field('amount')}>
          <TextInput
            data-testid="deposit-amount"
            inputMode="decimal"
            placeholder={t('cash.amountPlaceholder')}
            value={amount}
            onChange={(e) => {
              setAmount(cleanAmountInput(e.target.value, decimals));
              errors.clear();
            }}
          />
        </Field>
        {method ? (
          <div className="chips" data-testid="deposit-quick">
            {quickAmounts(method.min, method.max).map((value) => (
              <button
                key={value}
                type="button"
                className={amount === value ? 'chip filter active' : 'chip filter'}
                data-testid={`deposit-quick-${value}`}
                onClick={() => {
                  setAmount(value);
                  errors.clear();
                }}
              >
                {formatMoney(value, symbol)}
              </button>
            ))}
          </div>
        ) : null}
        <FormError {...errors.form} />
        <p className="muted small note">{t('cash.depositNote')}</p>
        <Button block color="primary" size="large" loading={busy} onClick={submit} data-testid="deposit-submit">
          {busy ? t('cash.redirecting') : t('cash.submitDeposit')}
        </Button>
      </div>
    );

  return (
    <Page title={t('cash.depositTitle')} back="/wallet/info" testId="deposit-page">
      {body}
    </Page>
  );
}
