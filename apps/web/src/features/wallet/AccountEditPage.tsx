import { PAYOUT_ACCOUNT_TYPES } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api';
import { queryKeys, useAppConfig, usePayoutAccounts, usePayoutOptions } from '../../api/hooks';
import { api } from '../../api/routes';
import { Field, FormError, SelectInput, TextInput, useFormErrors } from '../../components/Field';
import { Page } from '../../components/Page';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { type AccountDraft, checkAccountDraft } from '../../lib/cash';
import { queryClient } from '../../lib/queryClient';
import { refusalOf } from '../../lib/validate';
import { useSession } from '../../store/session';
import { phoneMinDigitsOf } from '../account/phoneRule';

const EMPTY: AccountDraft = { type: 'bank', holderName: '', accountNumber: '', bankName: '', operator: '' };

/** wallet/mobileMoneyUpdate: add a payout account, or edit one with ?id=. */
export default function AccountEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const id = Number(search.get('id') ?? '');
  const editing = Number.isInteger(id) && id > 0;
  const { config } = useAppConfig();
  const language = useSession((s) => s.language);
  const phoneMin = phoneMinDigitsOf(config, language);
  const options = usePayoutOptions();
  const accounts = usePayoutAccounts();
  const existing = editing ? accounts.data?.find((a) => a.id === id) : undefined;
  const [draft, setDraft] = useState<AccountDraft>(EMPTY);
  const [loaded, setLoaded] = useState(!editing);
  const errors = useFormErrors('account-error', ['holderName', 'accountNumber', 'bankName', 'operator'] as const);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!existing || loaded) return;
    setDraft({
      type: existing.type,
      holderName: existing.holderName,
      accountNumber: existing.accountNumber,
      bankName: existing.bankName ?? '',
      operator: existing.operator ?? '',
    });
    setLoaded(true);
  }, [existing, loaded]);

  const set = (patch: Partial<AccountDraft>) => {
    setDraft((d) => ({ ...d, ...patch }));
    errors.clear();
  };

  const save = async () => {
    const problem = checkAccountDraft(draft, phoneMin);
    if (problem)
      return errors.show({ field: problem.field, message: t(`cash.problems.${problem.problem}`, { min: phoneMin }) });
    const input = {
      type: draft.type,
      holderName: draft.holderName.trim(),
      accountNumber: draft.accountNumber.replace(/[\s-]/g, ''),
      ...(draft.type === 'bank' ? { bankName: draft.bankName } : { operator: draft.operator }),
    };
    setBusy(true);
    try {
      if (editing) await call(api.cash.updatePayoutAccount, input, { id }, { quiet: true });
      else await call(api.cash.addPayoutAccount, input, undefined, { quiet: true });
      await queryClient.invalidateQueries({ queryKey: queryKeys.payoutAccounts });
      Toast.show({ icon: 'success', content: t('cash.saved') });
      navigate('/wallet/mobileMoney', { replace: true });
    } catch (e) {
      errors.show(
        refusalOf(e, t('common.loadFailedHint'), {
          ACCOUNT_NUMBER_INVALID: 'accountNumber',
          BANK_REQUIRED: 'bankName',
          OPERATOR_REQUIRED: 'operator',
        }),
      );
    } finally {
      setBusy(false);
    }
  };

  let body: ReactNode;
  if (options.isPending || (editing && accounts.isPending)) body = <LoadingSkeleton lines={6} />;
  else if (options.isError || (editing && accounts.isError))
    body = (
      <LoadError
        onRetry={() => {
          void options.refetch();
          void accounts.refetch();
        }}
      />
    );
  else if (editing && !existing) body = <LoadError onRetry={() => navigate('/wallet/mobileMoney')} />;
  else
    body = (
      <div className="form">
        {options.data.approvalRequired ? (
          <p className="muted small note" data-testid="account-approval-note">
            {t('cash.approvalNote')}
          </p>
        ) : null}
        <div className="segmented">
          {PAYOUT_ACCOUNT_TYPES.map((type) => (
            <button
              key={type}
              type="button"
              aria-pressed={draft.type === type}
              className={draft.type === type ? 'segment active' : 'segment'}
              data-testid={`account-type-${type}`}
              onClick={() => set({ type })}
            >
              {t(`cash.types.${type}`)}
            </button>
          ))}
        </div>
        <Field label={t('cash.holderName')} {...errors.field('holderName')}>
          <TextInput
            data-testid="account-holder"
            maxLength={80}
            placeholder={t('cash.holderPlaceholder')}
            value={draft.holderName}
            onChange={(e) => set({ holderName: e.target.value })}
          />
        </Field>
        <Field
          label={draft.type === 'bank' ? t('cash.accountNumber') : t('cash.phoneNumber')}
          {...errors.field('accountNumber')}
        >
          <TextInput
            data-testid="account-number"
            inputMode={draft.type === 'bank' ? 'numeric' : 'tel'}
            maxLength={draft.type === 'bank' ? 30 : 17}
            placeholder={t('cash.numberPlaceholder')}
            value={draft.accountNumber}
            onChange={(e) =>
              set({
                accountNumber:
                  draft.type === 'bank' ? e.target.value.replace(/\D/g, '') : e.target.value.replace(/[^\d+]/g, ''),
              })
            }
          />
        </Field>
        {draft.type === 'bank' ? (
          <Field label={t('cash.bank')} {...errors.field('bankName')}>
            <SelectInput
              data-testid="account-bank"
              value={draft.bankName}
              onChange={(e) => set({ bankName: e.target.value })}
            >
              <option value="">{t('cash.chooseBank')}</option>
              {options.data.banks.map((bank) => (
                <option key={bank} value={bank}>
                  {bank}
                </option>
              ))}
            </SelectInput>
          </Field>
        ) : (
          <Field label={t('cash.operator')} {...errors.field('operator')}>
            <SelectInput
              data-testid="account-operator"
              value={draft.operator}
              onChange={(e) => set({ operator: e.target.value })}
            >
              <option value="">{t('cash.chooseOperator')}</option>
              {options.data.operators.map((op) => (
                <option key={op} value={op}>
                  {op}
                </option>
              ))}
            </SelectInput>
          </Field>
        )}
        <FormError {...errors.form} />
        <Button block color="primary" size="large" loading={busy} onClick={save} data-testid="account-save">
          {t('cash.save')}
        </Button>
      </div>
    );

  return (
    <Page
      title={editing ? t('cash.editAccount') : t('cash.addAccount')}
      back="/wallet/mobileMoney"
      testId="account-edit-page"
    >
      {body}
    </Page>
  );
}
