import type { Bill, DrawCampaign, DrawKind, DrawResult } from '@app/contracts';
import { Button, Dialog } from 'antd-mobile';
import { type ComponentType, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError, call } from '../../api';
import { queryKeys, useActionKey, useBill, useCurrency } from '../../api/hooks';
import { api } from '../../api/routes';
import { FormError } from '../../components/Field';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatDate, formatPoints } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../store/session';
import { CapsuleStage } from './CapsuleStage';
import { isWin, pickCampaign, prizeSlot, prizeValue, recordPath } from './drawText';
import { GridStage } from './GridStage';
import { type DrawPhase, fillSlots, type StageProps } from './stage';
import { TurntableStage } from './TurntableStage';
import { drawKeys, useDrawCampaigns } from './useDraws';
import { WindowStage } from './WindowStage';
import './draws.css';

/** Each kind's stage and how many slots it lays the prizes out on. */
const STAGES: Record<DrawKind, { Stage: ComponentType<StageProps>; min: number; max: number }> = {
  turntable: { Stage: TurntableStage, min: 6, max: 12 },
  grid: { Stage: GridStage, min: 8, max: 8 },
  capsule: { Stage: CapsuleStage, min: 1, max: 12 },
  window: { Stage: WindowStage, min: 1, max: 12 },
};

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div>
      <div className="figure-label">{label}</div>
      <div className="figure-value" data-testid={testId}>
        {value}
      </div>
    </div>
  );
}

/** The figures the server sent back are the truth: the cached list and bill take them at once. */
function applyResult(campaignId: number, result: DrawResult) {
  queryClient.setQueryData<DrawCampaign[]>(drawKeys.campaigns, (list) =>
    list?.map((c) => (c.id === campaignId ? { ...c, drawsLeftToday: result.drawsLeftToday } : c)),
  );
  queryClient.setQueryData<Bill>(queryKeys.bill, (bill) => (bill ? { ...bill, points: result.points } : bill));
  void queryClient.invalidateQueries({ queryKey: drawKeys.records });
  void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
}

