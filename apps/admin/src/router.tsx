import { adminApi } from '@app/contracts';
import { Button, Result } from 'antd';
import { createBrowserRouter, useNavigate } from 'react-router';
import { AppLayout } from './components/AppLayout.tsx';
import { PlatformSettings } from './components/PlatformSettings.tsx';
import { RequireAuth, RequireRole } from './components/RequireAuth.tsx';
import { AdminsPage } from './pages/admins/AdminsPage.tsx';
import { AuditPage } from './pages/audit/AuditPage.tsx';
import { DepositsPage } from './pages/cash/DepositsPage.tsx';
import { PayoutAccountsPage } from './pages/cash/PayoutAccountsPage.tsx';
import { WithdrawalsPage } from './pages/cash/WithdrawalsPage.tsx';
import { ConfigPage } from './pages/config/ConfigPage.tsx';
import { CommentsPage } from './pages/content/CommentsPage.tsx';
import { ContentPage } from './pages/content/ContentPage.tsx';
import { CouponsPage } from './pages/coupons/CouponsPage.tsx';
import { DashboardPage } from './pages/dashboard/DashboardPage.tsx';
import { DrawCampaignsPage } from './pages/draws/DrawCampaignsPage.tsx';
import { DrawRecordsPage } from './pages/draws/DrawRecordsPage.tsx';
import { EventSignupsPage } from './pages/events/EventSignupsPage.tsx';
import { EventsPage } from './pages/events/EventsPage.tsx';
import { HoldingsPage } from './pages/holdings/HoldingsPage.tsx';
import { LoginPage } from './pages/login/LoginPage.tsx';
import { BroadcastPage } from './pages/messages/BroadcastPage.tsx';
import { ContactInboxPage } from './pages/messages/ContactInboxPage.tsx';
import { OrdersPage } from './pages/orders/OrdersPage.tsx';
import { OutboxPage } from './pages/outbox/OutboxPage.tsx';
import { ProductsPage } from './pages/products/ProductsPage.tsx';
import { RankCyclePage } from './pages/rank/RankCyclePage.tsx';
import { TeamRankPage } from './pages/rank/TeamRankPage.tsx';
import { RedeemBatchesPage } from './pages/redeem/RedeemBatchesPage.tsx';
import { RedeemCodesPage } from './pages/redeem/RedeemCodesPage.tsx';
import { UserDetailPage } from './pages/users/UserDetailPage.tsx';
import { UsersPage } from './pages/users/UsersPage.tsx';
import { VipLevelsPage } from './pages/vip/VipLevelsPage.tsx';

function NotFound() {
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title="Page not found"
      subTitle="The address may be mistyped, or the screen was moved."
      extra={
        <Button type="primary" onClick={() => navigate('/')}>
          Go to the dashboard
        </Button>
      }
    />
  );
}

const { admin, products, cash } = adminApi;

