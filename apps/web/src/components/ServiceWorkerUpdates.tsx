import { registerSW } from 'virtual:pwa-register';
import { Dialog } from 'antd-mobile';
import { useEffect } from 'react';
import i18n from '../i18n';
import { UPDATE_CHECK_INTERVAL_MS } from './UpdateChecker';

let registered = false;

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
        Dialog.confirm({
          title: i18n.t('update.title'),
          content: i18n.t('update.appReady'),
          confirmText: i18n.t('common.reload'),
          cancelText: i18n.t('update.later'),
          onConfirm: () => update(true),
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
