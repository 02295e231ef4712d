import Button from 'antd-mobile/es/components/button';
import { createErrorBlock } from 'antd-mobile/es/components/error-block/create-error-block';
import { disconnectedImage } from 'antd-mobile/es/components/error-block/images/disconnected';
import { type ComponentType, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingSkeleton } from './LoadingSkeleton';

export const CHUNK_TIMEOUT_MS = 120_000;

export class ChunkLoadError extends Error {
  constructor() {
    super('Loading chunk failed');
    this.name = 'ChunkLoadError';
  }
}

/**
 * Rejects with ChunkLoadError when the chunk fails or has not arrived within `timeoutMs`
 * (docs/product.md#error-catalogue: 120 s).
 */
export function withChunkTimeout<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError()), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        resolve(module);
      },
      () => {
        clearTimeout(timer);
        reject(new ChunkLoadError());
      },
    );
  });
}

/**
 * React.lazy with a 120 s chunk time-out (docs/product.md#error-catalogue): a chunk that never
 * arrives fails with 'Loading chunk failed'.
 */
export function lazyPage<T extends ComponentType>(load: () => Promise<{ default: T }>, timeoutMs = CHUNK_TIMEOUT_MS) {
  let loading: Promise<{ default: T }> | undefined;
  // One download whoever asks first: the first screen's preload (router.tsx) or React.
  const preload = () => {
    loading ??= withChunkTimeout(load, timeoutMs);
    return loading;
  };
  return Object.assign(lazy(preload), { preload });
}

export type LazyPage = ReturnType<typeof lazyPage>;

export function PageFallback() {
  return (
    <div className="page">
      <div className="page-nav-placeholder" />
      <div className="page-body padded">
        <LoadingSkeleton lines={6} />
      </div>
    </div>
  );
}

/** antd-mobile's ErrorBlock with the one picture this page shows: all four would add 6 KB to the first screen. */
const ErrorBlock = createErrorBlock({ disconnected: disconnectedImage });

/** Route error element: chunk failures and render crashes both offer a reload. */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <div className="page" data-testid="route-error">
      <div className="page-body padded center-column">
        <ErrorBlock status="disconnected" title={t('common.chunkFailed')} description={t('common.chunkFailedHint')} />
        <Button color="primary" onClick={() => window.location.reload()}>
          {t('common.reload')}
        </Button>
      </div>
    </div>
  );
}