export const router = createBrowserRouter(
  [
    { path: '/login', element: <LoginPage /> },
    {
      path: '/',
      element: (
        <RequireAuth>
          <PlatformSettings>
            <AppLayout />
          </PlatformSettings>
        </RequireAuth>
      ),
      children: [
        { index: true, element: <DashboardPage /> },
        {
          path: 'users',
          element: (
            <RequireRole endpoint={admin.users}>
              <UsersPage />
            </RequireRole>
          ),
        },
        {
          path: 'users/:id',
          element: (
            <RequireRole endpoint={admin.users}>
              <UserDetailPage />
            </RequireRole>
          ),
        },
        {
          path: 'products',
          element: (
            <RequireRole endpoint={products.products}>
              <ProductsPage />
            </RequireRole>
          ),
        },
        {
          path: 'orders',
          element: (
            <RequireRole endpoint={products.orders}>
              <OrdersPage />
            </RequireRole>
          ),
        },
        {
          path: 'holdings',
          element: (
            <RequireRole endpoint={products.holdings}>
              <HoldingsPage />
            </RequireRole>
          ),
        },
        {
          path: 'withdrawals',
          element: (
            <RequireRole endpoint={cash.withdrawals}>
              <WithdrawalsPage />
            </RequireRole>
          ),
        },
        {
          path: 'deposits',
          element: (
            <RequireRole endpoint={cash.deposits}>
              <DepositsPage />
            </RequireRole>
          ),
        },
        {
          path: 'payout-accounts',
          element: (
            <RequireRole endpoint={cash.payoutAccounts}>
              <PayoutAccountsPage />
            </RequireRole>
          ),
        },
        {
          path: 'vip-levels',
          element: (
            <RequireRole endpoint={adminApi.vip.levels}>
              <VipLevelsPage />
            </RequireRole>
          ),
        },
        {
          path: 'team-rank',
          element: (
            <RequireRole endpoint={adminApi.rank.cycles}>
              <TeamRankPage />
            </RequireRole>
          ),
        },
        {
          path: 'team-rank/:id',
          element: (
            <RequireRole endpoint={adminApi.rank.cycle}>
              <RankCyclePage />
            </RequireRole>
          ),
        },
        {
          path: 'draws',
          element: (
            <RequireRole endpoint={adminApi.draws.campaigns}>
              <DrawCampaignsPage />
            </RequireRole>
          ),
        },
        {
          path: 'draws/records',
          element: (
            <RequireRole endpoint={adminApi.draws.records}>
              <DrawRecordsPage />
            </RequireRole>
          ),
        },
        {
          path: 'coupons',
          element: (
            <RequireRole endpoint={adminApi.coupons.list}>
              <CouponsPage />
            </RequireRole>
          ),
        },
        {
          path: 'redeem-codes',
          element: (
            <RequireRole endpoint={adminApi.redeem.batches}>
              <RedeemBatchesPage />
            </RequireRole>
          ),
        },
        {
          path: 'redeem-codes/:id',
          element: (
            <RequireRole endpoint={adminApi.redeem.codes}>
              <RedeemCodesPage />
            </RequireRole>
          ),
        },
        {
          path: 'events',
          element: (
            <RequireRole endpoint={adminApi.events.list}>
              <EventsPage />
            </RequireRole>
          ),
        },
        {
          path: 'events/:id/signups',
          element: (
            <RequireRole endpoint={adminApi.events.signups}>
              <EventSignupsPage />
            </RequireRole>
          ),
        },
        {
          path: 'content/:type?',
          element: (
            <RequireRole endpoint={adminApi.content.list}>
              <ContentPage />
            </RequireRole>
          ),
        },
        {
          path: 'comments',
          element: (
            <RequireRole endpoint={adminApi.content.comments}>
              <CommentsPage />
            </RequireRole>
          ),
        },
        {
          path: 'messages',
          element: (
            <RequireRole endpoint={adminApi.messages.broadcasts}>
              <BroadcastPage />
            </RequireRole>
          ),
        },
        {
          path: 'contact',
          element: (
            <RequireRole endpoint={adminApi.messages.inbox}>
              <ContactInboxPage />
            </RequireRole>
          ),
        },
        {
          path: 'config',
          element: (
            <RequireRole endpoint={admin.getConfig}>
              <ConfigPage />
            </RequireRole>
          ),
        },
        {
          path: 'outbox',
          element: (
            <RequireRole endpoint={admin.outbox}>
              <OutboxPage />
            </RequireRole>
          ),
        },
        {
          path: 'audit',
          element: (
            <RequireRole endpoint={admin.audit}>
              <AuditPage />
            </RequireRole>
          ),
        },
        {
          path: 'admins',
          element: (
            <RequireRole endpoint={admin.admins}>
              <AdminsPage />
            </RequireRole>
          ),
        },
        { path: '*', element: <NotFound /> },
      ],
    },
  ],
  { basename: '/admin' },
);
