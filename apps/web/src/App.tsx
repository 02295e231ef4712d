import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorBoundary } from 'react-error-boundary';
import { I18nextProvider } from 'react-i18next';
import { BrowserRouter } from 'react-router';
import { RouteError } from './components/RouteStates';
import i18n from './i18n';
import { queryClient } from './lib/queryClient';
import { AppRoutes } from './router';
import { useSession } from './store/session';

export function App() {
  const language = useSession((s) => s.language);
  useEffect(() => {
    // Writing the attribute, even unchanged, makes the browser restyle the whole page.
    if (document.documentElement.lang !== language) document.documentElement.lang = language;
    if (i18n.language !== language) void i18n.changeLanguage(language);
  }, [language]);
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ErrorBoundary FallbackComponent={RouteError}>
            <AppRoutes />
          </ErrorBoundary>
        </BrowserRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
