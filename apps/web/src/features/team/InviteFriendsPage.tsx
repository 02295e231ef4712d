import { Button, Popup, Toast } from 'antd-mobile';
import { QRCodeCanvas } from 'qrcode.react';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAppConfig, useCurrency } from '../../api/hooks';
import { Page } from '../../components/Page';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { copyText } from '../../lib/clipboard';
import { formatMoney, formatShare } from '../../lib/format';
import { canShareFiles, download, drawPoster, pngOf } from './poster';
import { useTeamSummary } from './useTeam';
import './team.css';

interface Poster {
  file: File;
  url: string;
}

/** docs/product.md#referral: the invite code and link, its QR code, a poster to share, and what each level earns. */
export default function InviteFriendsPage() {
  const { t } = useTranslation();
  const symbol = useCurrency();
  const appName = useAppConfig().config?.app_name ?? '';
  const query = useTeamSummary();
  const team = query.data;
  const qr = useRef<HTMLCanvasElement>(null);
  const [poster, setPoster] = useState<Poster | null>(null);

  useEffect(() => () => (poster ? URL.revokeObjectURL(poster.url) : undefined), [poster]);

  const copy = async (text: string) => {
    const ok = await copyText(text);
    Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') });
  };

  const makePoster = async () => {
    if (!team || !qr.current) return;
    try {
      const canvas = drawPoster(qr.current, {
        appName,
        headline: t('team.posterHeadline'),
        codeLabel: t('team.inviteCode'),
        code: team.inviteCode,
        link: team.inviteUrl,
      });
      const file = new File([await pngOf(canvas)], `invite-${team.inviteCode}.png`, { type: 'image/png' });
      setPoster({ file, url: URL.createObjectURL(file) });
    } catch {
      Toast.show({ content: t('team.posterFailed') });
    }
  };

  /** Saves the poster to the phone; where the browser refuses it, the spec's "Save failed". */
  const save = (file: File) => {
    try {
      download(file);
    } catch {
      Toast.show({ content: t('common.saveFailed') });
    }
  };

  const share = async (file: File) => {
    try {
      await navigator.share({ files: [file], title: appName, text: t('team.posterHeadline') });
    } catch (error) {
      // Closing the share sheet is the user's choice, not a failure.
      if ((error as Error).name !== 'AbortError') Toast.show({ content: t('team.posterFailed') });
    }
  };

  let body: ReactNode;
  if (!team && query.isError) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (!team) body = <LoadingSkeleton lines={8} />;
  else
    body = (
      <>
        <div className="card hero">
          <div className="hero-title">{t('team.inviteHeadline')}</div>
          <p className="hero-hint">{t('team.inviteHint')}</p>
          <div className="invite-hero-row">
            <div>
              <div className="hero-label">{t('team.inviteCode')}</div>
              <div className="invite-hero-code" data-testid="invite-code">
                {team.inviteCode}
              </div>
            </div>
            <button
              type="button"
              className="hero-action"
              data-testid="copy-invite-code"
              onClick={() => copy(team.inviteCode)}
            >
              {t('team.copyCode')}
            </button>
          </div>
        </div>
        <div className="card invite-qr-card">
          <div className="qr-box">
            <QRCodeCanvas
              ref={qr}
              value={team.inviteUrl}
              size={192}
              marginSize={1}
              level="M"
              title={t('team.qrTitle')}
              data-testid="invite-qr"
            />
          </div>
          <div className="muted small">{t('team.qrTitle')}</div>
          <div className="invite-link" data-testid="invite-link">
            {team.inviteUrl}
          </div>
          <div className="invite-buttons">
            <Button color="primary" onClick={() => copy(team.inviteUrl)} data-testid="copy-invite-link">
              {t('team.copyLink')}
            </Button>
            <Button color="primary" fill="outline" onClick={makePoster} data-testid="invite-poster">
              {t('team.poster')}
            </Button>
          </div>
        </div>
        <div className="section-title">{t('team.rewardsTitle')}</div>
        <div className="card rewards" data-testid="invite-rewards">
          {team.levels.map((level) => (
            <div className="reward-row" key={level.level} data-testid={`invite-rate-${level.level}`}>
              <div className="reward-level">{level.level}</div>
              <div className="reward-text">
                <div className="reward-title">{t('team.levelName', { level: level.level })}</div>
                <div className="muted small">{t(`team.levelHint${level.level}`)}</div>
              </div>
              <div className="reward-value">{t('team.levelRate', { rate: formatShare(level.rate) })}</div>
            </div>
          ))}
          <div className="reward-row" data-testid="invite-bonus">
            <div className="reward-level">+</div>
            <div className="reward-text">
              <div className="reward-title">{t('team.newInviteBonus')}</div>
              <div className="muted small">
                {t('team.newInviteBonusHint', { amount: formatMoney(team.newInviteBonus, symbol) })}
              </div>
            </div>
          </div>
        </div>
        <div className="entry-links">
          <Link to="/mine/myTeam" className="entry-link" data-testid="invite-my-team">
            <span>{t('team.myTeamTitle')}</span>
            <span className="muted">
              {t('team.members', { count: team.teamSize })}{' '}
              <span className="chevron" aria-hidden="true">
                ›
              </span>
            </span>
          </Link>
        </div>
      </>
    );

  return (
    <Page title={t('team.inviteTitle')} testId="invite-page">
      {body}
      <Popup
        visible={poster !== null}
        onMaskClick={() => setPoster(null)}
        onClose={() => setPoster(null)}
        bodyClassName="sheet"
        destroyOnClose
      >
        {poster ? (
          <div data-testid="poster-sheet">
            <div className="sheet-title">{t('team.posterTitle')}</div>
            <img className="poster-image" src={poster.url} alt={t('team.posterTitle')} data-testid="poster-image" />
            <div className={canShareFiles(poster.file) ? 'sheet-actions' : 'sheet-actions single'}>
              <Button block fill="outline" onClick={() => save(poster.file)} data-testid="poster-save">
                {t('team.posterSave')}
              </Button>
              {canShareFiles(poster.file) ? (
                <Button block color="primary" onClick={() => share(poster.file)} data-testid="poster-share">
                  {t('team.posterShare')}
                </Button>
              ) : null}
            </div>
          </div>
        ) : null}
      </Popup>
    </Page>
  );
}
