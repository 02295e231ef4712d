import { LogoutOutlined, MenuOutlined } from '@ant-design/icons';
import { Badge, Button, Drawer, Grid, Layout, Menu, Space, Tag, Typography } from 'antd';
import { Suspense, useEffect, useState } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { useAdmin, useAuth } from '../auth.tsx';
import { screenKeyOf, screensFor } from '../nav.tsx';
import { useCashSummary } from '../pages/cash/queries.ts';
import { PageSkeleton } from './PageSkeleton.tsx';

export const ROLE_COLORS: Record<string, string> = {
  owner: 'gold',
  finance: 'green',
  support: 'blue',
  content: 'purple',
};

export function AppLayout() {
  const admin = useAdmin();
  const { signOut } = useAuth();
  const location = useLocation();
  // Below antd's md (768 px) the side menu folds into a drawer and the header keeps to the essentials.
  const phone = !Grid.useBreakpoint().md;
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const selected = screenKeyOf(location.pathname);
  const cash = useCashSummary();
  const pendingReview = cash.data?.pendingReview ?? 0;

  // A page opened from the drawer closes it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new address
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  const items = screensFor(admin.role).map((screen) => ({
    key: screen.key,
    icon: screen.icon,
    label: (
      <Link to={screen.path} data-testid={`nav-${screen.key}`}>
        {screen.label}
        {screen.badge === 'pendingReview' && pendingReview > 0 && (
          <Badge
            count={pendingReview}
            overflowCount={999}
            size="small"
            style={{ marginInlineStart: 8, boxShadow: 'none' }}
            title={`${pendingReview} waiting for review`}
            data-testid="badge-pending-review"
          />
        )}
      </Link>
    ),
  }));
  const menu = (theme: 'dark' | 'light') => (
    <nav aria-label="Main">
      <Menu theme={theme} mode="inline" selectedKeys={selected ? [selected] : []} items={items} />
    </nav>
  );
  const signOutNow = async () => {
    setSigningOut(true);
    await signOut();
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      {!phone && (
        <Layout.Sider collapsible collapsed={collapsed} onCollapse={setCollapsed} breakpoint="lg" width={220}>
          <div
            style={{
              height: 56,
              display: 'flex',
              alignItems: 'center',
              padding: '0 20px',
              color: '#fff',
              fontWeight: 600,
              fontSize: 16,
              whiteSpace: 'nowrap',
              overflow: 'hidden',
            }}
          >
            {collapsed ? 'BO' : 'Back office'}
          </div>
          {menu('dark')}
        </Layout.Sider>
      )}
      {phone && (
        <Drawer
          title="Back office"
          placement="left"
          size={260}
          open={drawerOpen}
          onClose={() => setDrawerOpen(false)}
          styles={{ body: { padding: 0 } }}
          id="main-menu"
        >
          {menu('light')}
        </Drawer>
      )}
      <Layout style={{ minWidth: 0 }}>
        <Layout.Header
          style={{
            background: '#fff',
            padding: phone ? '0 8px' : '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: phone ? 'space-between' : 'flex-end',
            gap: 8,
            borderBottom: '1px solid #f0f0f0',
          }}
        >
          {phone && (
            <Space size={4} style={{ minWidth: 0 }}>
              <Button
                type="text"
                icon={<MenuOutlined aria-hidden />}
                aria-label="Open the menu"
                aria-expanded={drawerOpen}
                aria-controls="main-menu"
                onClick={() => setDrawerOpen(true)}
                data-testid="nav-open"
              />
              <Typography.Text strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>
                Back office
              </Typography.Text>
            </Space>
          )}
          <Space size={phone ? 'small' : 'middle'}>
            <Space size={6}>
              {!phone && <Typography.Text data-testid="admin-email">{admin.email}</Typography.Text>}
              <Tag color={ROLE_COLORS[admin.role]} style={{ marginInlineEnd: 0 }} data-testid="admin-role">
                {admin.role}
              </Tag>
            </Space>
            <Button
              icon={<LogoutOutlined aria-hidden />}
              loading={signingOut}
              aria-label={phone ? 'Sign out' : undefined}
              title={phone ? `Sign out ${admin.email}` : undefined}
              data-testid="sign-out"
              onClick={signOutNow}
            >
              {phone ? null : 'Sign out'}
            </Button>
          </Space>
        </Layout.Header>
        <Layout.Content id="main" tabIndex={-1} style={{ padding: phone ? 12 : 24, outline: 'none' }}>
          <Suspense fallback={<PageSkeleton />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
