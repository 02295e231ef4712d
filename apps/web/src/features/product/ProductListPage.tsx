import { CYCLES, type Cycle } from '@app/contracts';
import { Tabs } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useProducts } from '../../api/hooks';
import { Page } from '../../components/Page';
import { Refresh } from '../../components/Refresh';
import { EmptyState, LoadError, LoadingSkeleton } from '../../components/States';
import { sessionStore, useSession } from '../../store/session';
import { ProductCard } from './ProductCard';

export type { Cycle };
export { CYCLES };

/** Products by cycle; the chosen tab is kept in the store (docs/product.md#client-held-values). */
export default function ProductListPage() {
  const { t } = useTranslation();
  const stored = useSession((s) => s.productTab);
  const cycle: Cycle = (CYCLES as readonly string[]).includes(stored) ? stored : 'hour';
  const query = useProducts(cycle);

  let body: ReactNode;
  if (query.isPending) body = <LoadingSkeleton lines={6} />;
  else if (query.isError && !query.data) body = <LoadError onRetry={() => void query.refetch()} />;
  else if (query.data.length === 0)
    body = <EmptyState title={t('product.empty')} description={t('product.emptyHint')} testId="product-empty" />;
  else body = query.data.map((product) => <ProductCard key={product.id} product={product} />);

  return (
    <Page title={t('product.title')} back={false} padded={false} testId="product-page">
      <Tabs activeKey={cycle} onChange={(key) => sessionStore.set({ productTab: key as Cycle })} className="cycle-tabs">
        {CYCLES.map((c) => (
          <Tabs.Tab key={c} title={<span data-testid={`product-tab-${c}`}>{t(`product.${c}`)}</span>} />
        ))}
      </Tabs>
      <Refresh onRefresh={() => query.refetch()}>
        <div className="padded" data-testid="product-list">
          {body}
        </div>
      </Refresh>
    </Page>
  );
}
