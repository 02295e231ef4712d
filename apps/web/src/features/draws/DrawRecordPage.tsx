import type { DrawRecord } from '@app/contracts';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { call } from '../../api';
import { useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { InfiniteList } from '../../components/InfiniteList';
import { Page } from '../../components/Page';
import { formatDateTime } from '../../lib/format';
import { useSession } from '../../store/session';
import { prizeValue, recordPath } from './drawText';
import { drawKeys } from './useDraws';
import './draws.css';

/** What became of a draw's prize: "No prize" for a draw that won nothing, never "Received". */
export function statusText(record: Pick<DrawRecord, 'status' | 'prizeKind'>, t: TFunction): string {
  return record.prizeKind === 'nothing' ? t('draws.prizeKinds.nothing') : t(`draws.status.${record.status}`);
}

export function StatusTag({ record }: { record: Pick<DrawRecord, 'status' | 'prizeKind'> }) {
  const { t } = useTranslation();
  if (record.prizeKind === 'nothing') return null;
  return (
    <span className={`draw-status ${record.status}`} data-testid="draw-record-status">
      {statusText(record, t)}
    </span>
  );
}

function RecordRow({ record }: { record: DrawRecord }) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  return (
    <Link to={recordPath(record.id)} className="card record" data-testid="draw-record-row" data-kind={record.prizeKind}>
      <div className="record-main">
        <div className="record-title">{record.prizeName}</div>
        <div className="muted small ellipsis">{record.campaignName}</div>
        <div className="muted small">{formatDateTime(record.createdAt, language)}</div>
      </div>
      <div className="draw-record-side">
        <div className="amount positive">
          {record.prizeKind === 'goods' || record.prizeKind === 'nothing'
            ? t(`draws.prizeKinds.${record.prizeKind}`)
            : prizeValue({ kind: record.prizeKind, amount: record.amount, name: record.prizeName }, symbol, t)}
        </div>
        <StatusTag record={record} />
      </div>
    </Link>
  );
}

/** pagesB/mine/drawRecord: every draw, newest first, each opening its prize details. */
export default function DrawRecordPage() {
  const { t } = useTranslation();
  return (
    <Page title={t('draws.records.title')} padded={false} testId="draw-record-page">
      <InfiniteList<DrawRecord>
        queryKey={drawKeys.records}
        fetchPage={(cursor) => call(api.draws.records, { cursor, limit: 20 })}
        itemKey={(r) => r.id}
        renderItem={(r) => <RecordRow record={r} />}
        emptyTitle={t('draws.records.empty')}
        emptyHint={t('draws.records.emptyHint')}
        testId="draw-record-list"
      />
    </Page>
  );
}
