import { ERROR_CODES, type WithdrawRules } from '@app/contracts';
import {
  Button,
  Dialog,
  DotLoading,
  NumberKeyboard,
  PasscodeInput,
  type PasscodeInputRef,
  Popup,
  Toast,
} from 'antd-mobile';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ApiError, call } from '../../api';
import {
  queryKeys,
  useActionKey,
  useAppConfig,
  useBill,
  useCurrency,
  usePayoutAccounts,
  useUserInfo,
} from '../../api/hooks';
import { api } from '../../api/routes';
import { Field, FormError, TextInput, useFieldError, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { cleanAmountInput, compareDecimal, debounce, maskAccount, quoteInput, weekdayList } from '../../lib/cash';
import { formatDateTime, formatMoney, formatShare } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { useQuery } from '../../lib/useQuery';
import { type FormProblem, refusalOf } from '../../lib/validate';
import { useSession } from '../../store/session';

/** Height of antd-mobile's NumberKeyboard with its confirm row, in px. */
const KEYBOARD_HEIGHT = 280;

export const QUOTE_DEBOUNCE_MS = 400;

/** The quote's refusals that are about the amount typed (the others: the day, the hour, the count). */
const AMOUNT_REFUSALS = {
  AMOUNT_INVALID: 'amount',
  WITHDRAW_STEP: 'amount',
  WITHDRAW_BELOW_MIN: 'amount',
  WITHDRAW_ABOVE_MAX: 'amount',
} as const;

/**
 * Refusals that say no withdrawal of any amount can be made now: a quote or a request answering one
 * means the rules changed since they were read (the hours ended, another device used today's count).
 */
const BLOCK_CODES: readonly number[] = [
  ERROR_CODES.WITHDRAW_CLOSED_DAY,
  ERROR_CODES.WITHDRAW_CLOSED_HOURS,
  ERROR_CODES.WITHDRAW_DAILY_COUNT,
];

const RULES_KEY = ['withdrawRules'] as const;

/** The value after it has stopped changing for `waitMs` (trailing edge). */
export function useDebounced<T>(value: T, waitMs: number): T {
  const [settled, setSettled] = useState(value);
  const update = useMemo(() => debounce((v: T) => setSettled(v), waitMs), [waitMs]);
  useEffect(() => {
    update(value);
  }, [value, update]);
  useEffect(() => () => update.cancel(), [update]);
  return settled;
}

/** wallet/withdraw: income balance → approved account → amount with a live quote → payment password sheet. */
/** The income balance a withdrawal draws on, at the top of the page whatever it shows below. */
function AvailableBalance({ amount }: { amount: string }) {
  const { t } = useTranslation();
  return (
    <div className="card hero">
      <div className="hero-label">{t('cash.available')}</div>
      <div className="hero-amount" data-testid="withdraw-balance">
        {amount}
      </div>
    </div>
  );
}

export default function WithdrawPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useCurrency();
  const { config } = useAppConfig();
  const decimals = config?.app_currency_decimals ?? 2;
  const billQuery = useBill();
  const { bill } = billQuery;
  const { user } = useUserInfo();
  const accounts = usePayoutAccounts();
  const approved = (accounts.data ?? []).filter((a) => a.status === 'approved');
  const pendingCount = (accounts.data ?? []).filter((a) => a.status === 'pending').length;
  const [accountId, setAccountId] = useState<number | null>(null);
  const account = approved.find((a) => a.id === accountId) ?? approved[0];
  const [amount, setAmount] = useState('');
  const errors = useFormErrors('withdraw-form-error', ['amount']);
  const [sheet, setSheet] = useState(false);

  const rules = useQuery({ queryKey: RULES_KEY, queryFn: () => call(api.cash.withdrawRules, {}) });
  const blocked = rules.data?.blocked ?? null;
  const settled = useDebounced(amount, QUOTE_DEBOUNCE_MS);
  const quoteAmount = quoteInput(settled, decimals);
  const quote = useQuery({
    queryKey: ['withdrawQuote', quoteAmount],
    queryFn: () => call(api.cash.withdrawQuote, { amount: quoteAmount ?? '' }, undefined, { quiet: true }),
    enabled: quoteAmount !== null && rules.data !== undefined && blocked === null,
    retry: false,
    staleTime: 30_000,
  });
  const quoteCode = quote.error instanceof ApiError ? quote.error.code : 0;
  // The rules have changed since they were read: read them again, and the page says why.
  // biome-ignore lint/correctness/useExhaustiveDependencies: refetch is stable; the code decides
  useEffect(() => {
    if (BLOCK_CODES.includes(quoteCode)) void rules.refetch();
  }, [quoteCode]);
  const typing = amount !== settled;
  const overBalance = quoteAmount !== null && bill ? compareDecimal(quoteAmount, bill.incomeBalance) > 0 : false;
  const quoteProblem: FormProblem | null =
    quoteAmount === null || typing
      ? null
      : quote.error instanceof ApiError
        ? refusalOf(quote.error, '', AMOUNT_REFUSALS)
        : overBalance
          ? { field: 'amount', message: t('cash.exceedsBalance') }
          : null;
  const quoteError = quoteProblem?.message ?? '';
  const quoted = !typing && quoteAmount !== null && quote.data && !quoteError ? quote.data : null;
  // What the user typed is checked on submit, what the server says of it as it is typed; both under the amount.
  const typedProblem = errors.field('amount');
  const amountProblem = typedProblem.error
    ? typedProblem
    : { error: quoteProblem?.field === 'amount' ? quoteError : '', errorTestId: 'withdraw-quote-error' };

  const openConfirm = () => {
    errors.clear();
    if (!account) return errors.show(t('cash.noApprovedAccount'));
    if (!amount.trim()) return errors.show({ field: 'amount', message: t('cash.amountRequired') });
    if (quoteInput(amount, decimals) === null)
      return errors.show({ field: 'amount', message: t('cash.amountInvalid', { decimals }) });
    if (quoteError) return; // already shown, where it belongs
    if (!quoted) return; // the quote is on its way; the button shows it is busy
    if (user && !user.hasPayPassword) {
      void Dialog.confirm({
        content: t('cash.noPayPassword'),
        confirmText: t('cash.setPayPassword'),
        cancelText: t('common.cancel'),
      }).then((ok) => {
        if (ok) navigate('/mine/payPassword?back=/wallet/withdraw');
      });
      return;
    }
    setSheet(true);
  };

  let body: ReactNode;
  if (accounts.isPending || (!bill && billQuery.isPending) || (!rules.data && rules.isPending))
    body = <LoadingSkeleton lines={8} />;
  else if (accounts.isError || !bill || !rules.data)
    body = (
      <LoadError
        onRetry={() => {
          void accounts.refetch();
          void billQuery.refetch();
          void rules.refetch();
        }}
      />
    );
  else if (blocked)
    // No withdrawal of any amount can be made now: why, and when or how that changes; nothing to type.
    body = (
      <div className="form">
        <AvailableBalance amount={formatMoney(bill.incomeBalance, symbol)} />
        <WithdrawBlocked blocked={blocked} rules={rules.data} incomeBalance={bill.incomeBalance} />
        <WithdrawRulesCard rules={rules.data} />
      </div>
    );
  else
    body = (
      <div className="form">
        <AvailableBalance amount={formatMoney(bill.incomeBalance, symbol)} />
        <WithdrawRulesCard rules={rules.data} />
        {approved.length === 0 ? (
          <div className="card center-column" data-testid="withdraw-no-account">
            <div>{t('cash.noApprovedAccount')}</div>
            {pendingCount > 0 ? (
              <div className="muted small">{t('cash.pendingAccounts', { count: pendingCount })}</div>
            ) : null}
            <Link to="/wallet/mobileMoneyUpdate" data-testid="withdraw-add-account">
              {t('cash.addOne')}
            </Link>
          </div>
        ) : (
          <div className="field">
            <div className="field-head">
              <span className="field-label">{t('cash.account')}</span>
              <Link to="/wallet/mobileMoney" className="small" data-testid="withdraw-manage-accounts">
                {t('links.myAccounts')}
              </Link>
            </div>
            <select
              className="text-input"
              data-testid="withdraw-account"
              aria-label={t('cash.account')}
              value={account?.id ?? ''}
              onChange={(e) => setAccountId(Number(e.target.value))}
            >
              {approved.map((a) => (
                <option key={a.id} value={a.id}>
                  {`${t(`cash.types.${a.type}`)} · ${a.bankName ?? a.operator ?? ''} ${maskAccount(a.accountNumber)} · ${a.holderName}`}
                </option>
              ))}
            </select>
          </div>
        )}
        <Field label={`${t('cash.amount')} (${symbol})`} {...amountProblem}>
          <TextInput
            data-testid="withdraw-amount"
            inputMode={decimals > 0 ? 'decimal' : 'numeric'}
            placeholder={t('cash.amountPlaceholder')}
            value={amount}
            onChange={(e) => {
              setAmount(cleanAmountInput(e.target.value, decimals));
              errors.clear();
            }}
          />
        </Field>
        {config ? (
          <div className="muted small" data-testid="withdraw-step-hint">
            {t('cash.stepHint', {
              step: formatMoney(config.withdraw_step, symbol),
              min: formatMoney(config.withdraw_min, symbol),
              max: formatMoney(config.withdraw_max, symbol),
            })}
          </div>
        ) : null}
        <FormError message={quoteProblem?.field ? '' : quoteError} testId="withdraw-quote-error" />
        <div className="card detail-list">
          <div className="detail-row">
            <span className="muted">{t('cash.fee')}</span>
            <span className="detail-value" data-testid="withdraw-fee">
              {quoted ? formatMoney(quoted.fee, symbol) : quote.isFetching || typing ? <DotLoading /> : '--'}
            </span>
          </div>
          <div className="detail-row">
            <span className="muted">{t('cash.net')}</span>
            <span className="detail-value accent" data-testid="withdraw-net">
              {quoted ? formatMoney(quoted.net, symbol) : quote.isFetching || typing ? <DotLoading /> : '--'}
            </span>
          </div>
        </div>
        <p className="muted small note">{t('cash.paymentNote')}</p>
        <FormError {...errors.form} />
        <Button
          block
          color="primary"
          size="large"
          disabled={approved.length === 0}
          loading={amount !== '' && quoteAmount !== null && !quoteError && !quoted && (typing || quote.isFetching)}
          onClick={openConfirm}
          data-testid="withdraw-submit"
        >
          {t('cash.submitWithdraw')}
        </Button>
      </div>
    );

  return (
    <Page title={t('cash.withdrawTitle')} back="/wallet/info" testId="withdraw-page">
      {body}
      {account && quoted ? (
        <PayPasswordSheet
          visible={sheet}
          onClose={() => setSheet(false)}
          accountId={account.id}
          accountLabel={`${account.bankName ?? account.operator ?? ''} ${maskAccount(account.accountNumber)}`.trim()}
          amount={quoted.amount}
          net={quoted.net}
          symbol={symbol}
        />
      ) : null}
    </Page>
  );
}

