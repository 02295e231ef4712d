import type { VipBenefits, VipLevel } from '@app/contracts';
import { Button, ProgressBar } from 'antd-mobile';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrency } from '../../api/hooks';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { formatMoney, formatPercent, formatShare } from '../../lib/format';
import { ActivateSheet } from './ActivateSheet';
import { currentLevel, NO_BENEFITS, nextVipLevel, requirementPercent } from './levelText';
import { useVipLevels } from './useVipLevels';

type Requirement = NonNullable<VipLevel['requirement']>;

/** A requirement's figure as the user reads it: money with the currency, a team in members. */
function useFigure() {
  const symbol = useCurrency();
  return (kind: Requirement['kind'], value: string) => (kind === 'teamSize' ? value : formatMoney(value, symbol));
}

/** Each benefit with its value: "+2" a day, "50%" ("50 %" in French); "—" for none. */
function useBenefitValues() {
  const count = (n: number) => (n > 0 ? `+${n}` : '—');
  const share = (rate: string) => (/[1-9]/.test(rate) ? formatShare(rate) : '—');
  return (benefits: VipBenefits): [keyof VipBenefits, string][] => [
    ['extraDraws', count(benefits.extraDraws)],
    ['withdrawFeeDiscount', share(benefits.withdrawFeeDiscount)],
    ['extraWithdrawals', count(benefits.extraWithdrawals)],
    ['incomeBonusRate', share(benefits.incomeBonusRate)],
  ];
}

/** The benefits as rows (the user's own) or as a grid of figures (a level's card). */
function Benefits({ benefits, testId, grid }: { benefits: VipBenefits; testId: string; grid?: boolean }) {
  const { t } = useTranslation();
  const values = useBenefitValues()(benefits);
  if (grid)
    return (
      <div className="grid2 level-benefits" data-testid={testId}>
        {values.map(([key, value]) => (
          <div key={key}>
            <div className="figure-label">{t(`levels.benefits.${key}`)}</div>
            <div className="figure-value" data-testid={`${testId}-${key}`}>
              {value}
            </div>
          </div>
        ))}
      </div>
    );
  return (
    <div data-testid={testId}>
      {values.map(([key, value]) => (
        <div className="detail-row" key={key}>
          <span className="muted">{t(`levels.benefits.${key}`)}</span>
          <span className="detail-value" data-testid={`${testId}-${key}`}>
            {value}
          </span>
        </div>
      ))}
    </div>
  );
}

/**
 * How the user holds a level, beside its name: "Reached" only when its requirement is met; a level
 * that a higher one includes (a bought SVIP level includes the levels below it) names that level.
 */
function LevelState({ level, isCurrent }: { level: VipLevel; isCurrent: boolean }) {
  const { t } = useTranslation();
  const testId = `level-${level.level}-state`;
  if (isCurrent)
    return (
      <span className="badge level-state current" data-testid={testId}>
        {t('levels.currentTag')}
      </span>
    );
  const text =
    level.holds === 'met'
      ? t('levels.reached')
      : level.holds === 'bought'
        ? t('levels.bought')
        : level.holds === 'included' && level.includedIn
          ? t('levels.includedIn', { name: level.includedIn.name })
          : null;
  if (!text) return null;
  return (
    <span
      className={level.holds === 'included' ? 'badge level-state included' : 'badge level-state'}
      data-testid={testId}
    >
      {text}
    </span>
  );
}

function LevelCard({
  level,
  isCurrent,
  onActivate,
}: {
  level: VipLevel;
  isCurrent: boolean;
  onActivate: (level: VipLevel) => void;
}) {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const figure = useFigure();
  const { requirement } = level;
  return (
    <div className={isCurrent ? 'card level-card current' : 'card level-card'} data-testid={`level-${level.level}`}>
      <div className="level-card-head">
        <span className={`level-badge ${level.kind}`}>{level.name}</span>
        <LevelState level={level} isCurrent={isCurrent} />
      </div>
      <div className="detail-row">
        <span className="muted">{requirement ? t(`levels.requirement.${requirement.kind}`) : t('levels.price')}</span>
        <span className="detail-value">
          {requirement ? figure(requirement.kind, requirement.amount) : formatMoney(level.price, symbol)}
        </span>
      </div>
      <Benefits benefits={level.benefits} testId={`level-${level.level}-benefits`} grid />
      {level.kind === 'svip' && !level.reached ? (
        <Button
          block
          color="primary"
          size="small"
          className="level-activate"
          onClick={() => onActivate(level)}
          data-testid={`activate-${level.level}`}
        >
          {`${t('levels.activate')} · ${formatMoney(level.price, symbol)}`}
        </Button>
      ) : null}
    </div>
  );
}

function CurrentLevel({ levels }: { levels: VipLevel[] }) {
  const { t } = useTranslation();
  const figure = useFigure();
  const held = currentLevel(levels);
  const next = nextVipLevel(levels);
  const requirement = next?.requirement;
  const percent = requirement ? requirementPercent(requirement) : 100;
  return (
    <div className="card hero level-hero" data-testid="level-current">
      <div className="hero-label">{t('levels.current')}</div>
      <div className="level-hero-name" data-testid="level-current-name">
        {held ? <span className={`level-badge ${held.kind}`}>{held.name}</span> : t('levels.none')}
      </div>
      {next && requirement ? (
        <div className="level-progress" data-testid="level-progress">
          <div className="level-progress-head">
            <span>{t('levels.next', { name: next.name })}</span>
            <span>{formatPercent(percent)}</span>
          </div>
          <ProgressBar percent={percent} />
          <div className="small level-progress-figures">
            {`${t(`levels.requirement.${requirement.kind}`)}: ${t('levels.progress', {
              current: figure(requirement.kind, requirement.current),
              target: figure(requirement.kind, requirement.amount),
            })}`}
          </div>
        </div>
      ) : levels.every((level) => level.reached) ? (
        <div className="small">{t('levels.top')}</div>
      ) : null}
      {levels.some((level) => level.kind === 'svip' && !level.reached) ? (
        <p className="hero-hint small level-hint">{t('levels.svipHint')}</p>
      ) : null}
    </div>
  );
}

/** mine/levelUser: the level held, progress to the next, every level's benefits, SVIP activation. */
export default function LevelUserPage() {
  const { t } = useTranslation();
  const query = useVipLevels();
  const [buying, setBuying] = useState<VipLevel | null>(null);
  const levels = query.data;
  const held = levels ? currentLevel(levels) : undefined;

  let body: ReactNode;
  if (!levels && query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!levels) body = <LoadingSkeleton lines={8} />;
  else if (levels.length === 0)
    body = <EmptyState title={t('levels.empty')} description={t('levels.emptyHint')} testId="levels-empty" />;
  else
    body = (
      <>
        <CurrentLevel levels={levels} />
        <div className="section-title">{t('levels.myBenefits')}</div>
        <div className="card detail-list">
          <Benefits benefits={held?.benefits ?? NO_BENEFITS} testId="my-benefits" />
        </div>
        <div className="section-title">{t('levels.all')}</div>
        {levels.map((level) => (
          <LevelCard key={level.level} level={level} isCurrent={level === held} onActivate={setBuying} />
        ))}
      </>
    );

  return (
    <Page title={t('levels.title')} back="/mine/info" padded={false} testId="level-page">
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded">{body}</div>
      </Refresh>
      <ActivateSheet level={buying} onClose={() => setBuying(null)} />
    </Page>
  );
}
