import type { payoutAccount } from '@app/contracts';
import { Button, Dialog, Tag, Toast } from 'antd-mobile';
import { BankcardOutline, PhoneFill } from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { call } from '../../api';
import { queryKeys, usePayoutAccounts, usePayoutOptions } from '../../api/hooks';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { ACCOUNT_STATUS_COLORS, maskAccount } from '../../lib/cash';
import { queryClient } from '../../lib/queryClient';

export type PayoutAccount = z.infer<typeof payoutAccount>;

export function AccountSummary({ account }: { account: PayoutAccount }) {
  const { t } = useTranslation();
  return (
    <div className="account-summary">
      <span className="account-icon" aria-hidden="true">
        {account.type === 'bank' ? <BankcardOutline /> : <PhoneFill />}
      </span>
      <div className="account-text">
        <div className="account-title">{account.bankName ?? account.operator ?? t(`cash.types.${account.type}`)}</div>
        <div className="muted small">
          <span className="mono">{maskAccount(account.accountNumber)}</span> · {account.holderName}
        </div>
        <div className="muted small">{t(`cash.types.${account.type}`)}</div>
      </div>
    </div>
  );
}

/** wallet/mobileMoney: my payout accounts with their approval status; edit, delete, add. */
export default function AccountsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const accounts = usePayoutAccounts();
  const options = usePayoutOptions();

  const remove = async (account: PayoutAccount) => {
    const ok = await Dialog.confirm({
      content: t('cash.deleteConfirm', { last4: account.accountNumber.slice(-4) }),
      confirmText: t('cash.delete'),
      cancelText: t('common.cancel'),
    });
    if (!ok) return;
    try {
      await call(api.cash.deletePayoutAccount, {}, { id: account.id });
      Toast.show({ icon: 'success', content: t('cash.deleted') });
      await queryClient.invalidateQueries({ queryKey: queryKeys.payoutAccounts });
    } catch {
      // the client has shown the server's message
    }
  };

  let body: ReactNode;
  if (accounts.isPending) body = <LoadingSkeleton lines={6} />;
  else if (accounts.isError) body = <LoadError onRetry={() => void accounts.refetch()} />;
  else if (accounts.data.length === 0)
    body = <EmptyState title={t('cash.noAccounts')} description={t('cash.noAccountsHint')} testId="accounts-empty" />;
  else
    body = accounts.data.map((account) => (
      <div className="card account-row" key={account.id} data-testid={`account-row-${account.id}`}>
        <div className="account-head">
          <AccountSummary account={account} />
          <Tag color={ACCOUNT_STATUS_COLORS[account.status]} fill="outline" data-testid="account-status">
            {t(`cash.accountStatus.${account.status}`)}
          </Tag>
        </div>
        {account.status === 'rejected' ? (
          <div className="form-error small">
            {account.rejectReason ? <div>{t('cash.reasonLine', { reason: account.rejectReason })}</div> : null}
            <div>{t('cash.rejectedHint')}</div>
          </div>
        ) : null}
        <div className="row-actions">
          <Button
            size="small"
            fill="outline"
            onClick={() => navigate(`/wallet/mobileMoneyUpdate?id=${account.id}`)}
            data-testid={`account-edit-${account.id}`}
          >
            {t('cash.edit')}
          </Button>
          <Button
            size="small"
            fill="outline"
            color="danger"
            onClick={() => void remove(account)}
            data-testid={`account-delete-${account.id}`}
          >
            {t('cash.delete')}
          </Button>
        </div>
      </div>
    ));

  return (
    <Page title={t('cash.accountsTitle')} padded={false} testId="accounts-page">
      <Refresh onRefresh={() => accounts.refetch()}>
        <div className="padded list">
          {options.data?.approvalRequired ? <p className="muted small note">{t('cash.approvalNote')}</p> : null}
          {body}
          <Button
            block
            color="primary"
            size="large"
            className="mt16"
            onClick={() => navigate('/wallet/mobileMoneyUpdate')}
            data-testid="account-add"
          >
            {t('cash.addAccount')}
          </Button>
        </div>
      </Refresh>
    </Page>
  );
}