/**
 * Why no withdrawal can be made now (the server's refusal, in the user's language) and what changes
 * it: when withdrawals open again, or, for a balance under the minimum, how the balance grows.
 */
function WithdrawBlocked({
  blocked,
  rules,
  incomeBalance,
}: {
  blocked: NonNullable<WithdrawRules['blocked']>;
  rules: WithdrawRules;
  incomeBalance: string;
}) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  const belowMin = blocked.code === ERROR_CODES.WITHDRAW_BELOW_MIN;
  const next = blocked.opensAt
    ? t('cash.opensAgain', { time: formatDateTime(blocked.opensAt, language), timezone: rules.timezone })
    : belowMin
      ? t('cash.belowMinHint', { balance: formatMoney(incomeBalance, symbol), min: formatMoney(rules.min, symbol) })
      : '';
  return (
    <div className="card withdraw-blocked" role="status" data-testid="withdraw-blocked">
      <div className="withdraw-blocked-title">{t('cash.blockedTitle')}</div>
      <p className="withdraw-blocked-reason" data-testid="withdraw-blocked-reason">
        {blocked.msg}
      </p>
      {next ? (
        <p className="muted small withdraw-blocked-next" data-testid="withdraw-blocked-next">
          {next}
        </p>
      ) : null}
      {belowMin ? (
        <Link to="/product/myProduct" className="small" data-testid="withdraw-blocked-link">
          {t('cash.collectIncome')}
        </Link>
      ) : null}
    </div>
  );
}

