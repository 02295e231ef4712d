import { List, Toast } from 'antd-mobile';
import {
  AppstoreOutline,
  CouponOutline,
  EnvironmentOutline,
  FileOutline,
  FlagOutline,
  GiftOutline,
  GlobalOutline,
  HistogramOutline,
  LockOutline,
  PayCircleOutline,
  SetOutline,
  StarOutline,
  TeamOutline,
  UserAddOutline,
  UserOutline,
} from 'antd-mobile-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { queryKeys, useUserInfo } from '../../api/hooks';
import { LanguagePicker } from '../../components/LanguagePicker';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { LoadError, LoadingSkeleton } from '../../components/States';
import { LANGUAGE_NAMES } from '../../i18n';
import { copyText } from '../../lib/clipboard';
import { formatDate } from '../../lib/format';
import { queryClient } from '../../lib/queryClient';
import { useSession } from '../../store/session';
import { MineDrawEntries } from '../draws/DrawEntries';
import { MineEventEntries } from '../events/EventEntries';
import { MineMessageEntries } from '../messages/MessageEntries';
import { LevelBadge } from '../vip/LevelBadge';
import { Avatar } from './Avatar';
import { useSignOut } from './useSignOut';

/** The user's card and invitation, drawn again when the profile arrives, not the whole page. */
function MineProfile() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const query = useUserInfo();
  const { user } = query;

  const copy = async (text: string) => {
    const ok = await copyText(text);
    Toast.show({ content: ok ? t('common.copied') : t('common.copyFailed') });
  };

  if (!user && query.isError) return <LoadError onRetry={() => void query.refetch()} />;
  if (!user) return <LoadingSkeleton lines={4} />;
  const inviteLink = `${window.location.origin}/account/signUp?code=${encodeURIComponent(user.inviteCode)}`;
  return (
    <>
      <div className="card profile">
        <button
          type="button"
          className="profile-link"
          onClick={() => navigate('/mine/userInfo')}
          aria-label={t('profile.title')}
          data-testid="mine-profile-link"
        >
          <Avatar user={user} testId="mine-avatar" />
        </button>
        <div className="profile-text">
          <div className="profile-name break-anywhere" data-testid="mine-nickname">
            {user.nickname || user.account}
          </div>
          <div className="muted small break-anywhere" data-testid="mine-account">
            {user.account}
          </div>
          <div className="muted small break-anywhere">
            {t('mine.memberSince', { date: formatDate(user.createdAt, language) })}
          </div>
        </div>
        <LevelBadge user={user} sessionValid={query.isSuccess} />
      </div>
      <div className="card invite">
        <div>
          <div className="muted small">{t('mine.inviteCode')}</div>
          <div className="invite-code" data-testid="mine-invite-code">
            {user.inviteCode}
          </div>
        </div>
        <div className="invite-actions">
          <button type="button" className="chip" data-testid="copy-invite-code" onClick={() => copy(user.inviteCode)}>
            {t('common.copy')}
          </button>
          <button type="button" className="chip" data-testid="copy-invite-link" onClick={() => copy(inviteLink)}>
            {t('mine.inviteLink')}
          </button>
        </div>
      </div>
    </>
  );
}

/** The draw campaigns, asked for once the session proved valid (see MineDrawEntries). */
function MineDraws() {
  const { isSuccess } = useUserInfo();
  return <MineDrawEntries sessionValid={isSuccess} />;
}

function PayPasswordItem() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUserInfo();
  return (
    <List.Item
      prefix={<PayCircleOutline />}
      extra={user ? (user.hasPayPassword ? t('mine.payPasswordSet') : t('mine.payPasswordNotSet')) : null}
      onClick={() => navigate('/mine/payPassword')}
      data-testid="mine-pay-password"
    >
      {t('mine.payPassword')}
    </List.Item>
  );
}

