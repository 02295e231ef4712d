import type { deposit, OutputOf, withdrawal } from '@app/contracts';
import { Tag } from 'antd-mobile';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { z } from 'zod';
import { call } from '../../api';
import { queryKeys, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { DEPOSIT_STATUS_COLORS, showsReason, WITHDRAWAL_STATUS_COLORS } from '../../lib/cash';
import { formatDateTime, formatMoney } from '../../lib/format';
import { useSession } from '../../store/session';
import { RecordRow, StatementLink } from '../records/RecordsPage';

type Withdrawal = z.infer<typeof withdrawal>;
type Deposit = z.infer<typeof deposit>;

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div className="kv-row">
      <span className="muted">{label}</span>
      <span className="kv-value" data-testid={testId}>
        {value}
      </span>
    </div>
  );
}

export function WithdrawalRow({ item }: { item: Withdrawal }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  return (
    <div className="card record-card" data-testid="withdrawal-row" data-status={item.status}>
      <div className="record-card-head">
        <span className="amount">{formatMoney(item.amount, symbol)}</span>
        <Tag color={WITHDRAWAL_STATUS_COLORS[item.status]} fill="outline" data-testid="withdrawal-status">
          {t(`cash.withdrawalStatus.${item.status}`)}
        </Tag>
      </div>
      {showsReason(item.status) && item.reason ? (
        <div className="form-error small" data-testid="withdrawal-reason">
          {t('cash.reasonLine', { reason: item.reason })}
        </div>
      ) : null}
      <Row label={t('cash.orderNo')} value={item.orderNo} testId="withdrawal-order" />
      <Row label={t('cash.payee')} value={item.payee} />
      <Row label={t('cash.accountCol')} value={`${t(`cash.types.${item.accountType}`)} · ${item.account}`} />
      <Row
        label={t(item.accountType === 'mobile_money' ? 'cash.operator' : 'cash.bankName')}
        value={item.bankName || '--'}
      />
      <Row label={t('cash.fee')} value={formatMoney(item.fee, symbol)} />
      <Row label={t('cash.net')} value={formatMoney(item.net, symbol)} testId="withdrawal-net" />
      <Row label={t('cash.appliedAt')} value={formatDateTime(item.appliedAt, language)} />
      {item.reviewedAt ? <Row label={t('cash.reviewedAt')} value={formatDateTime(item.reviewedAt, language)} /> : null}
      <Row label={t('cash.paidAt')} value={item.paidAt ? formatDateTime(item.paidAt, language) : '--'} />
    </div>
  );
}

export function DepositRow({ item }: { item: Deposit }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  return (
    <div className="card record" data-testid="deposit-row" data-status={item.status}>
      <div className="record-main">
        <div className="record-title">{t('records.types.deposit')}</div>
        <div className="muted small ellipsis mono">{item.transId}</div>
        <div className="muted small">{formatDateTime(item.createdAt, language)}</div>
      </div>
      <div className="record-side">
        <div className={item.status === 'succeeded' ? 'amount positive' : 'amount muted'}>
          {item.status === 'succeeded' ? '+' : ''}
          {formatMoney(item.amount, symbol)}
        </div>
        <Tag color={DEPOSIT_STATUS_COLORS[item.status]} fill="outline" data-testid="deposit-row-status">
          {t(`cash.status.${item.status}`)}
        </Tag>
        {item.status === 'pending' ? (
          <Link
            to={`/wallet/depositStatus?transId=${encodeURIComponent(item.transId)}`}
            className="small block-link"
            data-testid="deposit-row-check"
          >
            {t('cash.checkAgain')}
          </Link>
        ) : null}
      </div>
    </div>
  );
}

type LedgerList = 'deposit' | 'withdraw';
type Tab = 'requests' | 'entries';

/**
 * The two views of a cash record page: the requests (deposits or withdrawals, with their status)
 * and the wallet's ledger entries, where refunds and operators' adjustments appear with their reason.
 */
function RecordTabs({ list, tab, onTab }: { list: LedgerList; tab: Tab; onTab: (tab: Tab) => void }) {
  const { t } = useTranslation();
  const label = {
    requests: t(list === 'deposit' ? 'records.tabDeposits' : 'records.tabWithdrawals'),
    entries: t('records.tabEntries'),
  };
  return (
    <div className="filter-bar" role="tablist" data-testid="record-tabs">
      {(['requests', 'entries'] as const).map((value) => (
        <button
          key={value}
          type="button"
          role="tab"
          aria-selected={tab === value}
          className={tab === value ? 'chip filter active' : 'chip filter'}
          data-testid={`record-tab-${value}`}
          onClick={() => onTab(value)}
        >
          {label[value]}
        </button>
      ))}
    </div>
  );
}

type LedgerRecord = OutputOf<typeof api.records.deposit>['items'][number];

function LedgerEntries({ list }: { list: LedgerList }) {
  const { t } = useTranslation();
  const bill = useBill();
  return (
    <InfiniteList<LedgerRecord>
      queryKey={queryKeys.records(list)}
      fetchPage={(cursor) => call(api.records[list], { cursor, limit: 20 })}
      itemKey={(r) => r.id}
      renderItem={(r) => <RecordRow record={r} />}
      emptyTitle={t('records.empty')}
      emptyHint={t('records.entriesEmptyHint')}
      testId="record-list"
      onRefresh={() => bill.refetch()}
    />
  );
}

/** wallet/withdrawRecord: my withdrawals with every field and the review status (docs/product.md#screens). */
export function WithdrawRecordPage() {
  const { t } = useTranslation();
  const bill = useBill();
  const [tab, setTab] = useState<Tab>('requests');
  return (
    <Page
      title={t('records.withdrawTitle')}
      padded={false}
      testId="withdraw-record-page"
      right={<StatementLink wallet="income" />}
    >
      <RecordTabs list="withdraw" tab={tab} onTab={setTab} />
      {tab === 'entries' ? (
        <LedgerEntries list="withdraw" />
      ) : (
        <InfiniteList<Withdrawal>
          queryKey={queryKeys.withdrawals}
          fetchPage={(cursor) => call(api.cash.withdrawals, { cursor, limit: 20 })}
          itemKey={(w) => w.id}
          renderItem={(w) => <WithdrawalRow item={w} />}
          emptyTitle={t('records.empty')}
          emptyHint={t('records.withdrawEmptyHint')}
          testId="record-list"
          onRefresh={() => bill.refetch()}
        />
      )}
    </Page>
  );
}

/** wallet/depositRecord: my top-ups, pending and failed ones included. */
export function DepositRecordPage() {
  const { t } = useTranslation();
  const bill = useBill();
  const [tab, setTab] = useState<Tab>('requests');
  return (
    <Page
      title={t('records.depositTitle')}
      padded={false}
      testId="deposit-record-page"
      right={<StatementLink wallet="deposit" />}
    >
      <RecordTabs list="deposit" tab={tab} onTab={setTab} />
      {tab === 'entries' ? (
        <LedgerEntries list="deposit" />
      ) : (
        <InfiniteList<Deposit>
          queryKey={queryKeys.deposits}
          fetchPage={(cursor) => call(api.cash.deposits, { cursor, limit: 20 })}
          itemKey={(d) => d.transId}
          renderItem={(d) => <DepositRow item={d} />}
          emptyTitle={t('records.empty')}
          emptyHint={t('records.depositEmptyHint')}
          testId="record-list"
          onRefresh={() => bill.refetch()}
        />
      )}
    </Page>
  );
}
