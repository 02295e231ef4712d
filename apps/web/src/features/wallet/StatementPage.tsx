import type { EntryType, StatementLine, StatementWallet } from '@app/contracts';
import { Button, DatePicker, Popup, Tabs, Toast } from 'antd-mobile';
import { DownlandOutline, FilterOutline } from 'antd-mobile-icons';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ApiError, call } from '../../api';
import { queryKeys, useAppConfig, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { downloadText } from '../../lib/download';
import { formatCalendarDay, formatDateTime, formatMoney, formatPoints } from '../../lib/format';
import { useSession } from '../../store/session';
import { signedAmount } from '../records/RecordsPage';
import {
  dateToDay,
  dayToDate,
  EXPORT_PAGE_SIZE,
  fetchAllLines,
  isOutgoing,
  kindOf,
  STATEMENT_KINDS,
  statementFilename,
  thisMonth,
  validRange,
  WALLETS,
  walletOf,
} from './statement';
import { statementCsv } from './statementCsv';
import './statement.css';

/** The bill's figure of each wallet: the balance the statement's newest line ends on. */
const BALANCE_OF = { deposit: 'rechargeBalance', income: 'incomeBalance', points: 'points' } as const;

/** One movement: what moved the wallet (or the kind's own name), when, by how much, and the balance after it. */
export function StatementRow({ line, wallet }: { line: StatementLine; wallet: StatementWallet }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  const points = wallet === 'points';
  const label = t(`records.types.${line.kind}`);
  const source = line.source.trim();
  const balance = points ? formatPoints(line.balanceAfter) : formatMoney(line.balanceAfter, symbol);
  return (
    <div className="card record statement-row" data-testid="statement-row" data-kind={line.kind}>
      <div className="record-main">
        <div className="record-title statement-source" data-testid="statement-source">
          {source || label}
        </div>
        <div className="muted small">
          {source ? (
            <>
              <span data-testid="statement-kind">{label}</span>
              {' · '}
            </>
          ) : null}
          <span className="nowrap">{formatDateTime(line.at, language)}</span>
        </div>
      </div>
      <div className="record-side">
        <div className={isOutgoing(line.amount) ? 'amount negative' : 'amount positive'} data-testid="statement-amount">
          {signedAmount(line.amount, points ? null : symbol)}
        </div>
        <div className="muted small statement-balance-after" data-testid="statement-balance">
          {t('statement.balanceAfter', { amount: balance })}
        </div>
      </div>
    </div>
  );
}

/** The kind filter: a sheet of "all" and the kinds this wallet has. */
function KindSheet({
  wallet,
  value,
  visible,
  onChoose,
  onClose,
}: {
  wallet: StatementWallet;
  value: EntryType | '';
  visible: boolean;
  onChoose: (kind: EntryType | '') => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const options: (EntryType | '')[] = ['', ...STATEMENT_KINDS[wallet]];
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="sheet statement-sheet">
      <div className="sheet-title">{t('statement.chooseKind')}</div>
      <div className="statement-options" role="listbox" aria-label={t('statement.kind')} data-testid="statement-kinds">
        {options.map((kind) => (
          <button
            key={kind || 'all'}
            type="button"
            role="option"
            aria-selected={value === kind}
            className={value === kind ? 'statement-option active' : 'statement-option'}
            data-testid={`statement-kind-${kind || 'all'}`}
            onClick={() => onChoose(kind)}
          >
            {kind ? t(`records.types.${kind}`) : t('statement.allKinds')}
          </button>
        ))}
      </div>
    </Popup>
  );
}

type Progress =
  | { state: 'idle' }
  | { state: 'reading'; lines: number }
  | { state: 'nothing' }
  | { state: 'failed'; reason: string };

/**
 * The export: two days (this month by default), then every page of the range read in turn and
 * written as a CSV file. Reading shows how far it got and can be cancelled; a failure says why and
 * what to do; a range with nothing in it says so instead of downloading an empty file.
 */
function ExportSheet({
  wallet,
  kind,
  visible,
  onClose,
}: {
  wallet: StatementWallet;
  kind: EntryType | '';
  visible: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const config = useAppConfig().config;
  const symbol = useCurrency();
  const timeZone = config?.timezone;
  /** The zone the days are of, as the sheet and the file's header name it (the device's until the configuration is known). */
  const zoneName = timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone;
  const [range, setRange] = useState(() => thisMonth(new Date(), timeZone));
  /** Whether the user picked a day: until then, each opening offers this month as of then. */
  const [picked, setPicked] = useState(false);
  const [picking, setPicking] = useState<'from' | 'to' | null>(null);
  const [progress, setProgress] = useState<Progress>({ state: 'idle' });
  const running = useRef<AbortController | null>(null);
  const busy = progress.state === 'reading';
  const rangeOk = validRange(range.from, range.to);
  const today = dayToDate(thisMonth(new Date(), timeZone).to);

  // Leaving the page stops an export under way.
  useEffect(() => () => running.current?.abort(), []);

  useEffect(() => {
    if (visible && !picked) setRange(thisMonth(new Date(), timeZone));
  }, [visible, picked, timeZone]);

  const close = () => {
    running.current?.abort();
    running.current = null;
    setProgress({ state: 'idle' });
    onClose();
  };

  const setDay = (which: 'from' | 'to', day: string) => {
    setRange((current) => ({ ...current, [which]: day }));
    setPicked(true);
    setProgress({ state: 'idle' });
  };

  async function download() {
    if (!rangeOk || busy) return;
    const controller = new AbortController();
    running.current = controller;
    setProgress({ state: 'reading', lines: 0 });
    const { from, to } = range;
    try {
      const lines = await fetchAllLines(
        (cursor) =>
          call(
            api.wallet.statement,
            { wallet, cursor, limit: EXPORT_PAGE_SIZE, from, to, ...(kind ? { kind } : {}) },
            undefined,
            { quiet: true, signal: controller.signal },
          ),
        { signal: controller.signal, onProgress: (count) => setProgress({ state: 'reading', lines: count }) },
      );
      if (controller.signal.aborted) return;
      if (lines.length === 0) {
        setProgress({ state: 'nothing' });
        return;
      }
      const points = wallet === 'points';
      const csv = statementCsv(lines, {
        headers: {
          date: t('statement.csv.date', { timezone: zoneName }),
          kind: t('statement.csv.kind'),
          source: t('statement.csv.source'),
          amount: points ? t('statement.csv.points') : t('statement.csv.amount', { currency: symbol }),
          balanceAfter: points ? t('statement.csv.pointsAfter') : t('statement.csv.balanceAfter', { currency: symbol }),
        },
        kindLabel: (type) => t(`records.types.${type}`),
        timeZone,
      });
      const file = statementFilename(wallet, from, to, kind);
      downloadText(file, csv);
      Toast.show({ content: t('statement.downloaded', { file }) });
      running.current = null;
      setProgress({ state: 'idle' });
      onClose();
    } catch (error) {
      if (controller.signal.aborted) return;
      setProgress({ state: 'failed', reason: error instanceof ApiError ? error.msg : t('common.loadFailed') });
    } finally {
      if (running.current === controller) running.current = null;
    }
  }

  const dayButton = (which: 'from' | 'to') => (
    <button
      type="button"
      className="statement-day"
      data-testid={`statement-export-${which}`}
      data-day={range[which]}
      disabled={busy}
      onClick={() => setPicking(which)}
    >
      <span className="muted small">{t(`statement.${which}`)}</span>
      <strong>{formatCalendarDay(range[which])}</strong>
    </button>
  );

  return (
    <Popup
      visible={visible}
      onMaskClick={busy ? undefined : close}
      onClose={close}
      bodyClassName="sheet statement-sheet"
    >
      <div className="sheet-title">{t('statement.exportTitle')}</div>
      <div className="padded statement-export" data-testid="statement-export">
        <div className="statement-export-wallet">{t(`statement.wallets.${wallet}`)}</div>
        <p className="muted small note">{t('statement.exportHint', { timezone: zoneName })}</p>
        {kind ? (
          <p className="muted small note" data-testid="statement-export-kind">
            {t('statement.exportKind', { kind: t(`records.types.${kind}`) })}
          </p>
        ) : null}
        <div className="statement-days">
          {dayButton('from')}
          {dayButton('to')}
        </div>
        {rangeOk ? null : (
          <div className="form-error small" role="alert" data-testid="statement-export-range">
            {t('statement.badRange')}
          </div>
        )}
        {progress.state === 'reading' ? (
          <div className="muted small" role="status" data-testid="statement-export-progress">
            {t('statement.reading', { lines: progress.lines })}
          </div>
        ) : null}
        {progress.state === 'nothing' ? (
          <div className="muted small" role="status" data-testid="statement-export-nothing">
            {t('statement.nothing')}
          </div>
        ) : null}
        {progress.state === 'failed' ? (
          <div className="form-error small" role="alert" data-testid="statement-export-error">
            <div>{t('statement.failed', { reason: progress.reason })}</div>
            <div>{t('statement.failedHint')}</div>
          </div>
        ) : null}
        <div className="sheet-actions statement-export-actions">
          <Button
            block
            color="primary"
            loading={busy}
            disabled={!rangeOk}
            onClick={() => void download()}
            data-testid="statement-export-download"
          >
            {t('statement.download')}
          </Button>
          <Button block fill="outline" onClick={close} data-testid="statement-export-cancel">
            {t('common.cancel')}
          </Button>
        </div>
      </div>
      <DatePicker
        visible={picking !== null}
        title={picking === 'to' ? t('statement.pickTo') : t('statement.pickFrom')}
        precision="day"
        value={picking ? dayToDate(range[picking]) : null}
        min={new Date(today.getFullYear() - 10, 0, 1)}
        max={today}
        onClose={() => setPicking(null)}
        onConfirm={(date) => {
          if (picking) setDay(picking, dateToDay(date));
        }}
      />
    </Popup>
  );
}

/**
 * wallet/statement?wallet=deposit|income|points[&kind=]: every movement of one wallet, newest first,
 * with what moved it and the balance after it; filtered by kind, exported as a CSV of a date range.
 */
export default function StatementPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const wallet = walletOf(params.get('wallet'));
  const kind = kindOf(wallet, params.get('kind'));
  const bill = useBill();
  const symbol = useCurrency();
  const [choosing, setChoosing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const balance = bill.bill?.[BALANCE_OF[wallet]];

  const show = (next: { wallet: StatementWallet; kind?: EntryType | '' }) =>
    setParams(next.kind ? { wallet: next.wallet, kind: next.kind } : { wallet: next.wallet }, { replace: true });

  return (
    <Page
      title={t('statement.title')}
      padded={false}
      testId="statement-page"
      right={
        <Button size="mini" fill="none" onClick={() => setExporting(true)} data-testid="statement-export-open">
          <DownlandOutline aria-hidden /> {t('statement.export')}
        </Button>
      }
    >
      <Tabs
        activeKey={wallet}
        onChange={(key) => show({ wallet: walletOf(key) })}
        className="cycle-tabs statement-tabs"
        data-testid="statement-tabs"
      >
        {WALLETS.map((w) => (
          <Tabs.Tab key={w} title={<span data-testid={`statement-tab-${w}`}>{t(`statement.tabs.${w}`)}</span>} />
        ))}
      </Tabs>
      <InfiniteList<StatementLine>
        key={`${wallet}:${kind}`}
        queryKey={queryKeys.statement(wallet, kind)}
        fetchPage={(cursor) => call(api.wallet.statement, { wallet, cursor, limit: 20, ...(kind ? { kind } : {}) })}
        itemKey={(line) => line.id}
        renderItem={(line) => <StatementRow line={line} wallet={wallet} />}
        emptyTitle={kind ? t('statement.emptyKind', { kind: t(`records.types.${kind}`) }) : t('statement.empty')}
        emptyHint={kind ? t('statement.emptyKindHint') : t(`statement.emptyHint.${wallet}`)}
        testId="statement-list"
        onRefresh={() => bill.refetch()}
        header={
          <div className="statement-head">
            <div className="statement-balance">
              <div className="muted small">{t('statement.balanceNow')}</div>
              <div className="statement-balance-value" data-testid="statement-balance-now">
                {wallet === 'points' ? formatPoints(balance) : formatMoney(balance, symbol)}
              </div>
            </div>
            <button
              type="button"
              className={kind ? 'chip filter active statement-kind' : 'chip filter statement-kind'}
              aria-haspopup="listbox"
              onClick={() => setChoosing(true)}
              data-testid="statement-kind-open"
            >
              <FilterOutline aria-hidden />
              <span className="ellipsis">{kind ? t(`records.types.${kind}`) : t('statement.allKinds')}</span>
            </button>
          </div>
        }
      />
      <KindSheet
        wallet={wallet}
        value={kind}
        visible={choosing}
        onClose={() => setChoosing(false)}
        onChoose={(next) => {
          setChoosing(false);
          show({ wallet, kind: next });
        }}
      />
      <ExportSheet wallet={wallet} kind={kind} visible={exporting} onClose={() => setExporting(false)} />
    </Page>
  );
}