function DrawBoard({ campaign }: { campaign: DrawCampaign }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const symbol = useCurrency();
  const language = useSession((s) => s.language);
  const { bill } = useBill();
  const action = useActionKey();
  const [phase, setPhase] = useState<DrawPhase>('idle');
  const [target, setTarget] = useState(-1);
  const [result, setResult] = useState<DrawResult | null>(null);
  const [shownResult, setShownResult] = useState<DrawResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { Stage, min, max } = STAGES[campaign.kind];
  const slots = useMemo(() => fillSlots(campaign.prizes, min, max), [campaign.prizes, min, max]);

  const draw = async () => {
    if (phase !== 'idle') return;
    setError(null);
    setPhase('drawing');
    try {
      const answer = await call(api.draws.draw, {}, { id: campaign.id }, { action, quiet: true });
      applyResult(campaign.id, answer);
      setResult(answer);
      setTarget(prizeSlot(slots, answer.prize.id));
      setPhase('landing');
    } catch (e) {
      setPhase('idle');
      setError(e instanceof ApiError && e.msg ? e.msg : t('draws.failed'));
      void queryClient.invalidateQueries({ queryKey: drawKeys.campaigns });
      void queryClient.invalidateQueries({ queryKey: queryKeys.bill });
    }
  };

  const landed = useCallback(() => {
    setPhase('idle');
    setShownResult(result);
  }, [result]);

  const won = shownResult ? isWin(shownResult.prize.kind) : false;
  const goods = shownResult?.prize.kind === 'goods';
  const busy = phase !== 'idle';

  return (
    <>
      <div className="card draw-figures" data-testid="draw-figures">
        <Figure label={t('draws.perDraw')} value={campaign.pointsPerDraw} testId="draw-cost" />
        <Figure label={t('draws.leftToday')} value={campaign.drawsLeftToday} testId="draw-left" />
        <Figure label={t('draws.myPoints')} value={formatPoints(bill?.points)} testId="draw-points" />
      </div>
      <div className="draw-title">
        <span className="draw-name" data-testid="draw-name">
          {campaign.name}
        </span>
        <span className="muted small">{t('draws.endsAt', { date: formatDate(campaign.endsAt, language) })}</span>
      </div>
      {campaign.kind === 'window' ? <p className="muted small center-text">{t('draws.tapWindow')}</p> : null}
      {campaign.kind === 'capsule' ? <p className="muted small center-text">{t('draws.capsuleHint')}</p> : null}
      <Stage
        slots={slots}
        phase={phase}
        target={target}
        onDraw={() => void draw()}
        onLanded={landed}
        goLabel={t('draws.go')}
      />
      <FormError message={error ?? ''} testId="draw-error" className="draw-error" />
      {campaign.kind === 'window' ? null : (
        <Button
          block
          color="primary"
          className="draw-button"
          loading={busy}
          loadingText={t('draws.drawing')}
          disabled={busy}
          onClick={() => void draw()}
          data-testid="draw-start"
        >
          {t('draws.start', { count: campaign.pointsPerDraw, points: formatPoints(String(campaign.pointsPerDraw)) })}
        </Button>
      )}
      <div className="section-title">{t('draws.prizes')}</div>
      <div className="draw-prizes" data-testid="draw-prizes">
        {campaign.prizes.map((prize) => (
          <div className="draw-prize" key={prize.id}>
            <span className="draw-prize-name">{prize.name}</span>
            <span className="muted small">
              {prize.kind === 'goods' || prize.kind === 'nothing'
                ? t(`draws.prizeKinds.${prize.kind}`)
                : prizeValue(prize, symbol, t)}
            </span>
          </div>
        ))}
      </div>
      <Dialog
        visible={shownResult !== null}
        onClose={() => setShownResult(null)}
        title={won ? t('draws.won') : t('draws.missed')}
        content={
          shownResult ? (
            <div className="draw-result" data-testid="draw-result" data-kind={shownResult.prize.kind}>
              {won ? (
                <div className="draw-result-prize" data-testid="draw-result-prize">
                  {prizeValue(shownResult.prize, symbol, t)}
                </div>
              ) : (
                <div className="muted">{t('draws.missedHint')}</div>
              )}
              {won && shownResult.prize.kind !== 'goods' ? <div className="muted">{shownResult.prize.name}</div> : null}
              {goods ? <div className="muted small">{t('draws.addressNeeded')}</div> : null}
            </div>
          ) : null
        }
        actions={[
          [
            { key: 'again', text: <span data-testid="draw-again">{t('draws.again')}</span> },
            {
              key: 'view',
              text: <span data-testid="draw-view-prize">{t('draws.viewPrize')}</span>,
              bold: true,
              disabled: !won,
            },
          ],
        ]}
        onAction={(item) => {
          const recordId = shownResult?.recordId;
          setShownResult(null);
          if (item.key === 'view' && recordId) navigate(recordPath(recordId));
        }}
      />
    </>
  );
}

/** A draw screen of one kind: the campaign named by `?id=` (or the first of the kind), animated by its stage. */
export function DrawScreen({ kind }: { kind: DrawKind }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const query = useDrawCampaigns();
  const bill = useBill();
  const raw = Number(params.get('id'));
  const campaign = query.data
    ? pickCampaign(query.data, kind, Number.isInteger(raw) && raw > 0 ? raw : null)
    : undefined;

  let body: ReactNode;
  if (!query.data && query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!query.data) body = <LoadingSkeleton lines={8} />;
  else if (!campaign)
    body = <EmptyState title={t('draws.empty')} description={t('draws.emptyHint')} testId="draw-empty" />;
  else body = <DrawBoard key={campaign.id} campaign={campaign} />;

  return (
    <Page title={t(`draws.kinds.${kind}`)} padded={false} testId={`draw-${kind}-page`}>
      <Refresh onRefresh={() => Promise.all([query.refetch(), bill.refetch()])}>
        <div className="padded draw-page">{body}</div>
      </Refresh>
    </Page>
  );
}

export const TurntablePage = () => <DrawScreen kind="turntable" />;
export const GridPage = () => <DrawScreen kind="grid" />;
export const CapsulePage = () => <DrawScreen kind="capsule" />;
export const WindowPage = () => <DrawScreen kind="window" />;
