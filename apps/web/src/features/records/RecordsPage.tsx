import { type OutputOf, PROFIT_TYPES } from '@app/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api';
import { queryKeys, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { formatDateTime, formatMoney, formatPoints } from '../../lib/format';
import { sessionStore, useSession } from '../../store/session';
import { RECORD_LIST_WALLETS, type StatementWallet, statementPath } from '../wallet/statement';
import '../wallet/statement.css';

export type RecordKind = 'deposit' | 'profit' | 'withdraw' | 'points';
type LedgerRecord = OutputOf<typeof api.records.deposit>['items'][number];
type ProfitType = (typeof PROFIT_TYPES)[number];

/** "+$12.00" / "-$3.00" / "+15" (points): the sign always shown, the decimal string untouched. */
export function signedAmount(amount: string, symbol: string | null): string {
  const negative = amount.startsWith('-');
  const digits = negative ? amount.slice(1) : amount;
  const body = symbol === null ? formatPoints(digits) : formatMoney(digits, symbol);
  return `${negative ? '-' : '+'}${body}`;
}

/** Entries whose memo is the reason an operator gave (an adjustment, a rejected or failed withdrawal). */
const REASONED_TYPES: string[] = ['system_increase', 'system_decrease', 'withdrawal_refund'];

/**
 * One record: what moved the balance as the server names it (the machine and order, the member, the
 * withdrawal, the reason…) with its type beside the time, or the type's own name when the server
 * has nothing more to say, then the member and the memo as before.
 */
export function RecordRow({ record, points }: { record: LedgerRecord; points?: boolean }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  const negative = record.amount.startsWith('-');
  const label = t(`records.types.${record.type}`);
  const source = record.source ? record.source.trim() : '';
  return (
    <div className="card record" data-testid="record-row" data-type={record.type}>
      <div className="record-main">
        <div className="record-title statement-source" data-testid="record-source">
          {source || label}
        </div>
        {!source && record.member ? (
          <div className="muted small ellipsis" data-testid="record-member">
            {t('team.fromMember', { member: record.member })}
          </div>
        ) : null}
        {!source && record.memo ? (
          <div className="muted small ellipsis" data-testid="record-memo">
            {REASONED_TYPES.includes(record.type) ? t('cash.reasonLine', { reason: record.memo }) : record.memo}
          </div>
        ) : null}
        <div className="muted small">
          {source ? (
            <>
              <span data-testid="record-type">{label}</span>
              {' · '}
            </>
          ) : null}
          <span className="nowrap">{formatDateTime(record.createdAt, language)}</span>
        </div>
      </div>
      <div className={negative ? 'amount negative' : 'amount positive'} data-testid="record-amount">
        {signedAmount(record.amount, points ? null : symbol)}
      </div>
    </div>
  );
}

function ProfitFilter({ value }: { value: string }) {
  const { t } = useTranslation();
  const options: ('' | ProfitType)[] = ['', ...PROFIT_TYPES];
  return (
    <div className="filter-bar" data-testid="records-filter" role="tablist">
      {options.map((type) => (
        <button
          key={type || 'all'}
          type="button"
          role="tab"
          aria-selected={value === type}
          className={value === type ? 'chip filter active' : 'chip filter'}
          data-testid={`records-filter-${type || 'all'}`}
          onClick={() => sessionStore.set({ profitType: type })}
        >
          {type ? t(`records.types.${type}`) : t('records.all')}
        </button>
      ))}
    </div>
  );
}

/** The record page's way to the statement of the wallet its records move. */
export function StatementLink({ wallet }: { wallet: StatementWallet }) {
  const { t } = useTranslation();
  return (
    <Link to={statementPath(wallet)} className="statement-link" data-testid="records-statement">
      {t('statement.recordsLink')}
    </Link>
  );
}

const ENDPOINTS = {
  deposit: api.records.deposit,
  withdraw: api.records.withdraw,
  points: api.records.points,
} as const;

/** One page for the four record lists (docs/product.md#records). */
export function RecordsPage({ kind }: { kind: RecordKind }) {
  const { t } = useTranslation();
  const stored = useSession((s) => s.profitType);
  const bill = useBill();
  const type = kind === 'profit' && (PROFIT_TYPES as readonly string[]).includes(stored) ? (stored as ProfitType) : '';
  const fetchPage = (cursor: string | undefined) =>
    kind === 'profit'
      ? call(api.records.profit, { cursor, limit: 20, ...(type ? { type } : {}) })
      : call(ENDPOINTS[kind], { cursor, limit: 20 });
  return (
    <Page
      title={t(`records.${kind}Title`)}
      padded={false}
      testId={`${kind}-record-page`}
      right={<StatementLink wallet={RECORD_LIST_WALLETS[kind]} />}
    >
      {kind === 'profit' ? <ProfitFilter value={type} /> : null}
      <InfiniteList<LedgerRecord>
        key={type}
        queryKey={queryKeys.records(kind, type)}
        fetchPage={fetchPage}
        itemKey={(r) => r.id}
        renderItem={(r) => <RecordRow record={r} points={kind === 'points'} />}
        emptyTitle={t('records.empty')}
        emptyHint={t(`records.${kind}EmptyHint`)}
        testId="record-list"
        onRefresh={() => bill.refetch()}
      />
    </Page>
  );
}

export const ProfitRecordPage = () => <RecordsPage kind="profit" />;
export const PointsRecordPage = () => <RecordsPage kind="points" />;
export default RecordsPage;
