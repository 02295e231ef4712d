import './jitless.ts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider, type ThemeConfig } from 'antd';
import enUS from 'antd/locale/en_US';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { ApiError, NETWORK_ERROR } from './api.ts';
import { AuthProvider } from './auth.tsx';
import { router } from './router.tsx';
import './styles.css';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      refetchOnWindowFocus: false,
      staleTime: 10_000,
      // Only a lost connection is worth retrying; business errors will answer the same again.
      retry: (count, error) => count < 2 && (!(error instanceof ApiError) || error.code === NETWORK_ERROR),
    },
    mutations: { retry: false },
  },
});

/**
 * antd's look with every text at WCAG AA contrast (4.5:1) on the backgrounds antd puts it on: the
 * blue (primary, and info, which links follow), the red and the secondary greys one shade darker,
 * the switches' grey darker under their white "On"/"Off", the tags' text two shades darker on their
 * pale fills. The shades are antd's own palettes (docs/decisions.md, issue 15).
 */
const THEME: ThemeConfig = {
  token: {
    colorPrimary: '#0958d9',
    // Darker on hover, not antd's lighter shade: a hovered link or button keeps its contrast.
    colorPrimaryHover: '#003eb3',
    colorLinkHover: '#003eb3',
    colorError: '#cf1322',
    colorInfo: '#0958d9',
    // Success and warning texts (Typography's "success" and "warning"): antd's own are 2.3:1 on white.
    colorSuccessText: '#237804',
    colorWarningText: '#ad4e00',
    colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
    colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
    // A field's placeholder ("No words" on an empty list) is read as text: antd's 0.25 is 1.8:1.
    colorTextPlaceholder: 'rgba(0, 0, 0, 0.55)',
    borderRadius: 6,
  },
  components: {
    Switch: { colorTextQuaternary: 'rgba(0, 0, 0, 0.55)', colorTextTertiary: 'rgba(0, 0, 0, 0.65)' },
    Tag: {
      gold7: '#874d00',
      green7: '#237804',
      orange7: '#ad4e00',
      volcano7: '#ad2102',
      colorSuccess: '#237804',
      colorWarning: '#ad4e00',
    },
  },
};

const root = document.getElementById('root');
if (!root) throw new Error('#root missing');

createRoot(root).render(
  <StrictMode>
    <ConfigProvider locale={enUS} theme={THEME}>
      <AntApp>
        <QueryClientProvider client={queryClient}>
          <AuthProvider>
            <RouterProvider router={router} />
          </AuthProvider>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  </StrictMode>,
);
