import { Toast } from 'antd-mobile';
import i18n from '../i18n';
import { navigateTo } from '../lib/navigation';
import { queryClient } from '../lib/queryClient';
import { sessionStore } from '../store/session';
import { createClient } from './client';

export { ApiError } from './client';

/**
 * Each request starts in a task of its own. A screen's queries start together, as React mounts
 * it, and a phone spends a few milliseconds in each fetch(): home's nine requests in one task held
 * its main thread for some 200 ms (docs/benchmarks.md). Apart, they let the browser draw between.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

/**
 * The one client of the app (docs/product.md#request-client), wired to antd-mobile toasts, the
 * router and the session store.
 */
export const client = createClient({
  fetch: async (...args) => {
    await nextTask();
    return globalThis.fetch(...args);
  },
  toast: (content, duration) => {
    Toast.show({ content, duration });
  },
  navigate: (path) => navigateTo(path, { replace: true }),
  getToken: () => sessionStore.get().token,
  getLanguage: () => sessionStore.get().language,
  expireSession: () => {
    sessionStore.wipe(true);
    queryClient.clear();
  },
  setMaintainTime: (maintainTime) => sessionStore.set({ maintainTime }),
  t: (key) => i18n.t(`client.${key}`),
});

export const call = client.call;
