import type { DrawRecordDetail } from '@app/contracts';
import { Button, Toast } from 'antd-mobile';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../api';
import { useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { formatDateTime, formatPoints } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../store/session';
import { StatusTag, statusText } from './DrawRecordPage';
import { addressPickerPath, DRAW_RECORDS_PATH, needsAddress, prizeValue, recordPath } from './drawText';
import { drawKeys, useDrawRecord } from './useDraws';
import './draws.css';

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div className="detail-row">
      <span className="muted">{label}</span>
      <span className="detail-value" data-testid={testId}>
        {children}
      </span>
    </div>
  );
}

/**
 * The address page returns here with `addressId`: the choice made there is sent once, then the
 * parameter is dropped so a reload or back does not send it again.
 */
function useChosenAddress(record: DrawRecordDetail | undefined) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const chosen = Number(params.get('addressId'));
  const sent = useRef(false);
  useEffect(() => {
    if (!record || !needsAddress(record.status) || !(chosen > 0) || sent.current) return;
    sent.current = true;
    call(api.draws.setAddress, { addressId: chosen }, { id: record.id })
      .then((saved) => {
        queryClient.setQueryData(drawKeys.record(record.id), saved);
        void queryClient.invalidateQueries({ queryKey: drawKeys.records });
        Toast.show({ icon: 'success', content: t('draws.detail.addressSaved') });
      })
      .catch(() => undefined)
      .finally(() => navigate(recordPath(record.id), { replace: true }));
  }, [record, chosen, navigate, t]);
}

/** pagesB/mine/drawRecordDetail?id=: the prize, its status, and for goods the address and shipping. */
export default function DrawRecordDetailPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const query = useDrawRecord(id);
  const record = query.data;
  useChosenAddress(record);

  let body: ReactNode;
  if (!record && (query.isError || !(id > 0))) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!record) body = <LoadingSkeleton lines={6} />;
  else {
    const goods = record.prizeKind === 'goods';
    const address = record.address;
    body = (
      <>
        <div className="card hero draw-detail-hero" data-testid="draw-detail">
          <div className="hero-label">{t('draws.detail.prize')}</div>
          <div className="draw-detail-prize" data-testid="draw-detail-prize">
            {record.prizeName}
          </div>
          {goods || record.prizeKind === 'nothing' ? null : (
            <div className="hero-value">
              {prizeValue({ kind: record.prizeKind, amount: record.amount, name: record.prizeName }, symbol, t)}
            </div>
          )}
          <StatusTag record={record} />
        </div>
        <div className="card detail-list">
          <Row label={t('draws.detail.campaign')}>{record.campaignName}</Row>
          <Row label={t('draws.detail.drawnAt')}>{formatDateTime(record.createdAt, language)}</Row>
          <Row label={t('draws.detail.pointsSpent')}>{formatPoints(String(record.pointsSpent))}</Row>
          <Row label={t('draws.detail.status')}>{statusText(record, t)}</Row>
        </div>
        {goods ? (
          <>
            <div className="section-title">{t('draws.detail.address')}</div>
            {address ? (
              <div className="card draw-address" data-testid="draw-detail-address">
                <div className="draw-address-name">
                  {`${address.firstName} ${address.lastName}`} <span className="muted">{address.phone}</span>
                </div>
                <div className="muted small">
                  {[address.detail, address.city, address.region, address.postalCode].filter(Boolean).join(', ')}
                </div>
              </div>
            ) : (
              <div className="card draw-address">
                <p className="muted small">{t('draws.detail.addressHint')}</p>
                <Button
                  block
                  color="primary"
                  onClick={() => navigate(addressPickerPath(record.id))}
                  data-testid="draw-choose-address"
                >
                  {t('draws.detail.chooseAddress')}
                </Button>
              </div>
            )}
            {record.status === 'shipped' ? (
              <div className="card detail-list" data-testid="draw-detail-shipping">
                {record.carrier ? <Row label={t('draws.detail.carrier')}>{record.carrier}</Row> : null}
                <Row label={t('draws.detail.tracking')} testId="draw-detail-tracking">
                  {record.tracking}
                </Row>
                {record.shippedAt ? (
                  <Row label={t('draws.detail.shippedAt')}>{formatDateTime(record.shippedAt, language)}</Row>
                ) : null}
              </div>
            ) : null}
          </>
        ) : null}
      </>
    );
  }

  return (
    <Page title={t('draws.detail.title')} back={DRAW_RECORDS_PATH} padded={false} testId="draw-detail-page">
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">{body}</div>
      </Refresh>
    </Page>
  );
}
