import { registerSW } from 'virtual:pwa-register';
import { Dialog } from 'antd-mobile';
import { useEffect } from 'react';
import i18n from '../i18n';
import { UPDATE_CHECK_INTERVAL_MS } from './UpdateChecker';

let registered = false;
let asking = false;

/**
 * Registers sw.js, which keeps the app's files for use without a network. When it has fetched a
 * new build, the user is asked before the page reloads into it (a form being filled stays until then).
 */
export function ServiceWorkerUpdates() {
  useEffect(() => {
    if (registered || !('serviceWorker' in navigator)) return;
    registered = true;
    const update = registerSW({
      onNeedRefresh() {
        // The worker can say so more than once for one version (the page's check and the
        // browser's own): one question is enough.
        if (asking) return;
        asking = true;
        void Dialog.confirm({
          title: i18n.t('update.title'),
          content: i18n.t('update.appReady'),
          confirmText: i18n.t('common.reload'),
          cancelText: i18n.t('update.later'),
          onConfirm: () => {
            // vite-plugin-pwa reloads only for a worker it counts as its own update; one found by a
            // page that installed the first worker in this same visit counts as another's, and the
            // page would stay on the old version. Reload whenever the new worker takes over.
            navigator.serviceWorker.addEventListener('controllerchange', () => window.location.reload(), {
              once: true,
            });
            return update(true);
          },
        }).finally(() => {
          asking = false;
        });
      },
      // Browsers look for a new sw.js on navigation; an app left open looks as often as for a new version.
      onRegisteredSW(_url, registration) {
        if (registration) setInterval(() => void registration.update(), UPDATE_CHECK_INTERVAL_MS);
      },
    });
  }, []);
  return null;
}
