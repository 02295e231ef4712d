// The first screen's modules (this one, the layouts, RouteStates, LoadingSkeleton) take antd-mobile's pieces
// by path, never from 'antd-mobile' itself: its index reaches every component statically, which
// would put them all in the JavaScript loaded before the first screen. Hence its global styles here.
import 'antd-mobile/es/global';
import { localeOf } from '@app/contracts';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { i18nReady } from './i18n';
import { buildIntlTablesAside } from './lib/intlTables';
import { preloadPage } from './router';
import { sessionStore } from './store/session';
import './styles.css';

buildIntlTablesAside(localeOf(sessionStore.get().language));

// Three chunks arrive side by side: the chosen language (the first screen is drawn in it, never in
// keys), antd-mobile's way of showing toasts and dialogs with React 19, and the page asked for.
// Not a top-level await: that would turn off Rolldown's merging of the entry's chunks.
void Promise.all([
  i18nReady,
  import('./lib/antdRender').then((m) => m.renderAntdWithCreateRoot()),
  preloadPage(window.location.pathname),
]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  // As a transition React draws the first screen in slices and lets the browser in between,
  // instead of holding the phone's main thread for the whole tree at once.
  startTransition(() => root.render(<App />));
});
