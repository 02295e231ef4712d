import type { Banner } from '@app/contracts';
import { Dialog, NoticeBar, Skeleton, Swiper } from 'antd-mobile';
import {
  AddCircleOutline,
  BankcardOutline,
  CalendarOutline,
  ContentOutline,
  FileOutline,
  GiftOutline,
  MailOutline,
  MessageOutline,
  SendOutline,
  StarOutline,
  TextOutline,
  TravelOutline,
  UserAddOutline,
} from 'antd-mobile-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../../store/session';
import { DRAW_RECORDS_PATH, drawPath } from '../draws/drawText';
import { useDrawCampaigns } from '../draws/useDraws';
import { EVENT_PATHS } from '../events/eventText';
import { useEvents } from '../events/useEvents';
import { UnreadBadge } from '../messages/UnreadBadge';
import { MESSAGES_PATH } from '../messages/useMessages';
import { RichText } from './ContentViews';
import { bannerTarget, CONTENT_PATHS } from './contentPaths';
import { useBanners, useNotices } from './useContent';
import './content.css';

/** The spec's swiper interval. */
export const BANNER_INTERVAL_MS = 3000;

function BannerSlide({ banner }: { banner: Banner }) {
  const image = <img className="banner-image" src={banner.image} alt={banner.title} />;
  const target = bannerTarget(banner.link);
  if (target?.kind === 'route') return <Link to={target.href}>{image}</Link>;
  if (target?.kind === 'external')
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer">
        {image}
      </a>
    );
  return image;
}

/** Home's banners, turning every 3 seconds; nothing at all while none is published. */
export function HomeBanners() {
  const query = useBanners();
  if (query.isPending) return <Skeleton animated className="banner-skeleton" />;
  if (!query.data || query.data.length === 0) return null;
  return (
    <div className="banners" data-testid="home-banners">
      <Swiper autoplay={query.data.length > 1} autoplayInterval={BANNER_INTERVAL_MS} loop={query.data.length > 1}>
        {query.data.map((banner) => (
          <Swiper.Item key={banner.id} data-testid={`banner-${banner.id}`}>
            <BannerSlide banner={banner} />
          </Swiper.Item>
        ))}
      </Swiper>
    </div>
  );
}

/** Home's notices, scrolling in one bar; a tap shows them in full. */
export function HomeNotices() {
  const { t } = useTranslation();
  const { data, isPending } = useNotices();
  // The bar's place is kept while it loads: appearing later, it pushed everything below it down.
  if (isPending) return <Skeleton animated className="notice-skeleton" />;
  if (!data || data.length === 0) return null;
  const open = () =>
    Dialog.alert({
      title: t('content.home.notices'),
      confirmText: t('common.confirm'),
      content: (
        <div className="notices" data-testid="notices-dialog">
          {data.map((notice) => (
            <section key={notice.id} className="notice">
              <h2 className="notice-title">{notice.title}</h2>
              {notice.body ? <RichText html={notice.body} /> : null}
            </section>
          ))}
        </div>
      ),
    });
  return (
    <div className="home-notices" data-testid="home-notices">
      <NoticeBar
        content={data.map((notice) => notice.title).join('    ·    ')}
        color="info"
        shape="rounded"
        onClick={open}
      />
    </div>
  );
}

interface Entry {
  to: string;
  label: string;
  icon: ReactNode;
  testId: string;
}

/**
 * Home's entries: what it offered before (wallet, products, service, invite) and deposit,
 * withdraw, draws, events, news, posts, guides and honor. Draws and events open the one running.
 */
export function HomeEntries() {
  const { t } = useTranslation();
  const campaigns = useDrawCampaigns().data;
  const events = useEvents().data;
  const campaign = campaigns?.[0];
  const event = events?.[0];
  const entries: Entry[] = [
    { to: '/wallet/deposit', label: t('content.entries.deposit'), icon: <AddCircleOutline />, testId: 'quick-deposit' },
    { to: '/wallet/withdraw', label: t('content.entries.withdraw'), icon: <SendOutline />, testId: 'quick-withdraw' },
    { to: '/wallet/info', label: t('quick.wallet'), icon: <BankcardOutline />, testId: 'quick-wallet' },
    { to: '/mine/inviteFriends', label: t('quick.invite'), icon: <UserAddOutline />, testId: 'quick-invite' },
    {
      to: campaign ? drawPath(campaign) : DRAW_RECORDS_PATH,
      label: t('content.entries.draws'),
      icon: <GiftOutline />,
      testId: 'quick-draws',
    },
    {
      to: EVENT_PATHS[event?.kind ?? 'anniversary'],
      label: t('content.entries.events'),
      icon: <CalendarOutline />,
      testId: 'quick-events',
    },
    { to: CONTENT_PATHS.news, label: t('content.entries.news'), icon: <FileOutline />, testId: 'quick-news' },
    { to: CONTENT_PATHS.posts, label: t('content.entries.posts'), icon: <TextOutline />, testId: 'quick-posts' },
    {
      to: CONTENT_PATHS.guideTypes,
      label: t('content.entries.guides'),
      icon: <TravelOutline />,
      testId: 'quick-guides',
    },
    { to: CONTENT_PATHS.honors, label: t('content.entries.honor'), icon: <StarOutline />, testId: 'quick-honor' },
    { to: '/product/list', label: t('quick.products'), icon: <ContentOutline />, testId: 'quick-products' },
    { to: '/contactUs/info', label: t('quick.contact'), icon: <MessageOutline />, testId: 'quick-contact' },
  ];
  return (
    <div className="quick-links home-entries" data-testid="home-entries">
      {entries.map((entry) => (
        <Link key={entry.testId} to={entry.to} className="quick-link" data-testid={entry.testId}>
          <span className="quick-icon">{entry.icon}</span>
          <span className="quick-label">{entry.label}</span>
        </Link>
      ))}
    </div>
  );
}

/** Home's header: the system messages with the unread count, for a signed-in user. */
export function HomeMessages() {
  const { t } = useTranslation();
  const token = useSession((s) => s.token);
  if (!token) return null;
  return (
    <Link to={MESSAGES_PATH} className="icon-button" aria-label={t('messages.menu')} data-testid="home-messages">
      <UnreadBadge>
        <MailOutline fontSize={22} />
      </UnreadBadge>
    </Link>
  );
}