/** The menus stay put while the profile loads: only the sections that show it read it. */
export default function MinePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const language = useSession((s) => s.language);
  const [picker, setPicker] = useState(false);
  const logout = useSignOut();

  return (
    <Page title={t('mine.title')} back={false} padded={false} testId="mine-page">
      <Refresh onRefresh={() => queryClient.refetchQueries({ queryKey: queryKeys.userInfo, type: 'active' })}>
        <div className="padded">
          <MineProfile />
          <MineMessageEntries />
          <List className="menu">
            <List.Item
              prefix={<UserAddOutline />}
              onClick={() => navigate('/mine/inviteFriends')}
              data-testid="mine-invite-friends"
            >
              {t('team.inviteTitle')}
            </List.Item>
            <List.Item prefix={<TeamOutline />} onClick={() => navigate('/mine/myTeam')} data-testid="mine-my-team">
              {t('team.myTeamTitle')}
            </List.Item>
            <List.Item
              prefix={<FlagOutline />}
              onClick={() => navigate('/pagesB/mine/teamRank')}
              data-testid="mine-team-rank"
            >
              {t('rank.menu')}
            </List.Item>
          </List>
          <List className="menu">
            <List.Item
              prefix={<StarOutline />}
              onClick={() => navigate('/mine/levelUser')}
              data-testid="mine-level-link"
            >
              {t('levels.menu')}
            </List.Item>
            <List.Item
              prefix={<AppstoreOutline />}
              onClick={() => navigate('/product/myProduct')}
              data-testid="mine-my-products"
            >
              {t('links.myProducts')}
            </List.Item>
            <List.Item
              prefix={<FileOutline />}
              onClick={() => navigate('/product/orderRecord')}
              data-testid="mine-order-records"
            >
              {t('links.orderRecords')}
            </List.Item>
            <List.Item
              prefix={<HistogramOutline />}
              onClick={() => navigate('/wallet/profitRecord')}
              data-testid="mine-profit-records"
            >
              {t('links.profitRecords')}
            </List.Item>
            <List.Item
              prefix={<FileOutline />}
              onClick={() => navigate('/wallet/depositRecord')}
              data-testid="mine-deposit-records"
            >
              {t('links.depositRecords')}
            </List.Item>
            <List.Item
              prefix={<FileOutline />}
              onClick={() => navigate('/wallet/withdrawRecord')}
              data-testid="mine-withdraw-records"
            >
              {t('links.withdrawRecords')}
            </List.Item>
            <List.Item
              prefix={<FileOutline />}
              onClick={() => navigate('/wallet/pointsRecord')}
              data-testid="mine-points-records"
            >
              {t('links.pointsRecords')}
            </List.Item>
          </List>
          <List className="menu">
            <List.Item
              prefix={<EnvironmentOutline />}
              onClick={() => navigate('/pagesB/wallet/myAddress')}
              data-testid="mine-address"
            >
              {t('address.menu')}
            </List.Item>
            <List.Item prefix={<CouponOutline />} onClick={() => navigate('/mine/coupons')} data-testid="mine-coupons">
              {t('coupons.menu')}
            </List.Item>
            <List.Item prefix={<GiftOutline />} onClick={() => navigate('/mine/redeem')} data-testid="mine-redeem">
              {t('redeem.menu')}
            </List.Item>
          </List>
          <MineDraws />
          <MineEventEntries />
          <List className="menu">
            <List.Item prefix={<UserOutline />} onClick={() => navigate('/mine/userInfo')} data-testid="mine-user-info">
              {t('profile.title')}
            </List.Item>
            <List.Item prefix={<SetOutline />} onClick={() => navigate('/mine/settings')} data-testid="mine-settings">
              {t('settings.title')}
            </List.Item>
            <List.Item
              prefix={<LockOutline />}
              onClick={() => navigate('/mine/updatePassword')}
              data-testid="mine-change-password"
            >
              {t('mine.changePassword')}
            </List.Item>
            <PayPasswordItem />
            <List.Item
              prefix={<GlobalOutline />}
              extra={LANGUAGE_NAMES[language]}
              onClick={() => setPicker(true)}
              data-testid="mine-language"
            >
              {t('mine.language')}
            </List.Item>
          </List>
          <button type="button" className="logout-button" data-testid="logout" onClick={logout}>
            {t('mine.logout')}
          </button>
        </div>
      </Refresh>
      <LanguagePicker visible={picker} onClose={() => setPicker(false)} />
    </Page>
  );
}
