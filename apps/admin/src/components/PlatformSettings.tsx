import { adminApi } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { Spin } from 'antd';
import { type ReactNode, useMemo } from 'react';
import { call } from '../api.ts';
import { platformFormatOf, setPlatformFormat } from '../lib/format.ts';
import { CONFIG_KEY, withDefaults } from '../pages/config/registry.ts';
import { ErrorState } from './ErrorState.tsx';

/**
 * Reads the platform's time zone, date format and currency before any screen writes a date or an
 * amount, so none is ever shown in the browser's zone first. A saved change applies from the next
 * screen opened.
 */
export function PlatformSettings({ children }: { children: ReactNode }) {
  const query = useQuery({ queryKey: CONFIG_KEY, queryFn: () => call(adminApi.admin.getConfig, {}) });
  const format = useMemo(
    () => (query.data ? platformFormatOf(withDefaults(query.data as Record<string, unknown>)) : null),
    [query.data],
  );
  if (!format) {
    return query.isError ? (
      <div style={{ maxWidth: 560, margin: '15vh auto', padding: 24 }}>
        <ErrorState
          title="Could not load the platform's settings"
          error={query.error}
          onRetry={() => query.refetch()}
        />
      </div>
    ) : (
      <div style={{ display: 'grid', placeItems: 'center', minHeight: '100vh' }}>
        <Spin size="large" description="Loading the platform's settings…" />
      </div>
    );
  }
  // Before the children render, so the first paint already uses the platform's settings.
  setPlatformFormat(format);
  return children;
}