/** docs/product.md#withdrawals: every rule the request will be judged on, shown before an amount is typed. */
function WithdrawRulesCard({ rules }: { rules: WithdrawRules }) {
  const { t } = useTranslation();
  const language = useSession((s) => s.language);
  const row = (label: string, value: string, testId: string) => (
    <div className="detail-row">
      <span className="muted">{label}</span>
      <span className="detail-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
  return (
    <div className="card detail-list" data-testid="withdraw-rules">
      <div className="section-title small-title">{t('cash.rulesTitle')}</div>
      {row(t('cash.rulesDays'), weekdayList(rules.days, language), 'withdraw-rules-days')}
      {row(t('cash.rulesHours'), t('cash.rulesHoursValue', rules), 'withdraw-rules-hours')}
      {row(
        t('cash.rulesLeft'),
        t('cash.rulesLeftValue', { left: rules.leftToday, perDay: rules.perDay }),
        'withdraw-rules-left',
      )}
      {row(
        t('cash.fee'),
        rules.feeDiscount === '0'
          ? formatShare(rules.feeRate, language)
          : t('cash.rulesFeeDiscounted', {
              rate: formatShare(rules.feeRate, language),
              discount: formatShare(rules.feeDiscount, language),
            }),
        'withdraw-rules-fee',
      )}
    </div>
  );
}

function PayPasswordSheet({
  visible,
  onClose,
  accountId,
  accountLabel,
  amount,
  net,
  symbol,
}: {
  visible: boolean;
  onClose: () => void;
  accountId: number;
  accountLabel: string;
  amount: string;
  net: string;
  symbol: string;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [typing, setTyping] = useState(false);
  const errors = useFormErrors('withdraw-error', ['payPassword']);
  const passwordError = useFieldError(errors.field('payPassword'));
  const [errorCode, setErrorCode] = useState(0);
  const [busy, setBusy] = useState(false);
  const action = useActionKey();
  const inFlight = useRef(false);
  const passcode = useRef<PasscodeInputRef>(null);

  const submit = async () => {
    if (inFlight.current) return;
    if (password.length !== 6) return errors.show(t('payPasswordModes.setFirst'));
    inFlight.current = true;
    setBusy(true);
    errors.clear();
    try {
      await call(api.cash.withdraw, { accountId, amount, payPassword: password }, undefined, { action, quiet: true });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
      void queryClient.invalidateQueries({ queryKey: queryKeys.withdrawals });
      void queryClient.invalidateQueries({ queryKey: RULES_KEY });
      void queryClient.invalidateQueries({ queryKey: ['records'] });
      Toast.show({ icon: 'success', content: t('cash.withdrawDone') });
      onClose();
      navigate('/wallet/withdrawRecord', { replace: true });
    } catch (e) {
      errors.show(refusalOf(e, t('common.loadFailedHint'), { PAY_PASSWORD_WRONG: 'payPassword' }));
      setErrorCode(e instanceof ApiError ? e.code : 0);
      if (e instanceof ApiError && BLOCK_CODES.includes(e.code))
        void queryClient.invalidateQueries({ queryKey: RULES_KEY });
      setPassword('');
    } finally {
      inFlight.current = false;
      setBusy(false);
    }
  };

  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : onClose}
      onClose={onClose}
      bodyClassName="sheet purchase-sheet"
      destroyOnClose
      afterClose={() => {
        setPassword('');
        errors.clear();
        setTyping(false);
      }}
    >
      {/* The number keyboard opens over the bottom of the screen: lift the sheet above it. */}
      <div data-testid="withdraw-sheet" style={typing ? { paddingBottom: KEYBOARD_HEIGHT } : undefined}>
        <div className="sheet-title">{t('cash.confirmTitle')}</div>
        <p className="muted small center-text">
          {t('cash.confirmSummary', { amount: formatMoney(amount, symbol), account: accountLabel })}
        </p>
        <div className="sheet-row">
          <span className="muted">{t('cash.net')}</span>
          <span className="sheet-value">{formatMoney(net, symbol)}</span>
        </div>
        <div className="passcode-wrap">
          <PasscodeInput
            ref={passcode}
            data-testid="withdraw-paypassword"
            length={6}
            seperated
            value={password}
            onChange={(v) => {
              setPassword(v);
              errors.clear();
            }}
            onFill={() => passcode.current?.blur()}
            onFocus={() => setTyping(true)}
            onBlur={() => setTyping(false)}
            keyboard={<NumberKeyboard data-testid="withdraw-paypassword-keyboard" />}
            error={passwordError.control['aria-invalid']}
            {...passwordError.control}
          />
        </div>
        {passwordError.message}
        <FormError {...errors.form}>
          {errorCode === ERROR_CODES.PAY_PASSWORD_NOT_SET ? (
            <Link to="/mine/payPassword?back=/wallet/withdraw" className="recharge-link">
              {t('cash.setPayPassword')}
            </Link>
          ) : null}
        </FormError>
        <div className="sheet-actions">
          <Button block fill="outline" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button
            block
            color="primary"
            loading={busy}
            disabled={password.length !== 6}
            onClick={submit}
            data-testid="withdraw-confirm"
          >
            {t('common.confirm')}
          </Button>
        </div>
      </div>
    </Popup>
  );
}
