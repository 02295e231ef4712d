import { List } from 'antd-mobile';
import { GiftOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { DRAW_RECORDS_PATH, drawPath } from './drawText';
import { useDrawCampaigns } from './useDraws';
import './draws.css';

/** Home: the running campaigns as cards, each opening its kind's screen; nothing while none runs. */
export function HomeDrawEntries() {
  const { t } = useTranslation();
  const { data } = useDrawCampaigns();
  if (!data || data.length === 0) return null;
  return (
    <>
      <div className="section-title">{t('draws.menu')}</div>
      <p className="muted small draw-entries-hint">{t('draws.entriesHint')}</p>
      <div className="draw-entries" data-testid="home-draws">
        {data.map((campaign) => (
          <Link
            key={campaign.id}
            to={drawPath(campaign)}
            className="card draw-entry"
            data-testid={`draw-entry-${campaign.id}`}
          >
            <span className={`draw-entry-icon ${campaign.kind}`} aria-hidden>
              <GiftOutline />
            </span>
            <span className="draw-entry-text">
              <span className="draw-entry-name">{campaign.name}</span>
              <span className="muted small">{t(`draws.kinds.${campaign.kind}`)}</span>
            </span>
          </Link>
        ))}
      </div>
    </>
  );
}

/**
 * My: one line per running campaign, then the draw records. The campaigns are asked for once the
 * session proved valid, like the level badge, so an expired session is answered once.
 */
export function MineDrawEntries({ sessionValid }: { sessionValid: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data } = useDrawCampaigns(sessionValid);
  return (
    <List className="menu" data-testid="mine-draws">
      {(data ?? []).map((campaign) => (
        <List.Item
          key={campaign.id}
          prefix={<GiftOutline className={`draw-kind-icon ${campaign.kind}`} />}
          description={t(`draws.kinds.${campaign.kind}`)}
          onClick={() => navigate(drawPath(campaign))}
          data-testid={`mine-draw-${campaign.id}`}
        >
          {campaign.name}
        </List.Item>
      ))}
      <List.Item prefix={<GiftOutline />} onClick={() => navigate(DRAW_RECORDS_PATH)} data-testid="mine-draw-records">
        {t('draws.records.title')}
      </List.Item>
    </List>
  );
}
