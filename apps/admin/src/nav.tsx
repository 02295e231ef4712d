import {
  AppstoreOutlined,
  AuditOutlined,
  BankOutlined,
  CalendarOutlined,
  ClusterOutlined,
  CommentOutlined,
  CreditCardOutlined,
  CrownOutlined,
  CustomerServiceOutlined,
  DashboardOutlined,
  FileTextOutlined,
  GiftOutlined,
  MailOutlined,
  NotificationOutlined,
  ProfileOutlined,
  SafetyOutlined,
  SettingOutlined,
  ShoppingCartOutlined,
  TagOutlined,
  TeamOutlined,
  ThunderboltOutlined,
  TrophyOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import { type AdminRole, adminApi, type Endpoint } from '@app/contracts';
import type { ReactNode } from 'react';
import { allowed } from './api.ts';

/** One screen of the side menu. `endpoint` is the call the screen needs: it decides who sees it. */
export interface Screen {
  key: string;
  path: string;
  label: string;
  icon: ReactNode;
  endpoint: Pick<Endpoint, 'roles'>;
  /** A count shown next to the label (from the cash summary). */
  badge?: 'pendingReview';
}

export const SCREENS: Screen[] = [
  {
    key: 'dashboard',
    path: '/',
    label: 'Dashboard',
    icon: <DashboardOutlined aria-hidden />,
    endpoint: adminApi.admin.dashboard,
  },
  { key: 'users', path: '/users', label: 'Users', icon: <TeamOutlined aria-hidden />, endpoint: adminApi.admin.users },
  {
    key: 'products',
    path: '/products',
    label: 'Products',
    icon: <AppstoreOutlined aria-hidden />,
    endpoint: adminApi.products.products,
  },
  {
    key: 'orders',
    path: '/orders',
    label: 'Orders',
    icon: <ShoppingCartOutlined aria-hidden />,
    endpoint: adminApi.products.orders,
  },
  {
    key: 'holdings',
    path: '/holdings',
    label: 'Holdings',
    icon: <ClusterOutlined aria-hidden />,
    endpoint: adminApi.products.holdings,
  },
  {
    key: 'withdrawals',
    path: '/withdrawals',
    label: 'Withdrawals',
    icon: <WalletOutlined aria-hidden />,
    endpoint: adminApi.cash.withdrawals,
    badge: 'pendingReview',
  },
  {
    key: 'deposits',
    path: '/deposits',
    label: 'Deposits',
    icon: <BankOutlined aria-hidden />,
    endpoint: adminApi.cash.deposits,
  },
  {
    key: 'payout-accounts',
    path: '/payout-accounts',
    label: 'Payout accounts',
    icon: <CreditCardOutlined aria-hidden />,
    endpoint: adminApi.cash.payoutAccounts,
  },
  {
    key: 'vip-levels',
    path: '/vip-levels',
    label: 'VIP levels',
    icon: <CrownOutlined aria-hidden />,
    endpoint: adminApi.vip.levels,
  },
  {
    key: 'team-rank',
    path: '/team-rank',
    label: 'Team rank',
    icon: <TrophyOutlined aria-hidden />,
    endpoint: adminApi.rank.cycles,
  },
  {
    key: 'draws',
    path: '/draws',
    label: 'Draws',
    icon: <ThunderboltOutlined aria-hidden />,
    endpoint: adminApi.draws.campaigns,
  },
  {
    key: 'draw-records',
    path: '/draws/records',
    label: 'Draw records',
    icon: <ProfileOutlined aria-hidden />,
    endpoint: adminApi.draws.records,
  },
  {
    key: 'coupons',
    path: '/coupons',
    label: 'Coupons',
    icon: <TagOutlined aria-hidden />,
    endpoint: adminApi.coupons.list,
  },
  {
    key: 'redeem-codes',
    path: '/redeem-codes',
    label: 'Redeem codes',
    icon: <GiftOutlined aria-hidden />,
    endpoint: adminApi.redeem.batches,
  },
  {
    key: 'events',
    path: '/events',
    label: 'Events',
    icon: <CalendarOutlined aria-hidden />,
    endpoint: adminApi.events.list,
  },
  {
    key: 'content',
    path: '/content',
    label: 'Content',
    icon: <FileTextOutlined aria-hidden />,
    endpoint: adminApi.content.list,
  },
  {
    key: 'comments',
    path: '/comments',
    label: 'Comments',
    icon: <CommentOutlined aria-hidden />,
    endpoint: adminApi.content.comments,
  },
  {
    key: 'messages',
    path: '/messages',
    label: 'System messages',
    icon: <NotificationOutlined aria-hidden />,
    endpoint: adminApi.messages.broadcasts,
  },
  {
    key: 'contact-inbox',
    path: '/contact',
    label: 'Contact inbox',
    icon: <CustomerServiceOutlined aria-hidden />,
    endpoint: adminApi.messages.inbox,
  },
  {
    key: 'config',
    path: '/config',
    label: 'Configuration',
    icon: <SettingOutlined aria-hidden />,
    endpoint: adminApi.admin.getConfig,
  },
  {
    key: 'outbox',
    path: '/outbox',
    label: 'Outbox',
    icon: <MailOutlined aria-hidden />,
    endpoint: adminApi.admin.outbox,
  },
  {
    key: 'audit',
    path: '/audit',
    label: 'Audit log',
    icon: <AuditOutlined aria-hidden />,
    endpoint: adminApi.admin.audit,
  },
  {
    key: 'admins',
    path: '/admins',
    label: 'Admin users',
    icon: <SafetyOutlined aria-hidden />,
    endpoint: adminApi.admin.admins,
  },
];

export function screensFor(role: AdminRole): Screen[] {
  return SCREENS.filter((screen) => allowed(role, screen.endpoint));
}

/** The menu key of a location: the screen whose path is the longest prefix. */
export function screenKeyOf(pathname: string): string | undefined {
  const matches = SCREENS.filter((screen) =>
    screen.path === '/' ? pathname === '/' : pathname === screen.path || pathname.startsWith(`${screen.path}/`),
  );
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.key;
}
