import { PullToRefresh } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** antd-mobile PullToRefresh with translated texts (threshold 45, docs/product.md#shared-widgets). */
export function Refresh({ onRefresh, children }: { onRefresh: () => Promise<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <PullToRefresh
      // Both given in pixels: left out, antd-mobile measures its default on every render, which
      // makes the browser lay the whole page out there and then.
      headHeight={40}
      threshold={45}
      onRefresh={async () => {
        await onRefresh();
      }}
      pullingText={t('common.pullToRefresh')}
      canReleaseText={t('common.releaseToRefresh')}
      refreshingText={t('common.refreshing')}
      completeText={t('common.refreshed')}
    >
      {children}
    </PullToRefresh>
  );
}
