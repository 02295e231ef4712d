import { Toast } from 'antd-mobile';
import i18n from '../i18n';
import { navigateTo } from '../lib/navigation';
import { queryClient } from '../lib/queryClient';
import { sessionStore } from '../store/session';
import { createClient } from './client';

export { ApiError } from './client';

/**
 * The one client of the app (docs/product.md#request-client), wired to antd-mobile toasts, the
 * router and the session store.
 */
export const client = createClient({
  fetch: (...args) => globalThis.fetch(...args),
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
